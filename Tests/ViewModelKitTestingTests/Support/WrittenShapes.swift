import Foundation
import ViewModelKit
import ViewModelKitRecording
@testable import ViewModelKitTesting

/// What the writers produce for every shape of client method and of child (`Support/ShapesModel.swift`):
/// `WrittenShapesTests` checks the text, `WrittenShapesRoundTripTests` builds and runs it in a
/// package of its own.
@MainActor
enum WrittenShapes {
    /// The double of every method shape, as an exploration's test writes it.
    static let client = ScriptedClient(
        name: "ShapesClient", typeName: "ScriptedShapesClient", conformances: ["ShapesClient"],
        methods: [
            .init(name: "load", signature: "func load(id: Int) async throws -> String", key: "id"),
            .init(name: "delete", signature: "func delete(id: Int) async throws", key: "id"),
            .init(name: "count", signature: "func count(of id: Int) async -> Int", key: "id"),
            .init(name: "ping", signature: "func ping(id: Int) async", key: "id"),
            .init(name: "status", signature: "func status(of id: Int) throws -> String", key: "id"),
            .init(name: "reset", signature: "func reset(id: Int) throws", key: "id"),
            .init(name: "isEnabled", signature: "func isEnabled(id: Int) -> Bool", key: "id"),
            .init(name: "chime", signature: "func chime(id: Int)", key: "id"),
            .init(name: "updates", signature: "func updates(id: Int) -> AsyncThrowingStream<Int, any Error>", key: "id"),
            .init(name: "ticks", signature: "func ticks(id: Int) -> AsyncStream<Int>", key: "id"),
        ]
    )

    /// How a written test makes the view model.
    static let subject = "ShapesModel(client: ScriptedShapesClient(answers: answers))"

    /// Lets the main actor run what is queued (the recorder's end of a turn).
    static func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    /// A session that adds, changes, moves and removes rows, presents and dismisses a detail,
    /// changes screens and pushes and pops a stack, recorded and written as `<name>Tests`; when
    /// `making`, the recorder is told how to make each child.
    static func recordedChildren(named name: String, making: Bool) async -> (source: String, problems: [String]) {
        let model = ShapesModel(client: ShapesClientDouble(answers: ScriptedAnswers()))
        let recorder = SessionRecorder(model)
        if making {
            recorder.writeChildren(of: ShapesRow.self) { ("ShapesRow(id: \($0.id))", ShapesRow(id: $0.id)) }
            recorder.writeChildren(of: ShapesDetail.self) { ("ShapesDetail(id: \($0.id))", ShapesDetail(id: $0.id)) }
            recorder.writeChildren(of: ShapesSettings.self) { _ in ("ShapesSettings()", ShapesSettings()) }
            recorder.writeChildren(of: ShapesHome.self) { _ in ("ShapesHome()", ShapesHome()) }
        }
        let steps: [@MainActor () -> Void] = [
            { model.rowAdded() },
            { model.rowAdded() },
            { model.rows[1].toggled() },
            { model.rowsReversed() },
            { model.firstRowRemoved() },
            { model.detailOpened() },
            { model.detail?.titleChanged("Draft") },
            { model.detailClosed() },
            { model.settingsShown() },
            { if case .settings(let settings) = model.screen { settings.toggled() } },
            { model.homeShown() },
            { model.detailPushed() },
            { model.notePushed("memo") },
            { if case .detail(let detail) = model.path[0] { detail.titleChanged("Pushed") } },
            { model.popped() },
        ]
        for step in steps {
            step()
            await settle()
        }
        var test = RecordedTest(name: name, imports: ["Shapes"], subject: subject)
        test.setup = ["let answers = ScriptedAnswers()"]
        test.declarations = [client.source]
        let (files, problems) = recorder.testFiles(test)
        return (String(decoding: files.first?.contents ?? Data(), as: UTF8.self), problems)
    }

    /// The exploration of the client's calls and a list, each of whose invariants a run breaks: a
    /// synchronous answer, an asynchronous one, a row the exploration cannot make, and one it makes.
    static func exploration(invariant: String, _ holds: @escaping @MainActor (ShapesModel) -> Bool) -> Exploration<ShapesModel> {
        Exploration { ShapesModel(client: ShapesClientDouble(answers: $0.answers)) }
            .intent("loadTapped()") { $0.loadTapped() }
            .intent("deleteTapped()") { $0.deleteTapped() }
            .intent("countTapped()") { $0.countTapped() }
            .intent("pingTapped()") { $0.pingTapped() }
            .intent("statusTapped()") { $0.statusTapped() }
            .intent("resetTapped()") { $0.resetTapped() }
            .intent("enabledChecked()") { $0.enabledChecked() }
            .intent("chimeTapped()") { $0.chimeTapped() }
            .intent("updatesStarted()") { $0.updatesStarted() }
            .intent("ticksStarted()") { $0.ticksStarted() }
            .intent("rowAdded()") { $0.rowAdded() }
            .answers("ShapesClient", "load") { (_: Int, _) in "loaded" }
            .answers("ShapesClient", "delete") { (_: Int, _) in () }
            .answers("ShapesClient", "count") { (id: Int, _) in id }
            .answers("ShapesClient", "ping") { (_: Int, _) in () }
            .answers("ShapesClient", "status") { (_: Int, _) in "ready" }
            .answers("ShapesClient", "reset") { (_: Int, _) in () }
            .answers("ShapesClient", "isEnabled") { (_: Int, _) in true }
            .answers("ShapesClient", "chime") { (_: Int, _) in () }
            .answers("ShapesClient", "updates") { (id: Int, choices) -> Int? in choices.draw(below: 2) == 0 ? nil : id }
            .answers("ShapesClient", "ticks") { (id: Int, choices) -> Int? in choices.draw(below: 2) == 0 ? nil : id }
            .invariant(invariant, holds)
            .writingTests(ExploredTest(
                name: "Shapes" + invariant.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                imports: ["Shapes"], subject: subject, clients: [client]
            ))
    }

    /// The five explorations' failures, each with its written test (explored once a process).
    static func exploredFailures() async -> [ExplorationFailure] {
        if let explored { return explored }
        let reporter = RecordingIssueReporter()
        var failures: [ExplorationFailure] = []
        for exploration in [
            exploration(invariant: "never enabled") { !$0.isEnabled },
            exploration(invariant: "nothing loads") { $0.text != "loaded" },
            exploration(invariant: "no rows") { $0.rows.isEmpty },
            exploration(invariant: "no rows made") { $0.rows.isEmpty }
                .writingChildren(of: ShapesRow.self) { ("ShapesRow(id: \($0.id))", ShapesRow(id: $0.id)) },
            // An `async` intent: the written test awaits it.
            exploration(invariant: "nothing refreshed") { $0.text != "refreshed" }
                .asyncIntent("refreshed()") { await $0.refreshed() },
        ] {
            var exploration = exploration
            exploration.printsReport = false
            if let failure = await exploration.explore(ExplorationBudget(seed: 1, runs: 50, steps: 12), reporter: reporter).failure {
                failures.append(failure)
            }
        }
        explored = failures
        return failures
    }

    private static var explored: [ExplorationFailure]?
}
