extension ViewModelTester {
    /// Drops the changes tasks made that no ``receive(_:timeout:fileID:filePath:line:column:)`` took
    /// (and the events no ``receive(_:_:timeout:fileID:filePath:line:column:)`` took), and makes the
    /// current state the asserted one, like TCA's `skipReceivedActions`.
    ///
    /// ```swift
    /// await tester.send({ $0.refreshButtonTapped() }) { $0.isLoading = true }
    /// await clock.advance(by: .seconds(1))
    /// await tester.skipReceivedChanges()         // the test does not care how the refresh went
    /// await tester.send({ $0.cancelButtonTapped() })
    /// ```
    ///
    /// - Parameters:
    ///   - strict: Whether to fail when there is nothing to skip. Only exhaustive testers fail;
    ///     non-exhaustive ones skip silently.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func skipReceivedChanges(
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await settleMainActorWork()
        closeOpenChange()
        guard !received.isEmpty else {
            return failIfStrict(strict, "There were no received changes to skip.", at: location)
        }
        noteSkipped(describeSkipped(received))
        received.removeAll()
        asserted = latest
    }

    /// Stops requiring the tasks running now to finish before the test ends, like TCA's
    /// `skipInFlightEffects`. It does not cancel them: what they change later is still queued for
    /// ``receive(_:timeout:fileID:filePath:line:column:)``, and ``finish(timeout:fileID:filePath:line:column:)``
    /// cancels them.
    ///
    /// ```swift
    /// await tester.send({ $0.onAppear() })       // starts a stream that runs for the screen's life
    /// await tester.skipInFlightTasks()
    /// await tester.finish()                      // passes
    /// ```
    ///
    /// - Parameters:
    ///   - strict: Whether to fail when no task is running. Only exhaustive testers fail;
    ///     non-exhaustive ones skip silently.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func skipInFlightTasks(
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await settleMainActorWork()
        let running = trackedTasks.filter { !skippedTasks.contains($0.token) }
        guard !running.isEmpty else {
            return failIfStrict(strict, "There were no in-flight tasks to skip.", at: location)
        }
        noteSkipped("running tasks " + running.map(taskName).joined(separator: ", "))
        skippedTasks.formUnion(running.map(\.token))
    }

    /// Nothing to skip: a failure for a strict, exhaustive tester.
    private func failIfStrict(_ strict: Bool, _ message: String, at location: SourceLocation) {
        if strict && exhaustivity == .on { fail(message, at: location) }
    }

    /// Lets work already queued on the main actor (a task's next step) run first.
    func settleMainActorWork() async {
        for _ in 0..<10 { await Task.yield() }
    }
}
