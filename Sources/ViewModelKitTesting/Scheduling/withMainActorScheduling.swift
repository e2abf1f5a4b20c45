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
/// on the main actor's queue instead, behind the work already queued there. A ``TestClock`` and a
/// ``ViewModelTester`` do the same for as long as they exist, so tests that use either need no
/// wrapper; ``ImmediateClock`` does not (it also serves previews), so wrap tests that only use it.
///
/// Where the Swift runtime does not offer the hook this relies on (it is looked up when first
/// needed), `operation` runs with the usual scheduling: everything still works, in an order the
/// scheduler picks. Nested and overlapping scopes are fine; scheduling returns to normal when the
/// last one ends.
///
/// - Parameter operation: The test's work.
/// - Returns: What `operation` returns.
@MainActor
public func withMainActorScheduling<Result>(
    _ operation: @MainActor () async throws -> Result
) async rethrows -> Result {
    GlobalEnqueueHook.retain()
    defer { GlobalEnqueueHook.release() }
    return try await operation()
}

/// Runs the synchronous `operation` (an `XCTestCase.invokeTest()` override, say) with every task
/// of the process scheduled on the main actor, as ``withMainActorScheduling(_:)-3w6uf`` does
/// does.
///
/// ```swift
/// override func invokeTest() {
///     withMainActorScheduling { super.invokeTest() }
/// }
/// ```
///
/// - Parameter operation: The work to run.
/// - Returns: What `operation` returns.
public func withMainActorScheduling<Result>(_ operation: () throws -> Result) rethrows -> Result {
    GlobalEnqueueHook.retain()
    defer { GlobalEnqueueHook.release() }
    return try operation()
}
