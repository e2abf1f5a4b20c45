import Foundation
import ViewModelKit
import ViewModelKitRecording
@testable import ViewModelKitTesting
import XCTest

/// What the writers produce for every shape of client method and of child, checked as text, and
/// compiled and run here: the double at the end of this file and the session below are the
/// writers' output, verbatim (the first tests check that they still are). `WrittenShapesRoundTripTests`
/// builds the written files themselves in a package of their own.
@MainActor
final class WrittenShapesTests: XCTestCase {
    /// This file's text, where the writers' output is pasted.
    private var thisFile: String {
        (try? String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)) ?? ""
    }

    func test_everyMethodShape_isWrittenAsTheDoubleBelow() {
        let source = WrittenShapes.client.source
        XCTAssertTrue(thisFile.contains(source), "The written double changed; paste it at the end of this file:\n\(source)")
        // Each shape, as its declaration needs it.
        for line in [
            #"try await answers.answer("ShapesClient", "load", for: id)"#,
            #"try await answers.answer("ShapesClient", "delete", for: id) as Void"#,
            #"await answers.answer("ShapesClient", "count", for: id, otherwise: 0)"#,
            #"await answers.answer("ShapesClient", "ping", for: id, otherwise: ())"#,
            #"try answers.answerNow("ShapesClient", "status", for: id)"#,
            #"try answers.answerNow("ShapesClient", "reset", for: id) as Void"#,
            #"answers.answerNow("ShapesClient", "isEnabled", for: id, otherwise: false)"#,
            #"answers.answerNow("ShapesClient", "chime", for: id, otherwise: ())"#,
            #"answers.stream("ShapesClient", "updates", for: id)"#,
            #"answers.stream("ShapesClient", "ticks", for: id)"#,
        ] {
            XCTAssertTrue(source.contains("        " + line + "\n"), line)
        }
    }

    func test_aMethodShape_isReadFromItsDeclaration() {
        XCTAssertEqual(MethodShape("func f(a: (Int) -> Void) async throws(MyError) -> [String: Int] where T: P"),
                       MethodShape(isAsync: true, throwing: true, returnType: "[String: Int]"))
        XCTAssertEqual(MethodShape("func f<T>(_ x: T) rethrows").throwing, true)
        XCTAssertEqual(MethodShape("func f() -> Int?").defaultValue, "nil")
        XCTAssertEqual(MethodShape("func f() -> [String: Int]").defaultValue, "[:]")
        XCTAssertNil(MethodShape("func f() -> Forecast").defaultValue)
        XCTAssertEqual(MethodShape("func f() -> AsyncThrowingStream<Forecast, any Error>").streamElement, "Forecast")
        let custom = ScriptedClient.Method(name: "forecast", signature: "func forecast() async -> Forecast", key: "()", otherwise: ".unknown")
        XCTAssertEqual(custom.body(client: "Weather"), #"await answers.answer("Weather", "forecast", for: (), otherwise: .unknown)"#)
        var weather = ScriptedClient(name: "Weather", typeName: "ScriptedWeather", conformances: ["WeatherClient"], methods: [custom])
        XCTAssertEqual(weather.notes, [])
        weather.methods[0].otherwise = nil
        XCTAssertEqual(weather.notes.count, 1)
        XCTAssertTrue(weather.notes.first?.contains("ScriptedWeather.forecast") == true, "\(weather.notes)")
    }

    func test_everyChildShape_isWrittenAsTheTestersExpectationsTakeIt() async {
        let shown = await WrittenShapes.recordedChildren(named: "ShapesShown", making: false)
        let body = Self.testBody(of: shown.source)
        XCTAssertTrue(thisFile.contains(body), "The written session changed; paste its body below:\n\(body)")
        XCTAssertEqual(shown.problems.count, 4, "\(shown.problems)")
        XCTAssertTrue(shown.problems.contains { $0.contains("recorder.writeChildren(of: ShapesRow.self)") }, "\(shown.problems)")

        let made = await WrittenShapes.recordedChildren(named: "ShapesMade", making: true)
        XCTAssertEqual(made.problems, [])
        for line in [
            "await tester.send({ $0.rowAdded() }) { $0.rows.append(ViewModelState(ShapesRow(id: 1)).erased) }",
            "await tester.send({ $0.detailOpened() }) { $0.detail = ViewModelState(ShapesDetail(id: 7)) }",
            "$0.screen = ShapesModel.Screen.settings(ShapesSettings())",
            "await tester.send({ $0.homeShown() }) { $0.screen = ShapesModel.Screen.home(ShapesHome()) }",
            "$0.path.append(ViewModelState(ShapesDetail(id: 0)).erased)",
        ] {
            XCTAssertTrue(made.source.contains(line), "\(line)\n\(made.source)")
        }
    }

    /// The written session's body (children as the view model shows them), pasted: it compiles, and
    /// it replays.
    func test_theWrittenSession_replays() async throws {
        let clock = TestClock()
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(ShapesModel(client: ScriptedShapesClient(answers: answers)), clocks: [clock])

        await tester.send({ $0.rowAdded() }) { $0.rows.append($0.shown(\.rows, at: 0)) }
        await tester.send({ $0.rowAdded() }) { $0.rows.append($0.shown(\.rows, at: 1)) }

        await tester.send({ $0.rows[1].toggled() }) {
            $0.rows[1].modify(as: ShapesRow.self) { $0.isDone = true }
        }

        await tester.send({ $0.rowsReversed() }) { $0.rows = [$0.rows[1], $0.rows[0]] }

        await tester.send({ $0.firstRowRemoved() }) { $0.rows.remove(at: 0) }

        await tester.send({ $0.detailOpened() }) { $0.detail = $0.shown(\.detail) }

        await tester.send({ $0.detail?.titleChanged("Draft") }) { $0.detail?.title = "Draft" }

        await tester.send({ $0.detailClosed() }) { $0.detail = nil }

        await tester.send({ $0.settingsShown() }) { $0.screen = $0.shown(\.screen) }

        await tester.send({ if case .settings(let settings) = $0.screen { settings.toggled() } }) {
            $0[\.screen, case: ShapesModel.Screen.settings]?.isOn = true
        }

        await tester.send({ $0.homeShown() }) { $0.screen = $0.shown(\.screen) }

        await tester.send({ $0.detailPushed() }) { $0.path.append($0.shown(\.path, at: 0)) }

        await tester.send({ $0.notePushed("memo") }) { $0.path.append(ShapesModel.Path.note("memo")) }

        await tester.send({ if case .detail(let detail) = $0.path[0] { detail.titleChanged("Pushed") } }) {
            $0.path[0].modify(as: ShapesDetail.self) { $0.title = "Pushed" }
        }

        await tester.send({ $0.popped() }) { $0.path.removeLast() }

        await tester.finish()
    }

    /// A child taken as shown still fails a test where it is missing or of another type.
    func test_aChildTakenAsShown_isStillChecked() async {
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(ShapesModel(client: ScriptedShapesClient(answers: ScriptedAnswers())), reporter: reporter)
        await tester.send({ $0.detailOpened() })
        XCTAssertEqual(reporter.messages.count, 1, "the detail that appeared is not expected")
        reporter.removeAll()
        await tester.send({ $0.rowAdded() }) { $0.rows.append($0.shown(\.rows, at: 3)) }
        XCTAssertEqual(reporter.messages.count, 1, "a row the list does not have is not the row that appeared")
        XCTAssertTrue(reporter.messages.first?.contains("(no entry)") == true, "\(reporter.messages)")
        await tester.skipReceivedChanges(strict: false)
        tester.exhaustivity = .off(showSkippedAssertions: false)
        await tester.finish()
    }

    /// Every shape of the written double answers as its test says: by call number, ahead of a
    /// synchronous call, element by element for a stream, and a method that cannot throw returns
    /// its fallback once cancelled.
    func test_everyMethodShape_answersAsTheWrittenTestSays() async {
        let clock = TestClock()
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(ShapesModel(client: ScriptedShapesClient(answers: answers)), clocks: [clock])

        await tester.send({ $0.loadTapped() })
        await answers.respond(to: "ShapesClient", "load", for: 1, call: 1, returning: "loaded")
        await tester.receive { $0.text = "loaded" }

        await tester.send({ $0.deleteTapped() })
        await answers.respond(to: "ShapesClient", "delete", for: 2, call: 2, returning: ())
        await tester.receive { $0.text = "deleted" }

        await tester.send({ $0.countTapped() })
        await answers.respond(to: "ShapesClient", "count", for: 3, call: 3, returning: 12)
        await tester.receive { $0.number = 12 }

        await tester.send({ $0.pingTapped() })
        await answers.respond(to: "ShapesClient", "ping", for: 4, call: 4, returning: ())
        await tester.receive { $0.text = "pinged" }

        answers.respondNow(to: "ShapesClient", "status", for: 5, call: 5, returning: "ready")
        await tester.send({ $0.statusTapped() }) { $0.text = "ready" }

        answers.respondNow(to: "ShapesClient", "reset", for: 6, call: 6, returning: ())
        await tester.send({ $0.resetTapped() }) { $0.number = 0 }

        answers.respondNow(to: "ShapesClient", "isEnabled", for: 7, call: 7, returning: true)
        await tester.send({ $0.enabledChecked() }) { $0.isEnabled = true }

        answers.respondNow(to: "ShapesClient", "chime", for: 8, call: 8, returning: ())
        await tester.send({ $0.chimeTapped() }) { $0.number = 1 }

        await tester.send({ $0.updatesStarted() })
        await answers.respond(to: "ShapesClient", "updates", for: 9, call: 9, returning: 90 as Int?)
        await tester.receive { $0.received = [90] }
        await answers.respond(to: "ShapesClient", "updates", for: 9, call: 10, returning: nil as Int?)

        await tester.send({ $0.ticksStarted() })
        await answers.respond(to: "ShapesClient", "ticks", for: 10, call: 11, returning: 100 as Int?)
        await tester.receive { $0.received = [90, 100] }

        // Call 12 is the ticks stream's next element. Cancelled while it waits (call 13), a count
        // that cannot throw returns its fallback.
        await tester.send({ $0.countTapped() })
        await tester.send({ $0.countTapped() })
        await tester.receive { $0.number = 0 }
        await answers.respond(to: "ShapesClient", "count", for: 3, call: 14, returning: 5)
        await tester.receive { $0.number = 5 }
        await tester.skipInFlightTasks()
        await tester.finish()
    }

    func test_anExploration_writesSynchronousAnswersAheadAndAnswersByNumber() async {
        let failures = await WrittenShapes.exploredFailures()
        XCTAssertEqual(failures.map(\.invariant), ["never enabled", "nothing loads", "no rows", "no rows made", "nothing refreshed"])
        let refreshed = failures.last?.testSource ?? ""
        XCTAssertTrue(refreshed.contains("await tester.send({ await $0.refreshed() })"), refreshed)
        let enabled = failures.first?.testSource ?? ""
        XCTAssertTrue(enabled.contains("""
                    answers.respondNow(to: "ShapesClient", "isEnabled", for: 7, call: 1, returning: true)
                    await tester.send({ $0.enabledChecked() })
            """), enabled)
        let loads = failures.count > 1 ? failures[1].testSource ?? "" : ""
        XCTAssertTrue(loads.contains(#"await answers.respond(to: "ShapesClient", "load", for: 1, call: 1, returning: "loaded")"#), loads)
    }

    /// A child the exploration cannot make: the written test takes it as shown, and the failure
    /// names the call that says how to make one.
    func test_aChildTheExplorationCannotMake_isNamedInTheFailure() async {
        let failures = await WrittenShapes.exploredFailures()
        guard failures.count == 5, case let rows = failures[2], rows.invariant == "no rows" else {
            return XCTFail("\(failures.map(\.invariant))")
        }
        XCTAssertTrue(rows.description.contains("say how to make one: .writingChildren(of: ShapesRow.self) { … }"), rows.description)
        XCTAssertTrue(rows.testSource?.contains("{ $0.rows.append($0.shown(\\.rows, at: 0)) }") == true,
                      rows.testSource ?? "")
        // Told how to make one, the test makes it afresh, and the failure has nothing to add.
        let made = failures[3]
        XCTAssertEqual(made.testNotes, [])
        XCTAssertTrue(made.testSource?.contains("$0.rows.append(ViewModelState(ShapesRow(id: 1)).erased)") == true, made.testSource ?? "")
    }

    /// The lines of a written test's method, from its clock to its end.
    static func testBody(of source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix("let clock = TestClock()") }),
              let end = lines[start...].firstIndex(where: { $0.hasSuffix("await tester.finish()") })
        else { return source }
        return lines[start...end].joined(separator: "\n")
    }
}

