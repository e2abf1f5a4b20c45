import ViewModelKit
import ViewModelKitTesting
import XCTest

extension ClientMethod {
    /// `ShapesClient.load(id:)`, named once.
    fileprivate static var load: ClientMethod<Int, String> { .init(of: (any ShapesClient).self) }
    /// `ShapesClient.isEnabled(id:)`, named once.
    fileprivate static var isEnabled: ClientMethod<Int, Bool> { .init(of: (any ShapesClient).self) }
    /// `ShapesClient.updates(id:)`: each element one call.
    fileprivate static var updates: ClientMethod<Int, Int?> { .init(of: (any ShapesClient).self) }
}

/// A double whose names the compiler checks.
private struct CheckedShapesClient: ShapesClient {
    let answers: any ClientAnswers
    func load(id: Int) async throws -> String { try await answers.answer(.load, for: id) }
    func delete(id: Int) async throws {}
    func count(of id: Int) async -> Int { 0 }
    func ping(id: Int) async {}
    func status(of id: Int) throws -> String { "" }
    func reset(id: Int) throws {}
    func isEnabled(id: Int) -> Bool { answers.answerNow(.isEnabled, for: id, otherwise: false) }
    func chime(id: Int) {}
    func updates(id: Int) -> AsyncThrowingStream<Int, any Error> { answers.stream(.updates, for: id) }
    func ticks(id: Int) -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}

/// Client methods named by the compiler: the same names as the strings a written test spells out.
@MainActor
final class ClientMethodTests: XCTestCase {
    func test_aMethodIsNamedAfterItsProtocolAndItsProperty() {
        XCTAssertEqual(ClientMethod<Int, String>.load, ClientMethod(client: "ShapesClient", method: "load"))
    }

    func test_aDoubleAndATestScript_nameCallsByTheCompiler() async {
        let clock = TestClock()
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(ShapesModel(client: CheckedShapesClient(answers: answers)), clocks: [clock])
        await tester.send({ $0.loadTapped() })
        await answers.respond(to: .load, for: 1, call: 1, returning: "loaded")
        await tester.receive { $0.text = "loaded" }
        answers.respondNow(to: .isEnabled, for: 7, returning: true)
        await tester.send({ $0.enabledChecked() }) { $0.isEnabled = true }
        await tester.send({ $0.updatesStarted() })
        await answers.respond(to: .updates, for: 9, returning: 4)
        await tester.receive { $0.received = [4] }
        await answers.respond(to: .updates, for: 9, returning: nil)
        await tester.finish()
    }

    /// An exploration's answers named by the compiler meet the calls of a double that spells the
    /// names out.
    func test_anExploration_answersByTheCompilersNames() async {
        let report = await Exploration { ShapesModel(client: ShapesClientDouble(answers: $0.answers)) }
            .intent("loadTapped()") { $0.loadTapped() }
            .answers(.load) { id, _ in "loaded \(id)" }
            .invariant("nothing loads") { $0.text.isEmpty }
            .explore(ExplorationBudget(seed: 1, runs: 20, steps: 6), reporter: RecordingIssueReporter())
        XCTAssertEqual(report.failure?.steps.last, "answer call 1, ShapesClient.load(1), with loaded 1")
    }
}
