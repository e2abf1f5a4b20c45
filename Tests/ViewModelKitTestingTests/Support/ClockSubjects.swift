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

/// Yields (no real waiting) until `clock` has `count` pending sleepers, so a test knows the tasks
/// it started have reached their sleeps.
func waitForSleepers(_ clock: TestClock, count: Int) async {
    var attempts = 0
    while clock.pendingSleepers.count < count, attempts < 10_000 {
        attempts += 1
        await Task.yield()
    }
}

func at(_ seconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(seconds))
}
