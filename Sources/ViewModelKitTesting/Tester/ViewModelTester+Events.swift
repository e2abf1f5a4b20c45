public import ViewModelKit
internal import ViewModelKitStateDump

/// An event a delegate of the view model under test sent while nothing listened: an output of the
/// view model, queued with its changes for ``ViewModelTester/receive(_:_:timeout:fileID:filePath:line:column:)``.
struct ReceivedEvent {
    /// The event.
    var value: Any
    /// The delegate that sent it.
    var channel: ObjectIdentifier
    /// The delegate's property on the view model, e.g. `delegate`.
    var property: String
    /// The event as the state dump renders it, e.g. `.signedIn(user: "blob")`.
    var text: String

    /// What a test writes to receive it: `await tester.receive(\.delegate, .signedIn(user: "blob"))`.
    var spelling: String { "`await tester.receive(\\.\(property), \(text))`" }
}

extension ViewModelTester {
    /// Waits for the next thing the view model did, and asserts that it is `expected`, sent by its
    /// delegate at `delegate`, like TCA's `await store.receive(\.delegate.twoFactorSucceeded)`.
    ///
    /// ```swift
    /// let tester = ViewModelTester(TwoFactorModel(token: "deadbeef", client: client))
    /// await tester.send({ $0.submitButtonTapped() }) { $0.isSubmitting = true }
    /// await tester.receive { $0.isSubmitting = false }
    /// await tester.receive(\.delegate, .twoFactorSucceeded)
    /// await tester.finish()
    /// ```
    ///
    /// An event the view model's own delegate sends while nothing listens (no owner connected, no
    /// observer) is one of its outputs: it is queued with the changes of its tasks, in the order
    /// they happened, whether the intent sent it or a task did. A test must receive it as it
    /// receives a change: an event no assertion received fails the next `send`, `assert` or
    /// ``finish(timeout:fileID:filePath:line:column:)``, naming the line to write. An event a
    /// listener the test connected hears is left to that listener. An event a child sends while
    /// nothing listens is not received: it fails the test at once, as a forgotten `connect`.
    ///
    /// Events compare with `==` when they are `Equatable`, and otherwise by their dumps, so an
    /// event that holds a child view model or a non-`Equatable` value can be received too; to
    /// receive any event of one case, see ``receive(_:case:timeout:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - delegate: The view model's delegate (`\.delegate`).
    ///   - expected: The event the test expects next.
    ///   - timeout: How long to wait for the event; ``timeout`` by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func receive<Event>(
        _ delegate: KeyPath<Model, Delegate<Event>>,
        _ expected: Event,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = await receiveEvent(from: delegate, described: dumpText(expected), timeout: timeout, at: location) { event -> EventMatch<Void> in
            guard let event = event as? Event else { return .different(diff: nil) }
            if eventsAreEqual(expected, event) { return .matches(()) }
            return .different(diff: diffText(expected, event))
        }
    }

    /// Waits for the next thing the view model did, and asserts that it is an event of one case,
    /// sent by its delegate at `delegate`, whatever the case holds; returns what it holds.
    ///
    /// ```swift
    /// let user = await tester.receive(\.delegate, case: LoginModel.Event.signedIn)
    /// XCTAssertEqual(user?.name, "blob")
    /// ```
    ///
    /// The case is named by its function (`LoginModel.Event.signedIn`, which makes an event from
    /// what it holds): a test that does not care about the associated values, or whose values are
    /// not `Equatable`, receives the event this way. A case without associated values is received
    /// with ``receive(_:_:timeout:fileID:filePath:line:column:)``. Events are queued and must be
    /// received as that method says.
    ///
    /// - Parameters:
    ///   - delegate: The view model's delegate (`\.delegate`).
    ///   - embed: The case, as the function that makes it (`Event.signedIn`).
    ///   - timeout: How long to wait for the event; ``timeout`` by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    /// - Returns: The associated values of the event received (a tuple when there are several), or
    ///   `nil` when the test failed.
    @discardableResult
    public func receive<Event, Payload>(
        _ delegate: KeyPath<Model, Delegate<Event>>,
        case embed: (Payload) -> Event,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Payload? {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await receiveEvent(from: delegate, described: "an event of the case the test named", timeout: timeout, at: location) { event in
            guard let event = event as? Event, let payload = payload(of: event, ifCaseOf: embed) else {
                return .different(diff: nil)
            }
            return .matches(payload)
        }
    }

    // MARK: - Queueing

    /// Takes the events the view model's own delegates send while nothing listens, into the queue of
    /// received things. Called once, when the tester starts.
    func startReceivingEvents() {
        for (property, channel) in delegateChannels(of: viewModel) {
            let id = ObjectIdentifier(channel)
            channel.takeUnheardEvents { [weak self] event in
                guard let self else { return false }
                self.eventSent(ReceivedEvent(value: event, channel: id, property: property, text: dumpText(event)))
                return true
            }
        }
    }

    private func eventSent(_ event: ReceivedEvent) {
        // What a task changed before the event comes before it.
        closeOpenChange()
        received.append(Received(origin: TaskOrigin.current, before: latest, state: latest, event: event))
        wake()
    }

    // MARK: - Receiving

    /// Whether an event matched what a receive expects, and then what the test gets back.
    enum EventMatch<Result> {
        case matches(Result)
        /// Another event; `diff` shows how it differs, when it is of the same type.
        case different(diff: String?)
    }

    /// Waits for the next received thing and asserts that it is an event of `delegate` that `match`
    /// accepts. `described`: the expected event, for messages.
    private func receiveEvent<Event, Result>(
        from delegate: KeyPath<Model, Delegate<Event>>,
        described: String,
        timeout: Duration?,
        at location: SourceLocation,
        match: (Any) -> EventMatch<Result>
    ) async -> Result? {
        defer { reportUnheardEvents(at: location) }
        let channel = ObjectIdentifier(viewModel[keyPath: delegate])
        guard let property = delegateChannels(of: viewModel).first(where: { ObjectIdentifier($0.channel) == channel })?.property else {
            fail(
                "Expected to receive \(described), but the delegate this key path reaches is not a stored property of "
                    + "\(asserted.typeName), the view model under test. The tester receives the events of the view model "
                    + "it tests; a child's events reach its parent through `delegate.connect(to:_:)`.",
                at: location
            )
            return nil
        }
        let limit = timeout ?? self.timeout
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var skipped: [Received] = []
        while true {
            closeOpenChange()
            while !received.isEmpty {
                let next = received.removeFirst()
                let outcome = next.event.flatMap { $0.channel == channel ? match($0.value) : nil }
                if case .matches(let result)? = outcome {
                    if !skipped.isEmpty { noteSkipped(describeSkipped(skipped)) }
                    await settle()
                    return result
                }
                if exhaustivity == .on {
                    fail(mismatch(next, expected: described, property: property, diff: outcome), at: location)
                    if next.event == nil, !next.isOvertaken { asserted = next.state }
                    return nil
                }
                skipped.append(next)
                if next.event == nil, !next.isOvertaken { asserted = next.state }
            }
            if trackedTasks.isEmpty {
                fail(
                    "Expected to receive \(described) from \\.\(property), but nothing was sent, and no task of "
                        + "\(asserted.typeName) is running that could send it.",
                    at: location
                )
                return nil
            }
            if clock.now >= deadline {
                fail(
                    "Expected to receive \(described) from \\.\(property) within \(limit), but none arrived.\n\n"
                        + describeRunningTasks() + describePendingSleepers(),
                    at: location
                )
                return nil
            }
            await waitForActivity(until: deadline)
        }
    }

    /// Why `next` is not the event a receive expected.
    private func mismatch(_ next: Received, expected: String, property: String, diff: EventMatch<some Any>?) -> String {
        guard let event = next.event else {
            return "Expected to receive \(expected) from \\.\(property), but a task changed the state first:\n\n"
                + describe([next]) + "\n\nReceive the change first: `await tester.receive { … }`."
        }
        if case .different(let diff?)? = diff {
            return "Received an event that does not match expectation: …\n\n"
                + diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
                + "\n\n(Expected: −, Received: +)"
        }
        return "Expected to receive \(expected) from \\.\(property), but the view model sent \(event.text) from "
            + "\\.\(event.property)\(fromTask(next)). Receive it first: \(event.spelling)."
    }

    // MARK: - Messages

    /// What the queue holds, counted with the nouns given: "1 change", "2 events", "1 change and 1 event".
    func describeCount(_ items: [Received], change: String, event: String) -> String {
        let events = items.count { $0.event != nil }
        let changes = items.count - events
        return [changes > 0 ? counted(changes, change) : nil, events > 0 ? counted(events, event) : nil]
            .compactMap { $0 }.joined(separator: " and ")
    }

    /// Who made what no assertion received: "The view model's tasks made 1 change", "The view model
    /// sent 1 event", "The view model's tasks made 1 change and it sent 1 event".
    func describeUnreceived(_ items: [Received]) -> String {
        let events = items.count { $0.event != nil }
        let changes = items.count - events
        guard events > 0 else { return "The view model's tasks made \(counted(changes, "change"))" }
        guard changes > 0 else { return "The view model sent \(counted(events, "event"))" }
        return "The view model's tasks made \(counted(changes, "change")) and it sent \(counted(events, "event"))"
    }

    /// What a non-exhaustive test skipped: "1 change made by tasks", "1 event sent".
    func describeSkipped(_ items: [Received]) -> String {
        let events = items.count { $0.event != nil }
        let changes = items.count - events
        return [changes > 0 ? counted(changes, "change") + " made by tasks" : nil, events > 0 ? counted(events, "event") + " sent" : nil]
            .compactMap { $0 }.joined(separator: " and ")
    }

    /// One received event, for a list of what no assertion received.
    func describe(_ event: ReceivedEvent, of item: Received) -> String {
        "• \\.\(event.property) sent \(event.text)\(fromTask(item)). Receive it: \(event.spelling)."
    }

    private func fromTask(_ item: Received) -> String {
        item.origin.map { " (from a task of \($0))" } ?? ""
    }
}

