import Synchronization
import enum TestSupport.FullStress
import ViewModelKit
import ViewModelKitTesting
import XCTest

// MARK: - TestClock

final class TestClockTests: XCTestCase {
    /// The key scenario: a main-actor once-a-second loop whose deadlines are derived from the
    /// previous deadline, driven through 10 minutes of test time by one `advance`.
    @MainActor
    /// Ten simulated minutes under `VMK_FULL_STRESS`, one otherwise.
    func testMainActorLoopTicksOnceASecondForTenMinutes() async {
        let seconds = FullStress.count(60, full: 600)
        let clock = TestClock()
        let log = Log()
        let task = Task { @MainActor in
            var next = clock.now.advanced(by: .seconds(1))
            while !Task.isCancelled {
                try await clock.sleep(until: next, tolerance: nil)
                next = next.advanced(by: .seconds(1))
                log.ticks += 1
            }
        }

        await clock.advance(by: .seconds(seconds))

        XCTAssertEqual(log.ticks, seconds)
        XCTAssertEqual(clock.now, at(seconds))
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(seconds + 1)])
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
        XCTAssertEqual(log.ticks, seconds)
    }

    /// Outside main-actor scheduling, a timer's way back into `sleep` can outlast every yield
    /// `advance` makes (its call hops to the global executor, and a loaded machine runs it late).
    /// `advance` still waits for a task woken in `repeatEvery` to sleep again before it moves on,
    /// so no tick is lost.
    @MainActor
    func testATimerWhoseWayBackIntoSleepOutlastsTheYieldsStillTicksEverySecond() async {
        let clock = TestClock()
        let late = LateArrivingClock(base: clock, hops: 200)
        let log = Log()
        let task = Task { @MainActor in
            try await repeatEvery(.seconds(1), on: late) { log.ticks += 1 }
        }
        await waitForSleepers(clock, count: 1)

        await clock.advance(by: .seconds(5))

        XCTAssertEqual(log.ticks, 5)
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(6)])
        task.cancel()
        _ = await task.result
    }

    /// Non-isolated woken work (a detached loop) also runs between wakes.
    @MainActor
    func testDetachedLoopTicksWhenAdvancedFromMainActor() async {
        let clock = TestClock()
        let counter = Counter()
        let task = Task.detached {
            var next = clock.now.advanced(by: .seconds(1))
            while !Task.isCancelled {
                try await clock.sleep(until: next, tolerance: nil)
                next = next.advanced(by: .seconds(1))
                counter.increment()
            }
        }

        await clock.advance(by: .seconds(100))

        XCTAssertEqual(counter.count, 100)
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(101)])
        task.cancel()
        _ = await task.result
    }

    /// Main-actor woken work runs when the test itself is not on the main actor.
    func testMainActorLoopTicksWhenAdvancedFromNonisolatedTest() async {
        let clock = TestClock()
        let log = Log()
        let task = Task { @MainActor in
            var next = clock.now.advanced(by: .seconds(1))
            while !Task.isCancelled {
                try await clock.sleep(until: next, tolerance: nil)
                next = next.advanced(by: .seconds(1))
                log.ticks += 1
            }
        }
        // From a non-isolated test, when the main actor gets to start the task is up to the
        // scheduler, so wait until it sleeps; what is tested is waking it.
        await waitForSleepers(clock, count: 1)

        await clock.advance(by: .seconds(50))

        let ticks = await log.ticks
        XCTAssertEqual(ticks, 50)
        task.cancel()
        _ = await task.result
    }

    @MainActor
    func testSleepersWakeInDeadlineOrderAtTheirDeadlines() async {
        let clock = TestClock()
        let log = Log()
        // Started first, but due later.
        let late = Task { @MainActor in
            try await clock.sleep(until: at(2))
            log.entries.append("late at \(clock.now.offset)")
        }
        await waitForSleepers(clock, count: 1)
        let early = Task { @MainActor in
            try await clock.sleep(until: at(1))
            log.entries.append("early at \(clock.now.offset)")
        }
        await waitForSleepers(clock, count: 2)

        await clock.advance(by: .seconds(1))
        XCTAssertEqual(log.entries, ["early at 1.0 seconds"])

        await clock.advance(by: .seconds(5))
        XCTAssertEqual(log.entries, ["early at 1.0 seconds", "late at 2.0 seconds"])
        XCTAssertEqual(clock.now, at(6))
        _ = await (late.result, early.result)
    }

    @MainActor
    func testEqualDeadlinesWakeInTheOrderTheyStartedSleeping() async {
        let clock = TestClock()
        let log = Log()
        var tasks: [Task<Void, any Error>] = []
        for name in ["first", "second", "third"] {
            tasks.append(Task { @MainActor in
                try await clock.sleep(until: at(1))
                log.entries.append(name)
            })
            await waitForSleepers(clock, count: tasks.count)
        }

        await clock.advance(by: .seconds(1))

        XCTAssertEqual(log.entries, ["first", "second", "third"])
        for task in tasks { _ = await task.result }
    }

    /// Work handed off by a woken sleeper runs before the next sleeper wakes.
    @MainActor
    func testWokenWorkRunsBeforeTheNextSleeperWakes() async {
        let clock = TestClock()
        let log = Log()
        let counter = Counter()
        let first = Task { @MainActor in
            try await clock.sleep(until: at(1))
            log.entries.append("first")
            Task { @MainActor in log.entries.append("main-actor follow-up") }
            Task.detached { counter.increment() }
        }
        let second = Task { @MainActor in
            try await clock.sleep(until: at(2))
            log.entries.append("second, detached follow-ups: \(counter.count)")
        }
        await waitForSleepers(clock, count: 2)

        await clock.advance(by: .seconds(2))

        XCTAssertEqual(log.entries, ["first", "main-actor follow-up", "second, detached follow-ups: 1"])
        _ = await (first.result, second.result)
    }

    @MainActor
    func testAdvanceByZeroWakesSleepersDueNow() async {
        let clock = TestClock(now: at(5))
        let log = Log()
        let due = Task { @MainActor in
            try await clock.sleep(until: clock.now)
            log.entries.append("due")
        }
        let notDue = Task { @MainActor in
            try await clock.sleep(until: clock.now.advanced(by: .nanoseconds(1)))
            log.entries.append("not due")
        }

        await clock.advance()

        XCTAssertEqual(log.entries, ["due"])
        XCTAssertEqual(clock.now, at(5))
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(5).advanced(by: .nanoseconds(1))])
        notDue.cancel()
        _ = await (due.result, notDue.result)
    }

    @MainActor
    func testCancelledSleeperThrowsAndIsRemoved() async {
        let clock = TestClock()
        let log = Log()
        let task = Task { @MainActor in
            do {
                try await clock.sleep(for: .seconds(10))
                log.entries.append("woke")
            } catch {
                log.entries.append("threw \(type(of: error))")
            }
        }
        await waitForSleepers(clock, count: 1)
        XCTAssertEqual(clock.pendingSleepers.count, 1)

        task.cancel()
        await task.value

        XCTAssertEqual(log.entries, ["threw CancellationError"])
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
        XCTAssertEqual(clock.now, at(0), "cancellation must not move time")
    }

    func testSleepInAlreadyCancelledTaskThrowsAtOnce() async {
        let clock = TestClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: at(0))
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
    }

    @MainActor
    func testRunDrainsChainsOfSleeps() async {
        let clock = TestClock()
        let log = Log()
        let task = Task { @MainActor in
            for seconds in 1...3 {
                try await clock.sleep(for: .seconds(seconds))
                log.entries.append("slept \(seconds) until \(clock.now.offset)")
            }
        }

        await clock.run()

        XCTAssertEqual(log.entries, [
            "slept 1 until 1.0 seconds", "slept 2 until 3.0 seconds", "slept 3 until 6.0 seconds",
        ])
        XCTAssertEqual(clock.now, at(6), "run stops at the last deadline it woke")
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
        _ = await task.result
    }

    @MainActor
    func testRunStopsAtTimeoutAndLeavesPendingSleepers() async {
        let clock = TestClock()
        let log = Log()
        let task = Task { @MainActor in
            while !Task.isCancelled {
                try await clock.sleep(for: .seconds(1))
                log.ticks += 1
            }
        }

        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        await clock.run(timeout: .seconds(10))
        IssueReporting.reporter = previous

        XCTAssertEqual(recorder.messages.count, 1, "the sleeper left after the timeout fails the test")
        XCTAssertEqual(log.ticks, 10)
        XCTAssertEqual(clock.now, at(10))
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(11)])
        task.cancel()
        _ = await task.result
    }

    @MainActor
    func testPendingSleepersListsWhatIsLeftInDeadlineOrder() async {
        let clock = TestClock()
        var tasks: [Task<Void, any Error>] = []
        for seconds in [5, 1, 3] {
            tasks.append(Task { try await clock.sleep(until: at(seconds)) })
            await waitForSleepers(clock, count: tasks.count)
        }
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(1), at(3), at(5)])

        await clock.advance(by: .seconds(2))
        let tasksStartedLater = Task { try await clock.sleep(for: .seconds(10)) }
        await waitForSleepers(clock, count: 3)

        let pending = clock.pendingSleepers
        XCTAssertEqual(pending.map(\.deadline), [at(3), at(5), at(12)])
        XCTAssertEqual(pending.map(\.startedAt), [at(0), at(0), at(2)])
        for task in tasks + [tasksStartedLater] { task.cancel() }
        for task in tasks + [tasksStartedLater] { _ = await task.result }
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
    }

    @MainActor
    func testAdvanceToMovesToDeadlineAndNeverBackwards() async {
        let clock = TestClock()
        await clock.advance(to: at(30))
        XCTAssertEqual(clock.now, at(30))
        await clock.advance(to: at(10))
        XCTAssertEqual(clock.now, at(30))
    }

    @MainActor
    func testWorksThroughAnyClockWithSleepForExtension() async {
        let clock = TestClock()
        let poller = Poller(clock: clock)
        let task = poller.start()

        await clock.advance(by: .seconds(1))
        XCTAssertEqual(poller.polls, 1)
        await clock.advance(by: .milliseconds(999))
        XCTAssertEqual(poller.polls, 1)
        await clock.advance(by: .seconds(120) - .milliseconds(999))
        XCTAssertEqual(poller.polls, 121)

        task.cancel()
        await task.value
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
    }

    func testInstantArithmeticAndDescription() {
        let start = TestClock.Instant()
        let later = start.advanced(by: .milliseconds(1500))
        XCTAssertEqual(start.duration(to: later), .milliseconds(1500))
        XCTAssertLessThan(start, later)
        XCTAssertEqual(later.description, "TestClock.Instant(offset: 1.5 seconds)")
        XCTAssertEqual(TestClock().minimumResolution, .zero)
    }
}
