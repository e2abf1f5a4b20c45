import Foundation
import ViewModelKit
@testable import ViewModelKitRecording
import ViewModelKitTesting
import XCTest

@MainActor
final class SessionRecorderTests: XCTestCase {
    /// A namer that logs its answers, as a front end's recording wrapper does.
    struct RecordingLapNamer: LapNamer {
        let base: any LapNamer
        let answers: RecordedAnswers
        func name(forLap lap: Int) async throws -> String {
            try await answers.record("RecordedLapNamer", "name", for: lap) { try await base.name(forLap: lap) }
        }
    }

    static let namer = RecordedClient(
        typeName: "RecordedLapNamer",
        conformances: ["LapNamer"],
        summary: "What the lap namer answered during the session.",
        methods: [
            .init(name: "name", signature: "func name(forLap lap: Int) async throws -> String", key: "lap", unrecorded: "throw LapNamerError.unnamed(lap)")
        ]
    )

    static let test = RecordedTest(
        name: "StopwatchSession",
        imports: ["Stopwatch"],
        subject: "Stopwatch(clock: clock, namer: RecordedLapNamer())",
        clients: [namer],
        summary: "Recorded from a stopwatch session."
    )

    /// Lets the main actor run what is queued (tasks' next steps, the recorder's end of a turn).
    private func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    func testASessionBecomesTheTestAPersonWouldWrite() async {
        let live = TestClock()
        let clock = RecordingClock(live)
        let answers = RecordedAnswers()
        let stopwatch = Stopwatch(clock: clock, namer: RecordingLapNamer(base: FixedLapNamer(), answers: answers))
        let recorder = SessionRecorder(stopwatch, clock: clock, answers: answers)
        recorder.writeChildren(of: Lap.self) { lap in
            ("Lap(number: \(lap.number), note: \"\(lap.note)\")", Lap(number: lap.number, note: lap.note))
        }

        stopwatch.startTapped()
        await settle()
        await live.advance(by: .seconds(2))
        await settle()
        await live.advance(by: .milliseconds(500))
        stopwatch.lapTapped("warm-up")
        await settle()
        stopwatch.laps[0].starTapped()
        await settle()
        stopwatch.nameRequested(forLap: 1)
        await settle()
        stopwatch.nameRequested(forLap: 7)
        await settle()
        stopwatch.resetTapped()
        await settle()

        let (files, problems) = recorder.testFiles(Self.test)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasPrefix("$0.stopTapped() reported in the same main-actor turn as $0.resetTapped()") == true, "\(problems)")
        XCTAssertEqual(files.map(\.name), ["StopwatchSessionTests.swift"])
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertEqual(source, Self.expected)
    }

    static let expected = """
        // Recorded from a stopwatch session.

        import Stopwatch
        import ViewModelKit
        import ViewModelKitTesting
        import XCTest

        @MainActor
        final class StopwatchSessionTests: XCTestCase {
            func testRecordedSession() async {
                let clock = TestClock()
                let tester = ViewModelTester(Stopwatch(clock: clock, namer: RecordedLapNamer()), clocks: [clock])

                await tester.send({ $0.startTapped() }) { $0.isRunning = true }

                await clock.advance(by: .seconds(1))
                await tester.receive { $0.seconds = 1 }

                await clock.advance(by: .seconds(1))
                await tester.receive { $0.seconds = 2 }

                await clock.advance(by: .milliseconds(500))
                await tester.send({ $0.lapTapped("warm-up") }) {
                    $0.laps.append(ViewModelState(Lap(number: 1, note: "warm-up")).erased)
                }

                await tester.send({ $0.laps[0].starTapped() }) {
                    $0.laps[0].modify(as: Lap.self) { $0.isStarred = true }
                }

                await tester.send({ $0.nameRequested(forLap: 1) })
                await tester.receive { $0.lapName = "Lap 1" }

                await tester.send({ $0.nameRequested(forLap: 7) })
                await tester.receive { $0.error = LapNamerError.unnamed(7) }

                // Also reported in this main-actor turn, inside this intent or after it (the recorder cannot tell which): $0.stopTapped().
                await tester.send({ $0.resetTapped() }) {
                    $0.seconds = 0
                    $0.isRunning = false
                    $0.laps.removeLast()
                }

                await tester.finish()
            }
        }

        /// What the lap namer answered during the session.
        private struct RecordedLapNamer: LapNamer {
            func name(forLap lap: Int) async throws -> String {
                switch lap {
                case 1: return "Lap 1"
                case 7: throw LapNamerError.unnamed(7)
                default: throw LapNamerError.unnamed(lap)
                }
            }
        }

        """
}

