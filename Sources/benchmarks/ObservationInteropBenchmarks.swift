import Observation
import ViewModelKit

/// A plain view model, as ``BenchViewModel``, for the rows where Observation reads it.
@MainActor
final class BenchTrackedViewModel: ViewModel {
    @Observed var value = 0
}

/// Case 1b: a write to a plain ``ViewModel`` (every view model reports to Observation), with no Observation tracker and with one, against
/// the same write to an `@Observable` class. Both sides re-register the tracker before each write (the
/// only way Observation keeps observing). With no tracker there are two rows: in the first, nothing
/// ever read the property, so no tracker can be watching it and the write skips Observation; in the
/// second, a tracker read the property and fired once beforehand, so from then on every change goes
/// to the registrar, as on the `@Observable` side. The two sides take turns, each going first in every
/// other repetition, so that neither gains from running after the other; the ratio is the median of
/// the repetitions' ratios (ours ÷ theirs).
@MainActor
func observationInteropRows(repeats: Int) -> [Row] {
    var rows: [Row] = []
    let cases: [(name: String, trackers: Int, readBefore: Bool)] = [
        ("property never read, so no tracker can be watching it", 0, false),
        ("property a tracker read before, none now", 0, true),
        ("1 Observation tracker", 1, true),
    ]
    for item in cases {
        let iterations = item.trackers == 0 ? 2_000_000 : 100_000

        let model = BenchTrackedViewModel()
        let observable = ObservableModel()
        let (ours, peer) = measureTrackedWritesInTurn(
            repeats: repeats, iterations: iterations, trackers: item.trackers, readBefore: item.readBefore, (
                read: { model.value }, write: { model.value = $0 }
            ), (
                read: { observable.value }, write: { observable.value = $0 }
            )
        )
        consume(observationChanges.load(ordering: .relaxed))

        // Each repetition measures both sides back to back, so the ratio of a pair is little moved by
        // what else the machine does at the time; the row's ratio is the median of the pairs' ratios.
        // With a tracker both sides do the same work (Observation's), so that median falls either
        // side of 1 from run to run: the target counts as missed only when the library was slower
        // in more of the pairs than chance explains.
        let slowdown = Samples(values: zip(ours.values, peer.values).map { $0 / $1 }).median
        let test = isSignificantlySlower(ours: ours, peer: peer)
        rows.append(Row(
            "ViewModel write, \(item.name)", unit: "ns/write", ours,
            [Comparison("@Observable write", peer.median, against: ours.median, unit: "ns/write", slowdown: slowdown)],
            target: "no slower than @Observable (slower in \(test.slower) of \(test.pairs) pairs; "
                + "\(test.threshold) would be more than chance)",
            met: !test.isSlower
        ))
    }
    return rows
}

/// How one side reads and writes its property.
typealias TrackedSide = (read: () -> Int, write: (Int) -> Void)

/// Measures the tracked writes of `first` and `second` (see ``trackedWrites(iterations:trackers:base:_:)``),
/// alternating which goes first in each repetition, after one warm-up of each; nanoseconds per write.
/// With `readBefore`, a tracker reads each side's property and fires before the warm-up.
@MainActor
private func measureTrackedWritesInTurn(
    repeats: Int, iterations: Int, trackers: Int, readBefore: Bool, _ first: TrackedSide, _ second: TrackedSide
) -> (first: Samples, second: Samples) {
    var bases = [0, 0]
    let sides = [first, second]
    for side in 0..<2 {
        if readBefore {
            withObservationTracking { consume(sides[side].read()) } onChange: {
                observationChanges.add(1, ordering: .relaxed)
            }
            sides[side].write(-1)
        }
        trackedWrites(iterations: max(1, iterations / 10), trackers: trackers, base: &bases[side], sides[side])
    }
    let clock = ContinuousClock()
    var values: [[Double]] = [[], []]
    for repetition in 0..<repeats {
        for side in repetition.isMultiple(of: 2) ? [0, 1] : [1, 0] {
            let elapsed = clock.measure {
                trackedWrites(iterations: iterations, trackers: trackers, base: &bases[side], sides[side])
            }
            values[side].append(nanoseconds(elapsed) / Double(iterations))
        }
    }
    return (Samples(values: values[0]), Samples(values: values[1]))
}

/// Writes through `side.write` `iterations` times, re-registering `trackers` Observation trackers
/// (each reading through `side.read`) before each write.
@inline(__always)
@MainActor
private func trackedWrites(iterations: Int, trackers: Int, base: inout Int, _ side: TrackedSide) {
    for i in 0..<iterations {
        for _ in 0..<trackers {
            withObservationTracking { consume(side.read()) } onChange: {
                observationChanges.add(1, ordering: .relaxed)
            }
        }
        side.write(base &+ i &+ 1)
    }
    base &+= iterations &+ 1
}
