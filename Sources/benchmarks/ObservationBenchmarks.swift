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
        let observationRatio = observation.median / ours.median
        let floorRatio = ours.median / floor.median
        var observationTarget: String?
        var observationMet: Bool?
        if subscribers == 0 {
            observationTarget = "≥ 10× cheaper than an @Observable write"
            observationMet = observationRatio >= 10
        } else if subscribers == 1 {
            observationTarget = "≥ 40× faster than Observation"
            observationMet = observationRatio >= 40
        }
        rows.append(Row(
            benchmark: name, measured: "ViewModelKit", unit: "ns/write", median: ours.median, min: ours.min, max: ours.max,
            peer: "Observation (re-registering)", peerMedian: observation.median, ratio: observationRatio,
            target: observationTarget, met: observationMet
        ))
        rows.append(Row(
            benchmark: name, measured: "ViewModelKit", unit: "ns/write", median: ours.median, min: ours.min, max: ours.max,
            peer: "closure-array floor", peerMedian: floor.median, ratio: 1 / floorRatio,
            target: subscribers == 1 ? "within 1.5× of the floor" : nil, met: subscribers == 1 ? floorRatio <= 1.5 : nil
        ))
        if let readBefore {
            rows.append(Row(
                benchmark: "\(name), property read before (Observation's registrar told)", measured: "ViewModelKit",
                unit: "ns/write", median: readBefore.median, min: readBefore.min, max: readBefore.max,
                peer: "Observation (re-registering)", peerMedian: observation.median,
                ratio: observation.median / readBefore.median
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
        Row(benchmark: "subscribe, then cancel", measured: "ViewModelKit", unit: "ns/cycle", median: cycle.median, min: cycle.min, max: cycle.max),
        Row(benchmark: "memory per live subscription", measured: "ViewModelKit", unit: "bytes", median: bytesPerSubscription.median,
            min: bytesPerSubscription.min, max: bytesPerSubscription.max, unavailable: allocatorCountsUnavailable),
        Row(benchmark: "memory per empty view model", measured: "ViewModelKit", unit: "bytes", median: bytesPerModel.median,
            min: bytesPerModel.min, max: bytesPerModel.max, unavailable: allocatorCountsUnavailable),
    ]
}