/// A screen with an optional settings sheet, for an intent recorded on an optional child.
@MainActor
final class EditorModel: ViewModel {
    @Child private(set) var settings: EditorSettingsModel?
    @Child private(set) var toolbar = EditorToolbarModel()

    func settingsButtonTapped() {
        recordIntent()
        settings = EditorSettingsModel()
    }
}

@MainActor
final class EditorToolbarModel: ViewModel {
    @Observed private(set) var isBold = false

    func boldTapped() {
        recordIntent()
        isBold.toggle()
    }
}

@MainActor
final class EditorSettingsModel: ViewModel {
    @Observed private(set) var showsPreviews = false

    func showPreviewsToggled(_ on: Bool) {
        recordIntent(on)
        showsPreviews = on
    }
}

extension SessionRecorderTests {
    /// An intent of an optional child is called through `?`, and the child that appeared is taken
    /// as the view model shows it (the recorder was not told how to make one), then changed in place.
    func testAnIntentOfAnOptionalChildKeepsItsQuestionMark() async {
        let editor = EditorModel()
        let recorder = SessionRecorder(editor)
        editor.settingsButtonTapped()
        await settle()
        editor.settings?.showPreviewsToggled(true)
        await settle()
        editor.toolbar.boldTapped()
        await settle()
        let (files, problems) = recorder.testFiles(RecordedTest(name: "Editor", imports: [], subject: "EditorModel()"))
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(source.contains("await tester.send({ $0.settingsButtonTapped() }) { $0.settings = $0.shown(\\.settings) }"), source)
        XCTAssertTrue(source.contains("await tester.send({ $0.settings?.showPreviewsToggled(true) }) { $0.settings?.showsPreviews = true }"), source)
        // A child that is not optional keeps no `?`.
        XCTAssertTrue(source.contains("await tester.send({ $0.toolbar.boldTapped() }) { $0.toolbar.isBold = true }"), source)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.contains("writeChildren(of: EditorSettingsModel.self)") == true, "\(problems)")
    }
}

