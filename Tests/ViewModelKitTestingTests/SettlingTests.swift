#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Synchronization
import ViewModelKit
@testable import ViewModelKitTesting
import XCTest

/// The bounds of the test support's waits, and what a failure says when one of them gave up.
@MainActor
final class SettlingTests: XCTestCase {
    func testABoundComesFromItsEnvironmentVariableWithinItsLimits() {
        let name = "VMK_SETTLING_TESTS_BOUND"
        defer { unsetenv(name) }
        unsetenv(name)
        XCTAssertEqual(Settling.bound(name, default: 32, maximum: 100), 32)
        setenv(name, "64", 1)
        XCTAssertEqual(Settling.bound(name, default: 32, maximum: 100), 64)
        setenv(name, "100000", 1)
        XCTAssertEqual(Settling.bound(name, default: 32, maximum: 100), 100)
        for unusable in ["0", "-3", "many", ""] {
            setenv(name, unusable, 1)
            XCTAssertEqual(Settling.bound(name, default: 32, maximum: 100), 32, unusable)
        }
    }

    func testTheDefaultBoundIsSmallerInsideAMainActorSchedulingScope() async throws {
        guard Settling.configuredYields == nil else { throw XCTSkip("VMK_SETTLE_YIELDS is set") }
        XCTAssertEqual(Settling.yields, 32)
        let inside = await withMainActorScheduling { () async -> (active: Bool, yields: Int) in
            await Task.yield()
            return (GlobalEnqueueHook.isActive, Settling.yields)
        }
        XCTAssertEqual(inside.yields, inside.active ? 8 : 32)
        XCTAssertEqual(Settling.yields, 32)
    }

    func testASettleWhoseConditionNeverHoldsYieldsItsWholeBound() async {
        let looks = LockedCount()
        let done = await settle(limit: 10) { looks.incrementAndGet() < 0 }
        XCTAssertFalse(done)
        XCTAssertEqual(looks.value, 11, "a look before each of the 10 yields, and one after the last")
    }

    func testASettleEndsAsSoonAsItsConditionHolds() async {
        let seen = LockedCount()
        let done = await settle(limit: 1_000) { seen.incrementAndGet() >= 3 }
        XCTAssertTrue(done)
        XCTAssertEqual(seen.value, 3)
    }

    func testAFailureAfterAWaitThatGaveUpNamesItAndTheVariables() async {
        Settling.recordGiveUp("an older wait, before the tester")
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(FactModel(), timeout: .zero, reporter: reporter)
        Settling.recordGiveUp("a task woken in a repeating schedule of a TestClock did not come back to sleep on it")
        await tester.receive { $0.count = 1 }
        let message = reporter.messages.first ?? ""
        XCTAssertEqual(reporter.messages.count, 1, "\(reporter.messages)")
        XCTAssertTrue(message.hasPrefix("Expected to receive a change from a task, but no task of FactModel is running."), message)
        XCTAssertTrue(message.contains("A wait of the test support gave up before this: a task woken in a repeating schedule"), message)
        XCTAssertTrue(message.contains("VMK_SETTLE_YIELDS") && message.contains("VMK_SETTLE_WAIT_MS"), message)
        XCTAssertFalse(message.contains("an older wait"), message)
    }

    func testAFailureWithNoWaitThatGaveUpSaysNothingOfWaits() async {
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(FactModel(), timeout: .zero, reporter: reporter)
        await tester.receive { $0.count = 1 }
        XCTAssertEqual(reporter.messages, ["Expected to receive a change from a task, but no task of FactModel is running."])
    }

    #if os(Linux)
    /// The fact settling is built on (see `Settling`): this runtime does not call
    /// `swift_task_enqueueMainExecutor_hook` for ordinary main-actor work (swiftlang/swift#63104), so
    /// test support cannot count the main actor's jobs. If this fails, the runtime now calls it, and
    /// a settle could stop once the queue is empty.
    func testTheRuntimeDoesNotCallTheMainExecutorHookForMainActorWork() async throws {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_enqueueMainExecutor_hook") else {
            throw XCTSkip("this runtime exports no main-executor enqueue hook")
        }
        let slot = symbol.assumingMemoryBound(to: MainHook?.self)
        let saved = slot.pointee
        slot.pointee = countingMainHook
        defer { slot.pointee = saved }
        let before = mainHookCalls.value
        for _ in 0..<100 { await Task.yield() }
        await Task { @MainActor in }.value
        await MainActor.run {}
        await Task.detached { await MainActor.run {} }.value
        XCTAssertEqual(mainHookCalls.value - before, 0, "the runtime called the main-executor enqueue hook")
    }
    #endif
}

/// A count several tasks share.
private final class LockedCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
    func incrementAndGet() -> Int { count.withLock { $0 += 1; return $0 } }
}

#if os(Linux)
private typealias MainOriginal = @convention(thin) (UnownedJob) -> Void
private typealias MainHook = @convention(thin) (UnownedJob, MainOriginal) -> Void

/// Calls of ``countingMainHook``.
private let mainHookCalls = LockedCount()

/// Counts a main-executor enqueue and passes the job on.
private let countingMainHook: MainHook = { job, original in
    mainHookCalls.increment()
    original(job)
}

#endif