/// Hands each call to the test's answers.
private struct ScriptedShapesClient: ShapesClient {
    let answers: ScriptedAnswers

    func load(id: Int) async throws -> String {
        try await answers.answer("ShapesClient", "load", for: id)
    }

    func delete(id: Int) async throws {
        try await answers.answer("ShapesClient", "delete", for: id) as Void
    }

    func count(of id: Int) async -> Int {
        await answers.answer("ShapesClient", "count", for: id, otherwise: 0)
    }

    func ping(id: Int) async {
        await answers.answer("ShapesClient", "ping", for: id, otherwise: ())
    }

    func status(of id: Int) throws -> String {
        try answers.answerNow("ShapesClient", "status", for: id)
    }

    func reset(id: Int) throws {
        try answers.answerNow("ShapesClient", "reset", for: id) as Void
    }

    func isEnabled(id: Int) -> Bool {
        answers.answerNow("ShapesClient", "isEnabled", for: id, otherwise: false)
    }

    func chime(id: Int) {
        answers.answerNow("ShapesClient", "chime", for: id, otherwise: ())
    }

    func updates(id: Int) -> AsyncThrowingStream<Int, any Error> {
        answers.stream("ShapesClient", "updates", for: id)
    }

    func ticks(id: Int) -> AsyncStream<Int> {
        answers.stream("ShapesClient", "ticks", for: id)
    }
}