extension SessionRecorderTests {
    /// Three intents called in one main-actor turn (a view's action that calls several): the
    /// written test says which were merged into the first one's step, and why.
    func testIntentsCalledInOneTurnAreNamedInTheWrittenTest() async {
        let stopwatch = Stopwatch(clock: TestClock())
        let recorder = SessionRecorder(stopwatch)
        stopwatch.lapTapped("one")
        stopwatch.lapTapped("two")
        stopwatch.lapTapped("three")
        await settle()
        let (files, problems) = recorder.testFiles(RecordedTest(name: "Laps", imports: [], subject: "Stopwatch(clock: clock)"))
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(source.contains(#"(the recorder cannot tell which): $0.lapTapped("two"), $0.lapTapped("three")."#), source)
        XCTAssertTrue(problems.contains { $0.contains("recorder.userAction") }, "\(problems)")

        // Wrapped in user actions, each is a step of its own.
        let again = Stopwatch(clock: TestClock())
        let each = SessionRecorder(again)
        each.userAction { again.lapTapped("one") }
        each.userAction { again.lapTapped("two") }
        await settle()
        let written = String(decoding: each.testFiles(RecordedTest(name: "Laps", imports: [], subject: "Stopwatch(clock: clock)")).files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(written.contains(#"await tester.send({ $0.lapTapped("two") })"#), written)
        XCTAssertFalse(written.contains("Also reported"), written)
    }
}

/// A feed that a view loads from `.task` and `.refreshable`.
@MainActor
private final class RecordedFeedModel: ViewModel {
    @Observed private(set) var items: [String] = []
    @Observed private(set) var filter = ""

    func refresh() async {
        await recordIntent()
        items = ["a"]
    }

    func load(query: String) async throws {
        await recordIntent(query, throwing: true)
        filter = query
        try Task.checkCancellation()
    }

    func clear() {
        recordIntent()
        items = []
    }

    /// What a view's `.task(id: query)` awaits: one argument, and it cannot throw.
    func search(_ text: String) async {
        await recordIntent(text)
        filter = text
    }

    func move(from source: Int, to destination: Int) async {
        await recordIntent(source, destination)
        items = ["\(source)→\(destination)"]
    }

    func rename(_ index: Int, to name: String, notify: Bool) async {
        await recordIntent(index, name, notify)
        items = ["\(index): \(name)\(notify ? "!" : "")"]
    }
}

extension SessionRecorderTests {
    /// An intent that reports itself with `await recordIntent(…)` is written awaited, as the view's
    /// `.task` awaits it; one that throws with `try? await`; a plain one as before.
    func testAnAsyncIntentIsWrittenAwaited() async {
        let feed = RecordedFeedModel()
        let recorder = SessionRecorder(feed)
        await feed.refresh()
        await settle()
        try? await feed.load(query: "swift")
        await settle()
        feed.clear()
        await settle()
        let (files, _) = recorder.testFiles(RecordedTest(name: "Feed", imports: [], subject: "RecordedFeedModel()"))
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(source.contains(#"await tester.send({ await $0.refresh() }) { $0.items = ["a"] }"#), source)
        XCTAssertTrue(source.contains(#"await tester.send({ try? await $0.load(query: "swift") }) { $0.filter = "swift" }"#), source)
        XCTAssertTrue(source.contains("await tester.send({ $0.clear() }) { $0.items = [] }"), source)
    }

    /// `await recordIntent(argument)` in an `async` intent that cannot throw picks the `async`
    /// overload, as the one without arguments does: the written test awaits the intent (unawaited,
    /// it does not compile).
    func testAnAsyncIntentWithArgumentsThatCannotThrowIsWrittenAwaited() async {
        let feed = RecordedFeedModel()
        let recorder = SessionRecorder(feed)
        await feed.search("swift")
        await settle()
        await feed.move(from: 1, to: 2)
        await settle()
        await feed.rename(0, to: "a", notify: true)
        await settle()
        let (files, _) = recorder.testFiles(RecordedTest(name: "Feed", imports: [], subject: "RecordedFeedModel()"))
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(source.contains(#"await tester.send({ await $0.search("swift") }) { $0.filter = "swift" }"#), source)
        XCTAssertTrue(source.contains(#"await tester.send({ await $0.move(from: 1, to: 2) }) { $0.items = ["1→2"] }"#), source)
        XCTAssertTrue(source.contains(#"await tester.send({ await $0.rename(0, to: "a", notify: true) }) { $0.items = ["0: a!"] }"#), source)
    }
}

/// A feed that loads in an `async` intent through a client (the view's `.task`), and stars in an owned task.
@MainActor
private final class RecordedLoadingModel: ViewModel {
    @Observed private(set) var items: [String] = []
    @Observed private(set) var isLoading = false
    private let answers: RecordedAnswers

    init(answers: RecordedAnswers) { self.answers = answers }

    func load() async {
        await recordIntent()
        isLoading = true
        defer { isLoading = false }
        items = (try? await answers.record("FeedClient", "latest", for: "") { () async throws -> [String] in
            await Task.yield()   // the live client's answer comes in a later main-actor turn
            return ["a"]
        }) ?? []
    }
}

extension SessionRecorderTests {
    /// An `async` intent whose first wait is a client call: the written double answers at once, so a
    /// replay's `send` runs the intent to its end. The recorded test asserts what the intent changed
    /// after the call in that `send`, not in a `receive` that would find no task running.
    func testAnAsyncIntentsChangesAfterAClientCallBelongToItsSend() async {
        let answers = RecordedAnswers()
        let feed = RecordedLoadingModel(answers: answers)
        let recorder = SessionRecorder(feed, answers: answers)
        await feed.load()
        await settle()
        let (files, _) = recorder.testFiles(RecordedTest(name: "Feed", imports: [], subject: "RecordedLoadingModel()"))
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(source.contains(#"await tester.send({ await $0.load() }) { $0.items = ["a"] }"#), source)
        XCTAssertFalse(source.contains("tester.receive"), source)
    }
}
