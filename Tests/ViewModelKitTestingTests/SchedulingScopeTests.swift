import Dispatch
import Synchronization
import Foundation
import ViewModelKit
import ViewModelKitTesting
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Main-actor scheduling is on only inside a scope, never because a clock or a tester exists; it
// keeps another library's hook on the same runtime slot (a stand-in for swift-concurrency-extras'
// `withMainSerialExecutor`, which saves the slot, writes its own hook and writes the saved one
// back); and a main thread blocked inside a scope fails the test instead of hanging it.

/// The runtime's global enqueue hook slot and its function types.
private typealias Original = @convention(thin) (UnownedJob) -> Void
private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

/// The runtime's slot for the global enqueue hook, or `nil` where the runtime does not export it.
@MainActor private let globalHookSlot: UnsafeMutablePointer<Hook?>? = {
    guard let handle = dlopen(nil, RTLD_NOW), let slot = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return nil }
    return slot.assumingMemoryBound(to: Hook?.self)
}()

/// How many jobs the stand-in hook has taken.
private let standInJobs = Mutex(0)

/// The stand-in: sends every global job to the main actor, as `withMainSerialExecutor` does.
private let standInHook: Hook = { job, _ in
    standInJobs.withLock { $0 += 1 }
    MainActor.shared.enqueue(job)
}

/// The raw address of a hook, to compare slots.
private func address(_ hook: Hook?) -> UnsafeRawPointer? {
    unsafeBitCast(hook, to: UnsafeRawPointer?.self)
}

/// Installs the stand-in the way `withMainSerialExecutor` does, runs `body`, and puts back what
/// the slot held before.
@MainActor
private func withStandInHook(_ slot: UnsafeMutablePointer<Hook?>, _ body: @MainActor () async -> Void) async {
    let saved = slot.pointee
    slot.pointee = standInHook
    await body()
    slot.pointee = saved
}

/// Whether a detached task runs on the main thread (it does only under a hook that moves it there).
private func detachedTaskRunsOnTheMainThread() async -> Bool {
    await Task.detached { Thread.isMainThread }.value
}

/// Blocks the calling thread until `semaphore` is signalled or `seconds` pass; `true` if signalled.
private func blockWaiting(for semaphore: DispatchSemaphore, seconds: Int) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
}

@MainActor
final class SchedulingScopeTests: XCTestCase {
    private var hookSlot: UnsafeMutablePointer<Hook?>!

    override func setUp() async throws {
        guard let slot = globalHookSlot else { throw XCTSkip("this runtime exports no global enqueue hook") }
        hookSlot = slot
        XCTAssertNil(address(slot.pointee) == nil ? nil : address(slot.pointee), "a hook was left in the slot")
    }

    func testAClockAndATesterLeaveSchedulingAsItIs() async {
        let clock = TestClock()
        let tester = ViewModelTester(FactModel(), clocks: [clock])
        let onMain = await detachedTaskRunsOnTheMainThread()
        XCTAssertFalse(onMain, "a detached task was moved to the main thread while only a clock and a tester existed")
        // Code that blocks the main thread for work on another thread does not hang beside them.
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached { semaphore.signal() }
        XCTAssertTrue(blockWaiting(for: semaphore, seconds: 30))
        await tester.finish()
        _ = clock
    }

    func testAClockKeptAlivePastItsScopeDoesNotKeepSerialSchedulingOn() async {
        var kept: [TestClock] = []
        await withMainActorScheduling {
            kept.append(TestClock())
            let onMain = await detachedTaskRunsOnTheMainThread()
            XCTAssertTrue(onMain, "inside the scope, a detached task runs on the main thread")
        }
        let onMain = await detachedTaskRunsOnTheMainThread()
        XCTAssertFalse(onMain, "after the scope, with its clock still alive, scheduling is normal again")
        XCTAssertNil(address(hookSlot.pointee), "the scope left its hook in the slot")
        XCTAssertEqual(kept.count, 1)
    }

    func testAHookInstalledBeforeTheScopeIsKeptAndPutBack() async {
        let slot = hookSlot!
        await withStandInHook(slot) {
            await withMainActorScheduling {
                let onMain = await detachedTaskRunsOnTheMainThread()
                XCTAssertTrue(onMain)
                XCTAssertNotEqual(address(slot.pointee), address(standInHook), "the scope's hook goes in front")
            }
            XCTAssertEqual(address(slot.pointee), address(standInHook), "the stand-in was not put back")
            // The stand-in works as before: it takes the detached task.
            let before = standInJobs.withLock { $0 }
            let onMain = await detachedTaskRunsOnTheMainThread()
            XCTAssertTrue(onMain)
            XCTAssertGreaterThan(standInJobs.withLock { $0 }, before, "the stand-in no longer sees global jobs")
        }
        XCTAssertNil(address(slot.pointee))
    }

    func testAHookInstalledInsideTheScopeIsNotRemovedWhenTheScopeEnds() async {
        let slot = hookSlot!
        var scopesHook: Hook?
        withMainActorScheduling {
            // The stand-in starts inside the scope (saving the scope's hook) and ends after it.
            scopesHook = slot.pointee
            XCTAssertNotNil(address(scopesHook))
            slot.pointee = standInHook
        }
        XCTAssertEqual(address(slot.pointee), address(standInHook), "the scope removed a hook it did not install")
        let before = standInJobs.withLock { $0 }
        let onMainUnderStandIn = await detachedTaskRunsOnTheMainThread()
        XCTAssertTrue(onMainUnderStandIn)
        XCTAssertGreaterThan(standInJobs.withLock { $0 }, before, "the stand-in no longer sees global jobs")

        // The stand-in ends and writes back what it saved: the scope's hook, with no scope active.
        slot.pointee = scopesHook
        let onMain = await detachedTaskRunsOnTheMainThread()
        XCTAssertFalse(onMain, "a hook left behind by its scope still moved a job to the main thread")
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached { semaphore.signal() }
        XCTAssertTrue(blockWaiting(for: semaphore, seconds: 30))
        // A later scope finds its own hook in the slot, uses it, and takes it out at its end.
        await withMainActorScheduling {
            let onMain = await detachedTaskRunsOnTheMainThread()
            XCTAssertTrue(onMain)
        }
        XCTAssertNil(address(slot.pointee))
    }

    func testBlockingTheMainThreadInsideAScopeFailsInsteadOfHanging() async {
        let reporter = RecordingIssueReporter()
        var signalled = false
        withMainActorScheduling(blockedMainThreadLimit: .milliseconds(300), reporter: reporter) {
            let semaphore = DispatchSemaphore(value: 0)
            Task.detached { semaphore.signal() }
            signalled = blockWaiting(for: semaphore, seconds: 60)
        }
        XCTAssertTrue(signalled, "the detached task never ran")
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(
            reporter.messages.first?.hasPrefix("The main thread ran no waiting job for 0.3 seconds under main-actor scheduling") ?? false,
            "\(reporter.messages)"
        )
        XCTAssertNil(address(hookSlot.pointee))
    }

    func testAScopeWhoseMainThreadKeepsRunningReportsNothing() async {
        let reporter = RecordingIssueReporter()
        await withMainActorScheduling(blockedMainThreadLimit: .milliseconds(300), reporter: reporter) {
            for _ in 0..<100 {
                let onMain = await detachedTaskRunsOnTheMainThread()
                XCTAssertTrue(onMain)
            }
        }
        XCTAssertEqual(reporter.messages, [])
    }
}