/// The view model's stored delegates and the names of their properties, by reflection.
@MainActor
private func delegateChannels(of model: AnyObject) -> [(property: String, channel: any DelegateChannel)] {
    var found: [(property: String, channel: any DelegateChannel)] = []
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
        for child in current.children {
            if let label = child.label, let channel = child.value as? any DelegateChannel {
                found.append((label, channel))
            }
        }
        mirror = current.superclassMirror
    }
    return found
}

/// Whether two events are equal: with `==` when they are `Equatable`, else by their dumps.
private func eventsAreEqual<Event>(_ lhs: Event, _ rhs: Event) -> Bool {
    if let left = lhs as? any Equatable, let right = rhs as? any Equatable {
        return isEqual(left, right)
    }
    return dumpText(lhs) == dumpText(rhs)
}

/// The associated values of `event` when it is of the case `embed` makes, else `nil`.
private func payload<Event, Payload>(of event: Event, ifCaseOf embed: (Payload) -> Event) -> Payload? {
    guard let held = Mirror(reflecting: event).children.first else { return nil }
    // One labeled value (`case signedIn(user: String)`) is held as a tuple of one.
    let tuple = Mirror(reflecting: held.value)
    let single = tuple.displayStyle == .tuple && tuple.children.count == 1 ? tuple.children.first?.value : nil
    guard let payload = (held.value as? Payload) ?? (single.flatMap { $0 as? Payload }) else { return nil }
    return enumCaseName(of: embed(payload)) == enumCaseName(of: event) ? payload : nil
}
