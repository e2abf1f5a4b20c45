import Foundation
#if os(Linux)
// withObservationTracking(_:willSet:didSet:) is SwiftUI's SPI: swift-corelibs' Observation exports it,
// Xcode's SDKs have no private interface for it, so elsewhere the rows with a subscriber are left out.
@_spi(SwiftUI) import Observation
#else
import Observation
#endif
import ViewModelKit

/// A row of the collection benchmarks.
struct ListRow: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A list screen's state as a view model.
@MainActor
final class BenchListViewModel: ViewModel {
    @Observed var numbers: [Int] = []
    @Observed var rows: IdentifiedArrayOf<ListRow> = []
}

/// The same state with Apple's Observation.
@Observable
final class ObservableList {
    var numbers: [Int] = []
    var rows: IdentifiedArrayOf<ListRow> = []
}

/// Titles short enough to be stored inline, so that an edit allocates nothing on either side.
private let titles = ["row", "edited"]

/// Case 1c: in-place mutations of collections held in observed state (append to `[Int]`, append to
/// an `IdentifiedArrayOf<ListRow>`, edit one element by id in 1,000 and in 20,000 rows), with 0 and 1 subscriber, against an
/// `@Observable` class doing the same with 0 and 1 tracker. The tracker is one that stays registered
/// (`withObservationTracking(_:willSet:didSet:)`), as a subscription does. The two sides take turns,
/// each going first in every other repetition; the ratio is the median of the repetitions' ratios.
@MainActor
func collectionRows(repeats: Int) -> [Row] {
    var rows: [Row] = []
    let length = 1_000
    let initial = IdentifiedArrayOf(uniqueElements: (0..<length).map { ListRow(id: $0, title: titles[0]) })
    let largeLength = 20_000
    let large = IdentifiedArrayOf(uniqueElements: (0..<largeLength).map { ListRow(id: $0, title: titles[0]) })
    #if os(Linux)
    let subscriberCounts = [0, 1]
    #else
    let subscriberCounts = [0]
    #endif
    for subscribers in subscriberCounts {
        let model = BenchListViewModel()
        let observable = ObservableList()
        var tokens: [ViewModelSubscription] = []
        if subscribers == 1 {
            tokens.append(model.observe(\.numbers) { consume($0.count) })
            tokens.append(model.observe(\.rows) { consume($0.count) })
            #if os(Linux)
            withObservationTracking {
                consume(observable.numbers.count)
                consume(observable.rows.count)
            } willSet: { _ in
                observationChanges.add(1, ordering: .relaxed)
            } didSet: { _ in
                observationChanges.add(1, ordering: .relaxed)
            }
            #endif
        }
        let cases: [(name: String, iterations: Int, ours: (Int) -> Void, peer: (Int) -> Void)] = [
            ("append to [Int]", length * 20, { n in
                for i in 0..<n {
                    if i % length == 0 { model.numbers = [] }
                    model.numbers.append(i)
                }
            }, { n in
                for i in 0..<n {
                    if i % length == 0 { observable.numbers = [] }
                    observable.numbers.append(i)
                }
            }),
            ("append to IdentifiedArrayOf<Row>", length * 20, { n in
                for i in 0..<n {
                    if i % length == 0 { model.rows = [] }
                    model.rows.append(ListRow(id: i, title: titles[0]))
                }
            }, { n in
                for i in 0..<n {
                    if i % length == 0 { observable.rows = [] }
                    observable.rows.append(ListRow(id: i, title: titles[0]))
                }
            }),
            ("edit one element by id, 1,000 rows", length * 20, { n in
                if model.rows.count != length { model.rows = initial }
                for i in 0..<n { model.rows[id: i % length]?.title = titles[i & 1] }
            }, { n in
                if observable.rows.count != length { observable.rows = initial }
                for i in 0..<n { observable.rows[id: i % length]?.title = titles[i & 1] }
            }),
            ("edit one element by id, 20,000 rows", largeLength, { n in
                if model.rows.count != largeLength { model.rows = large }
                for i in 0..<n { model.rows[id: i % largeLength]?.title = titles[i & 1] }
            }, { n in
                if observable.rows.count != largeLength { observable.rows = large }
                for i in 0..<n { observable.rows[id: i % largeLength]?.title = titles[i & 1] }
            }),
        ]
        for item in cases {
            let (ours, peer) = measureInTurn(repeats: repeats, iterations: item.iterations, item.ours, item.peer)
            let slowdown = Samples(values: zip(ours.values, peer.values).map { $0 / $1 }).median
            let subscriberText = subscribers == 1 ? "1 subscriber" : "0 subscribers"
            // The edit by id with no subscriber has the tighter target of issue 46; the rest keep theirs.
            let bound = item.name.hasPrefix("edit") && subscribers == 0 ? 1.2 : 1.5
            rows.append(Row(
                "\(item.name), \(subscriberText)", unit: "ns/op", ours,
                [Comparison(
                    "@Observable, \(subscribers == 1 ? "1 tracker that stays registered" : "no tracker")", peer.median,
                    against: ours.median, unit: "ns/op", slowdown: slowdown
                )],
                target: "at most \(bound)× slower than @Observable", met: slowdown <= bound
            ))
        }
        // Both sides made the same mutations, so they hold the same collections; a wrong in-place
        // mutation shows here, in the release build that the unit tests do not run.
        if model.numbers != observable.numbers || model.rows != observable.rows {
            print("benchmarks: after the same mutations the view model's collections differ from the @Observable class's")
            exit(1)
        }
        withExtendedLifetime(tokens) {}
    }
    consume(observationChanges.load(ordering: .relaxed))
    return rows
}

/// Measures `first` and `second` (each runs `n` operations), alternating which goes first in each
/// repetition, after one warm-up of each; nanoseconds per operation.
@MainActor
private func measureInTurn(
    repeats: Int, iterations: Int, _ first: (Int) -> Void, _ second: (Int) -> Void
) -> (first: Samples, second: Samples) {
    first(max(1, iterations / 10))
    second(max(1, iterations / 10))
    let clock = ContinuousClock()
    var values: [[Double]] = [[], []]
    for repetition in 0..<repeats {
        for side in repetition.isMultiple(of: 2) ? [0, 1] : [1, 0] {
            let body = side == 0 ? first : second
            let elapsed = clock.measure { body(iterations) }
            values[side].append(nanoseconds(elapsed) / Double(iterations))
        }
    }
    return (Samples(values: values[0]), Samples(values: values[1]))
}
