import Observation
import Synchronization
import ViewModelKit

/// Changes Observation reported (its `onChange` is `@Sendable`).
let observationChanges = Atomic<Int>(0)

/// A view model with one observed property.
@MainActor
final class BenchViewModel: ViewModel {
    @Observed var value = 0
}

/// The same state with Apple's Observation.
@Observable
final class ObservableModel {
    var value = 0
}

/// Case 1: the cost of one observed write with 0, 1, 10 and 100 subscribers, against Observation
/// (an observer that re-registers `withObservationTracking` for every change, the only way it keeps
/// observing) and against a bare loop calling an array of closures (the floor). The property of these
/// rows is never read, so the write skips Observation. With 0 and 1 subscribers a further row writes
/// a property that was read once beforehand (as a view reads what it shows): every view model reports
/// to Observation, so from then on each real change also goes through Observation's registrar.
@MainActor
func observedWriteRows(repeats: Int) -> [Row] {
    var rows: [Row] = []
    let iterations = 2_000_000
    for subscribers in [0, 1, 10, 100] {
        // ViewModelKit.
        let model = BenchViewModel()
        var tokens: [ViewModelSubscription] = []
        for _ in 0..<subscribers { tokens.append(model.observe(\.value) { consume($0) }) }
        var base = 0
        let ours = measure(repeats: repeats, iterations: iterations) { n in
            for i in 0..<n { model.value = base &+ i &+ 1 }
            base &+= n &+ 1
        }
        withExtendedLifetime(tokens) {}

        // The same write once a read registered the property with Observation (no tracker now).
        var readBefore: Samples?
        if subscribers <= 1 {
            let readModel = BenchViewModel()
            var readTokens: [ViewModelSubscription] = []
            for _ in 0..<subscribers { readTokens.append(readModel.observe(\.value) { consume($0) }) }
            consume(readModel.value)
            var readBase = 0
            readBefore = measure(repeats: repeats, iterations: iterations / 10) { n in
                for i in 0..<n { readModel.value = readBase &+ i &+ 1 }
                readBase &+= n &+ 1
            }
            withExtendedLifetime(readTokens) {}
        }

        // The floor: store the value, call each closure with it.
        // The same handler body on both sides: a call that consumes the value.
        let closures: [(Int) -> Void] = (0..<subscribers).map { _ in { consume($0) } }
        var stored = 0
        let floor = measure(repeats: repeats, iterations: iterations) { n in
            for i in 0..<n {
                stored = i &+ 1
                for closure in closures { closure(stored) }
            }
        }
        consume(stored)

        // Observation: re-register every observer before each write.
        let observable = ObservableModel()
        let observationIterations = subscribers >= 10 ? 20_000 : 200_000
        let observation = measure(repeats: repeats, iterations: observationIterations) { n in
            for i in 0..<n {
                for _ in 0..<subscribers {
                    withObservationTracking { consume(observable.value) } onChange: {
                        observationChanges.add(1, ordering: .relaxed)
                    }
                }
                observable.value = i &+ 1
            }
        }
        consume(observationChanges.load(ordering: .relaxed))

        let name = "observed write, \(subscribers) subscriber\(subscribers == 1 ? "" : "s")"
        let unit = "ns/write"
        let observationRatio = observation.median / ours.median
        let floorRatio = ours.median / floor.median
        var target: String?
        var met: Bool?
        if subscribers == 0 {
            target = "≥ 10× faster than an @Observable write"
            met = observationRatio >= 10
        } else if subscribers == 1 {
            target = "≥ 40× faster than Observation, at most 1.5× slower than the floor"
            met = observationRatio >= 40 && floorRatio <= 1.5
        }
        rows.append(Row(
            name, unit: unit, ours, [
                Comparison(subscribers == 0 ? "@Observable write, no tracker" : "Observation (re-registering)", observation.median, against: ours.median, unit: unit),
                Comparison("closure-array floor", floor.median, against: ours.median, unit: unit),
            ], target: target, met: met
        ))
        if let readBefore {
            rows.append(Row(
                "\(name), property read before (Observation's registrar told)", unit: unit, readBefore,
                [Comparison(
                    subscribers == 0 ? "@Observable write, no tracker" : "Observation (re-registering)", observation.median,
                    against: readBefore.median, unit: unit
                )]
            ))
        }
    }
    return rows
}

/// Case 2: subscribing and cancelling, and memory per subscription and per view model.
@MainActor
func subscriptionRows(repeats: Int) -> [Row] {
    let model = BenchViewModel()
    let cycle = measure(repeats: repeats, iterations: 100_000) { n in
        for _ in 0..<n {
            let token = model.observe(\.value) { consume($0) }
            token.cancel()
        }
    }
    // The peer: what a hand-written observer list does for the same cycle.
    var handlers: [(Int) -> Void] = []
    let appendRemove = measure(repeats: repeats, iterations: 100_000) { n in
        for _ in 0..<n {
            handlers.append { consume($0) }
            handlers.removeLast()
        }
    }
    consume(handlers.count)
    let count = 10_000
    var perSubscription: [Double] = []
    var perViewModel: [Double] = []
    for _ in 0..<repeats {
        let target = BenchViewModel()
        _ = target.observe(\.value) { _ in }   // the property's list exists before counting
        let before = allocatedBytes()
        var tokens: [ViewModelSubscription] = []
        tokens.reserveCapacity(count)
        let tokensBytes = allocatedBytes() - before
        for _ in 0..<count { tokens.append(target.observe(\.value) { consume($0) }) }
        perSubscription.append(Double(allocatedBytes() - before - tokensBytes) / Double(count))
        withExtendedLifetime(tokens) {}

        var models: [BenchViewModel] = []
        models.reserveCapacity(count)
        let start = allocatedBytes()
        for _ in 0..<count { models.append(BenchViewModel()) }
        perViewModel.append(Double(allocatedBytes() - start) / Double(count))
        withExtendedLifetime(models) {}
    }
    let bytesPerSubscription = Samples(values: perSubscription)
    let bytesPerModel = Samples(values: perViewModel)
    return [
        Row("subscribe, then cancel", unit: "ns/cycle", cycle,
            [Comparison("a closure appended to an array and removed", appendRemove.median, against: cycle.median, unit: "ns/cycle")],
            target: "≤ 150 ns a cycle", met: cycle.median <= 150),
        Row("memory per live subscription", unit: "bytes", bytesPerSubscription, unavailable: allocatorCountsUnavailable),
        Row("memory per empty view model", unit: "bytes", bytesPerModel, unavailable: allocatorCountsUnavailable),
    ]
}
