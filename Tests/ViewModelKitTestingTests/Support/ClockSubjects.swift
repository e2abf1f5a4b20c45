import Synchronization
import ViewModelKitTesting
import XCTest

/// Main-actor state that woken sleepers write to.
@MainActor
final class Log {
    var entries: [String] = []
    var ticks = 0
}

/// A view-model-like poller that only knows it has *some* clock.
@MainActor
final class Poller {
    let clock: any Clock<Duration>
    var polls = 0

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    func start() -> Task<Void, Never> {
        Task { @MainActor in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: .seconds(1))
                } catch {
                    return
                }
                polls += 1
            }
        }
    }
}

/// Thread-safe counter for work that is not isolated to an actor.
final class Counter: Sendable {
    private let value = Mutex(0)

    var count: Int {
        value.withLock { $0 }
    }

    func increment() {
        value.withLock { $0 += 1 }
    }
}

/// Yields until `condition` holds or ten seconds of real time pass. Work that hops to the global
/// executor (a sleep through `Clock.sleep(for:)`, which is not isolated to its caller) runs in
/// parallel with the test, and on a loaded machine it can take longer than any number of yields:
/// a test that passes returns as soon as the condition holds, one that fails waits the ten seconds.
@MainActor
func yieldUntil(_ condition: @MainActor () -> Bool) async {
    let giveUp = ContinuousClock.now.advanced(by: .seconds(10))
    while !condition(), ContinuousClock.now < giveUp {
        await Task.yield()
    }
}

/// Yields until `clock` has `count` pending sleepers, so a test knows the tasks it started have
/// reached their sleeps.
@MainActor
func waitForSleepers(_ clock: TestClock, count: Int) async {
    await yieldUntil { clock.pendingSleepers.count >= count }
}

func at(_ seconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(seconds))
}

/// A clock whose every sleep takes `hops` turns of the main actor's queue before it reaches the
/// test clock behind it: a call into `sleep` whose hop to the global executor a loaded machine runs
/// late, made certain. Each turn goes behind the main-actor work already queued, so a test that
/// yields on the main actor fewer than `hops` times never sees the sleeper arrive.
struct LateArrivingClock: Clock {
    typealias Instant = TestClock.Instant
    typealias Duration = Swift.Duration

    let base: TestClock
    let hops: Int

    var now: Instant { base.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        for _ in 0..<hops {
            await MainActor.run {}
        }
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
