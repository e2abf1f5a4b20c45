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
    /// - Parameters:
    ///   - base: The state before the step, from ``state``.
    ///   - brokenState: Changes `base` into the state that broke the invariant.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func assertNotReached(
        from base: ViewModelState<Model>,
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
        guard actual != broken.snapshot else {
            return fail(
                "The view model reached the state that broke the invariant again:\n\n"
                    + dumpText(actual).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"),
                at: location
            )
        }
    }
}
