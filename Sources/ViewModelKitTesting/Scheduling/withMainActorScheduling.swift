public import ViewModelKit
#if canImport(Testing)
public import Testing
#endif

/// Runs `operation` with every task of the process scheduled on the main actor, one job at a time
/// and in the order the jobs were enqueued, so that async code under test interleaves the same way
/// on every run.
///
/// ```swift
/// @MainActor
/// func testTranscriptLandsBetweenTicks() async {
///     await withMainActorScheduling {
///         let model = RecordMeetingViewModel(clock: ImmediateClock(), speech: .words(["a", "b"]))
///         await model.onTask()
///         XCTAssertEqual(model.transcript, "a b")
///     }
/// }
/// ```
///
/// What `withMainSerialExecutor` gives TCA users: work that would run on the global concurrent
/// executor (non-isolated async functions, `Task.detached`, the hop into a clock's `sleep`) runs
/// on the main actor's queue instead, behind the work already queued there. The clocks then also
/// know when that queue is empty, and stop yielding there.
///
/// The runtime's hook this relies on is process-wide: while any scope is active, tests that run in
/// parallel with it (Swift Testing) are serialized onto the main thread too. Nothing turns it on
/// but a scope: a ``TestClock`` or a ``ViewModelTester`` alone leaves scheduling as it is. A hook
/// another library installed (`withMainSerialExecutor`) is kept: it is put back when the last scope
/// ends, and one installed over this one is left in place.
///
/// Code that blocks the main thread waiting for work that can only run there (a semaphore signalled
/// from a detached task, say) does not hang the test: when the main thread has run none of the
/// waiting jobs for `blockedMainThreadLimit`, they go to the global executor, scheduling is normal
/// until the last scope ends, and the scope fails the test naming the cause.
///
/// Where the Swift runtime does not offer the hook (it is looked up when first needed), `operation`
/// runs with the usual scheduling: everything still works, in an order the scheduler picks. Nested
/// and overlapping scopes are fine; scheduling returns to normal when the last one ends.
///
/// - Parameters:
///   - blockedMainThreadLimit: How long the main thread may run none of the jobs waiting for it
///     before the scope gives up on serial scheduling. Two seconds by default.
///   - reporter: Where the blocked-main-thread failure goes; the running test by default.
///   - fileID: The `#fileID` of this call, for the failure report. Leave the default.
///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
///   - line: The line a failure points at; the line of this call by default.
///   - column: The column a failure points at; the column of this call by default.
///   - operation: The test's work.
/// - Returns: What `operation` returns.
@MainActor
public func withMainActorScheduling<Result>(
    blockedMainThreadLimit: Duration = .seconds(2),
    reporter: any IssueReporter = TestIssueReporter(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ operation: @MainActor () async throws -> Result
) async rethrows -> Result {
    let scope = GlobalEnqueueHook.retain(blockedMainThreadLimit: blockedMainThreadLimit)
    defer { end(scope, blockedMainThreadLimit, reporter: reporter, fileID: fileID, filePath: filePath, line: line, column: column) }
    return try await operation()
}

/// Runs the synchronous `operation` (an `XCTestCase.invokeTest()` override, say) with every task
/// of the process scheduled on the main actor, as ``withMainActorScheduling(blockedMainThreadLimit:reporter:fileID:filePath:line:column:_:)-6dumz``
/// does.
///
/// ```swift
/// override func invokeTest() {
///     withMainActorScheduling { super.invokeTest() }
/// }
/// ```
///
/// - Parameters:
///   - blockedMainThreadLimit: How long the main thread may run none of the jobs waiting for it
///     before the scope gives up on serial scheduling. Two seconds by default.
///   - reporter: Where the blocked-main-thread failure goes; the running test by default.
///   - fileID: The `#fileID` of this call, for the failure report. Leave the default.
///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
///   - line: The line a failure points at; the line of this call by default.
///   - column: The column a failure points at; the column of this call by default.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
public func withMainActorScheduling<Result>(
    blockedMainThreadLimit: Duration = .seconds(2),
    reporter: any IssueReporter = TestIssueReporter(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ operation: () throws -> Result
) rethrows -> Result {
    let scope = GlobalEnqueueHook.retain(blockedMainThreadLimit: blockedMainThreadLimit)
    defer { end(scope, blockedMainThreadLimit, reporter: reporter, fileID: fileID, filePath: filePath, line: line, column: column) }
    return try operation()
}

/// Ends `scope`, and fails the test if its main thread ran none of the jobs waiting for it.
private func end(
    _ scope: GlobalEnqueueHook.Scope, _ limit: Duration, reporter: any IssueReporter,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
    guard GlobalEnqueueHook.release(scope) else { return }
    reporter.reportIssue(blockedMainThreadMessage(limit), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Why a scope gave up on serial scheduling, and what to do.
private func blockedMainThreadMessage(_ limit: Duration) -> String {
    "The main thread ran no waiting job for \(limit) under main-actor scheduling, so the waiting work was "
            + "given back to the global executor and scheduling was not serial for the rest of the scope.\n\n"
            + "Under withMainActorScheduling every task runs on the main thread: code that blocks it waiting for "
            + "another task (a semaphore, a DispatchGroup.wait, a synchronous wait for a result) waits for work "
            + "that can only run once it returns. Await the work instead, or run that test without main-actor "
            + "scheduling. (A test running in parallel under main-actor scheduling may have been the one that blocked it.)"
}

#if canImport(Testing)
/// A Swift Testing trait that runs a test, or every test of a suite, inside
/// ``withMainActorScheduling(blockedMainThreadLimit:reporter:fileID:filePath:line:column:_:)-6dumz``.
///
/// ```swift
/// @Test(.mainActorScheduling) @MainActor
/// func timerTicks() async {
///     let clock = TestClock()
///     let tester = ViewModelTester(CounterViewModel(clock: clock, factClient: .unimplemented), clocks: [clock])
///     await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
///     …
/// }
/// ```
///
/// As with the function, every task of the process runs on the main actor while any such test runs:
/// tests running beside it in parallel are serialized with it.
public struct MainActorSchedulingTrait: TestTrait, SuiteTrait, TestScoping {
    /// How long the main thread may run none of the jobs waiting for it before the test fails.
    public var blockedMainThreadLimit: Duration

    /// Applies to each test of a suite, not once around the whole suite.
    public var isRecursive: Bool { true }

    /// Runs `function` with main-actor scheduling.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope is not needed: each of its tests gets one (`isRecursive`).
        guard testCase != nil || !test.isSuite else { return try await function() }
        let scope = GlobalEnqueueHook.retain(blockedMainThreadLimit: blockedMainThreadLimit)
        defer {
            if GlobalEnqueueHook.release(scope) {
                Issue.record(Comment(rawValue: blockedMainThreadMessage(blockedMainThreadLimit)), sourceLocation: test.sourceLocation)
            }
        }
        try await function()
    }
}

extension Trait where Self == MainActorSchedulingTrait {
    /// Runs the test (each test of a suite) with every task of the process scheduled on the main
    /// actor, one job at a time, as inside `withMainActorScheduling`.
    public static var mainActorScheduling: Self { MainActorSchedulingTrait(blockedMainThreadLimit: .seconds(2)) }

    /// ``mainActorScheduling``, failing the test if the main thread runs no waiting job for
    /// `blockedMainThreadLimit`.
    public static func mainActorScheduling(blockedMainThreadLimit: Duration) -> Self {
        MainActorSchedulingTrait(blockedMainThreadLimit: blockedMainThreadLimit)
    }
}
#endif
