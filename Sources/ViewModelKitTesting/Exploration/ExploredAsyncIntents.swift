internal import ViewModelKit
internal import ViewModelKitRecording

// `async` intents in an exploration: started as a tester's `send` starts them, in a task of their
// own, so that a step ends once the intent waits on the run's clock or answers, as a view's `.task`
// goes on while it waits.

/// The `async` intents a run started that have not returned.
enum ExploredIntents {
    /// The run's intents: set around a run's steps.
    @TaskLocal static var current: IntentRuns?

    /// How long a step waits for an intent to return or to wait on the run's clock or answers. Real
    /// time, only a bound: under the run's main-actor scheduling everything it waits for runs on the
    /// main queue.
    static let waitLimit: Duration = .seconds(1)

    /// Starts `body` as an intent of the current run, which keeps it until it returns; outside a
    /// run, nothing starts.
    @MainActor
    static func start(_ body: @escaping @MainActor () async -> Void) {
        guard let runs = current else { return }
        let run = IntentRun.start(site: ReportSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)) {
            await body()
        } onEnd: { run, _ in
            runs.remove(run)
        }
        if !run.isDone { runs.append(run) }
    }
}

extension Exploration {
    /// Adds an `async` intent, as a view's `.task` or `.refreshable` awaits it. (A name of its own,
    /// not an overload of `intent`: a long chain of `intent` calls type-checks fast.) A step that draws it
    /// starts it and ends once it has returned or waits on the run's clock or answers; it goes on
    /// in later steps, and the step that lets go of the view model cancels it, as SwiftUI cancels a
    /// view's `.task` when the view goes away.
    ///
    /// ```swift
    /// .asyncIntent("refresh()") { await $0.refresh() }
    /// .asyncIntent("load(user: \"apple\")", throwing: true) { try? await $0.load(user: "apple") }
    /// ```
    ///
    /// - Parameters:
    ///   - call: The call, as Swift source after `$0.`; the written test awaits it.
    ///   - weight: How often it is drawn, relative to the others.
    ///   - throwing: Whether it throws: the written test calls it with `try? await`.
    ///   - precondition: Whether it may be called now.
    ///   - perform: Calls it.
    public func asyncIntent(
        _ call: String, weight: Int = 1, throwing: Bool = false,
        when precondition: @escaping @MainActor (Model) -> Bool = { _ in true },
        _ perform: @escaping @MainActor (Model) async -> Void
    ) -> Self {
        asyncIntent(call, weight: weight, throwing: throwing, when: precondition, arguments: { _, _ in (call, perform) })
    }

    /// Adds an `async` intent whose arguments are drawn from the run's choices: `perform` draws them
    /// and returns the call as Swift source after `$0.`, and what calls it.
    ///
    /// ```swift
    /// .asyncIntent("load(user:)", throwing: true, arguments: { _, choices in
    ///     let user = choices.element(of: ["apple", "kohsuke"])
    ///     return ("load(user: \"\(user)\")", { try? await $0.load(user: user) })
    /// })
    /// ```
    public func asyncIntent(
        _ name: String, weight: Int = 1, throwing: Bool = false,
        when precondition: @escaping @MainActor (Model) -> Bool = { _ in true },
        arguments perform: @escaping @MainActor (Model, inout ChoiceSequence) -> (call: String, run: @MainActor (Model) async -> Void)
    ) -> Self {
        let prefix = IntentCallSource.prefix(throwing: throwing)
        return intent(name, weight: weight, when: precondition, arguments: { model, choices in
            let (call, run) = perform(model, &choices)
            ExploredIntents.start { await run(model) }
            return prefix + call
        })
    }
}

/// The line of a written test that sends `call` (Swift source after `$0.`, with an `async` intent's
/// prefix in front).
func sendLine(for call: String) -> String {
    "await tester.send({ \(IntentCallSource.onSubject(call)) })"
}
