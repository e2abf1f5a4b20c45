import Synchronization
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A clock that says where each of its sleeps was called: on the main actor or elsewhere, and
/// through which entry point. Every sleep returns at once.
private final class WhereClock: SleepsOnCallersIsolation, Sendable {
    typealias Instant = ContinuousClock.Instant
    typealias Duration = Swift.Duration
    let calls = Mutex<[String]>([])
    var now: Instant { .now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        record("Clock.sleep", on: #isolation)
    }

    nonisolated(nonsending) func sleepOnCallersIsolation(until deadline: Instant, tolerance: Duration?) async throws {
        record("sleepOnCallersIsolation", on: #isolation)
    }

    private func record(_ entry: String, on isolation: (any Actor)?) {
        let onMain = isolation.map { ($0 as AnyObject) === MainActor.shared } ?? false
        calls.withLock { $0.append("\(entry) \(onMain ? "on the main actor" : "elsewhere")") }
    }
}

@MainActor
final class RepeatEveryTests: XCTestCase {
    /// Each deadline comes from the previous deadline: a tick whose work takes 300 ms does not push
    /// the next tick back (a "sleep one second after the work" loop would tick at 1, 2.3, 3.6 s).
    func testTicksDoNotDriftWhenTheWorkTakesTime() async throws {
        let clock = ImmediateClock()
        var tickTimes: [Duration] = []
        do {
            try await repeatEvery(.seconds(1), on: clock) {
                tickTimes.append(clock.now.offset)
                try await clock.sleep(for: .milliseconds(300))   // the work takes time
                if tickTimes.count == 4 { throw CancellationError() }
            }
        } catch is CancellationError {}
        XCTAssertEqual(tickTimes, [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
    }

    func testStopsWhenTheTaskIsCancelled() async {
        let clock = TestClock()
        let task = Task { @MainActor in
            var ticks = 0
            do {
                try await repeatEvery(.seconds(1), on: clock) { ticks += 1 }
            } catch {}
            return ticks
        }
        await clock.advance(by: .seconds(3))
        task.cancel()
        let ticks = await task.value
        XCTAssertEqual(ticks, 3)
    }

    /// A clock whose sleeps return at once, after cancelling the sleeping task: a cancellation that
    /// comes after the deadline passed but before the task went on.
    private struct CancelledAfterSleepClock: Clock {
        var now: ContinuousClock.Instant { ContinuousClock().now }
        var minimumResolution: Duration { .zero }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            withUnsafeCurrentTask { $0?.cancel() }
        }
    }

    /// A timer cancelled while its sleep was ending does not tick again: what a key press that stops
    /// it sees, whichever came first on the main actor.
    func testACancellationThatComesAsTheSleepEndsStopsTheNextTick() async {
        var ticks = 0
        do {
            try await repeatEvery(.seconds(1), on: CancelledAfterSleepClock()) {
                ticks += 1
                if ticks == 3 { throw CancellationError() }   // ends the loop if the ticks go on
            }
        } catch {}
        XCTAssertEqual(ticks, 0)
    }

    /// A clock that sleeps on its caller's isolation is called so by `repeatEvery` and
    /// `Clock.timer`: a view model's timer on a test clock sleeps on the main actor, with no hop to
    /// the global executor to wait for.
    func testARepeatingScheduleSleepsOnTheCallersIsolationOnAClockThatAllowsIt() async throws {
        let clock = WhereClock()
        var ticks = 0
        do {
            try await repeatEvery(.seconds(1), on: clock as any Clock<Duration>) {
                ticks += 1
                if ticks == 2 { throw CancellationError() }
            }
        } catch is CancellationError {}
        for await _ in clock.timer(interval: .seconds(1)) { break }
        XCTAssertEqual(clock.calls.withLock { $0 }, Array(repeating: "sleepOnCallersIsolation on the main actor", count: 3))
    }
}
