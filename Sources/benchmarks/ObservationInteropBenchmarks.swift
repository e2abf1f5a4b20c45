import Observation
import ViewModelKit

/// The view model of ``BenchViewModel`` that Observation also sees.
@MainActor
final class BenchObservableViewModel: ObservableViewModel {
    @Observed var value = 0
}

/// Case 1b: a write to an ``ObservableViewModel``, with no Observation tracker and with one, against
/// the same write to an `@Observable` class. Both sides re-register the tracker before each write (the
/// only way Observation keeps observing). In the row with no tracker, a tracker has read the property
/// and fired once beforehand, so the registrar exists on both sides.
@MainActor
func observationInteropRows(repeats: Int) -> [Row] {
    var rows: [Row] = []
    for trackers in [0, 1] {
        let iterations = trackers == 0 ? 2_000_000 : 200_000

        let model = BenchObservableViewModel()
        let ours = measureTrackedWrites(repeats: repeats, iterations: iterations, trackers: trackers) {
            model.value
        } write: {
            model.value = $0
        }
        let observable = ObservableModel()
        let peer = measureTrackedWrites(repeats: repeats, iterations: iterations, trackers: trackers) {
            observable.value
        } write: {
            observable.value = $0
        }
        consume(observationChanges.load(ordering: .relaxed))

        let ratio = peer.median / ours.median
        rows.append(Row(
            benchmark: "ObservableViewModel write, \(trackers == 0 ? "no tracker" : "1 Observation tracker")",
            measured: "ViewModelKit", unit: "ns/write", median: ours.median, min: ours.min, max: ours.max,
            peer: "@Observable write", peerMedian: peer.median, ratio: ratio,
            target: "no slower than @Observable", met: ratio >= 1
        ))
    }
    return rows
}

/// Writes through `write`, re-registering `trackers` Observation trackers (each reading through
/// `read`) before each write; beforehand, one tracker reads and fires so that the registrar exists.
@inline(__always)
@MainActor
private func measureTrackedWrites(
    repeats: Int,
    iterations: Int,
    trackers: Int,
    read: () -> Int,
    write: (Int) -> Void
) -> Samples {
    withObservationTracking { consume(read()) } onChange: { observationChanges.add(1, ordering: .relaxed) }
    write(-1)
    var base = 0
    return measure(repeats: repeats, iterations: iterations) { n in
        for i in 0..<n {
            for _ in 0..<trackers {
                withObservationTracking { consume(read()) } onChange: {
                    observationChanges.add(1, ordering: .relaxed)
                }
            }
            write(base &+ i &+ 1)
        }
        base &+= n &+ 1
    }
}
