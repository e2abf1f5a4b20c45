internal import ViewModelKit
internal import ViewModelKitStateDump

extension ViewModelTester {
    /// Fails if the view model's state is the one `brokenState` makes of `base`: the state a step
    /// left when it broke an invariant, as an exploration's written test checks it. A view model
    /// that keeps the invariant reaches any other state, and passes.
    ///
    /// ```swift
    /// let before = tester.state
    /// tester.exhaustivity = .off(showSkippedAssertions: false)
    /// await clock.advance(by: .milliseconds(2000))
    /// await tester.skipReceivedChanges(strict: false)
    /// tester.assertNotReached(from: before) { $0.count = 2 }   // the count ticked with the timer off
    /// ```
    ///
    /// An invariant may read which tasks run (`runningTaskIDs`), which the state does not show: with
    /// `runningTaskIDs`, the broken state is reached only when the same tasks run too (the ids as
    /// `"\(id)"`, in any order, of the view model and its children), so that a fix that only cancels a
    /// task passes.
    ///
    /// - Parameters:
    ///   - base: The state before the step, from ``state``.
    ///   - runningTaskIDs: The ids of the tasks that ran in the broken state, or `nil` to compare the
    ///     state alone.
    ///   - brokenState: Changes `base` into the state that broke the invariant.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func assertNotReached(
        from base: ViewModelState<Model>,
        runningTaskIDs: [String]? = nil,
        _ brokenState: @MainActor (inout ViewModelState<Model>) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var broken = ViewModelState(snapshot: base.snapshot, resolver: resolver, reporter: reporter, site: location)
        do {
            try runAssertionClosure(at: location) { try brokenState(&broken) }
        } catch {
            return fail("The closure threw an error: \(error)", at: location)
        }
        let actual = withRootConstants(viewModel.snapshot(), as: broken.snapshot)
        let running = idsOfRunningTasks(inTreeOf: viewModel)
        guard actual != broken.snapshot || (runningTaskIDs.map { $0.sorted() != running.sorted() } ?? false) else {
            return fail(
                "The view model reached the state that broke the invariant again:\n\n"
                    + dumpText(actual).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
                    + (runningTaskIDs == nil ? "" : "\n\nwith the same tasks running: " + (running.isEmpty ? "none" : running.joined(separator: ", "))),
                at: location
            )
        }
    }
}

/// The ids of the tasks running in `model`'s tree, as `"\(id)"`, oldest first; cancelled ones left out.
@MainActor
func idsOfRunningTasks(inTreeOf model: ViewModel) -> [String] {
    model.runningTasksInTree.filter { !$0.isCancelled }.map { "\($0.id)" }
}
