import ViewModelKitExampleCounter
import Foundation
import ViewModelKit
import ViewModelKitRecording
import ViewModelKitTesting
import XCTest

// The code of the article "Recording a test" (RecordingATest.md).

enum RecordingATestArticle {
    // snippet: recording-intents
    @MainActor
    final class TallyViewModel: ViewModel {
        @Observed private(set) var count = 0

        func incrementButtonTapped() {
            recordIntent()                  // the one line that makes the intent recordable
            count += 1
        }

        func setButtonTapped(to value: Int) {
            recordIntent(value)             // its arguments, in order
            count = value
        }
    }
    // end snippet

    // snippet: recording-client
    /// How the test's double for the facts client is written; the client's one double
    /// (`NumberFactClientDouble`) logs its answers as "NumberFactClient".
    static let numberFacts = RecordedClient(
        typeName: "RecordedNumberFactClient",
        answeredAs: "NumberFactClient",
        conformances: ["NumberFactClientProtocol"],
        summary: "The facts the session was given, by number.",
        methods: [
            .init(
                name: "fetchFact", signature: "func fetchFact(number: Int) async throws -> String",
                key: "number", unrecorded: "throw NumberFactError.noFact(number)"
            )
        ]
    )
    // end snippet

    /// Records a session on `base` (a `TestClock` here; `ContinuousClock()` in an app) and writes its test.
    @MainActor
    static func record<Base: Clock<Duration>>(on base: Base, play: (CounterViewModel) async -> Void) async -> String {
        // snippet: recording-session
        let clock = RecordingClock(base)
        let answers = RecordedAnswers()
        let client = NumberFactClientDouble(answers: answers, live: FixtureNumberFactClient(directory: fixtures))
        let counter = CounterViewModel(client: client, clock: clock)
        let recorder = SessionRecorder(counter, clock: clock, answers: answers)

        await play(counter)                                // the person uses the app

        let test = RecordedTest(
            name: "CounterSession",
            imports: ["ViewModelKitExampleCounter"],
            subject: "CounterViewModel(client: RecordedNumberFactClient(), clock: clock)",
            clients: [numberFacts]
        )
        let (files, problems) = recorder.testFiles(test)   // or `try recorder.writeTest(test, to: directory)`
        // end snippet
        XCTAssertEqual(problems, [])
        return files.first.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }
}

@MainActor
final class RecordingATestArticleTests: XCTestCase {
    /// Lets the main actor run what is queued.
    private func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    func testTheArticlesGeneratedFileIsWhatTheRecorderWritesForItsSession() async throws {
        let live = TestClock()
        let source = await RecordingATestArticle.record(on: live) { counter in
            await live.advance(by: .milliseconds(800))
            // Each tap is a main-actor turn of its own, as in an app.
            counter.incrementButtonTapped()
            await self.settle()
            counter.incrementButtonTapped()
            await self.settle()
            counter.factButtonTapped()
            await self.settle()
            await live.advance(by: .milliseconds(1_500))
            counter.factAlertDismissed()
            await self.settle()
            await live.advance(by: .milliseconds(600))
            counter.toggleTimerButtonTapped()
            await self.settle()
            for _ in 1...3 {
                await live.advance(by: .seconds(1))
                await self.settle()
            }
            await live.advance(by: .milliseconds(400))
            counter.toggleTimerButtonTapped()
            await self.settle()
            await live.advance(by: .milliseconds(300))
            counter.decrementButtonTapped()
            await self.settle()
        }
        // The generated test, as the article shows it, is compiled beside this file.
        let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CounterSessionTests.swift")
        let file = try String(contentsOf: generatedFile, encoding: .utf8)
        let region = SnippetSync.snippets(in: file, path: generatedFile.path).snippets.first { $0.name == "recording-generated" }
        let generated = source.components(separatedBy: "\n").drop { !$0.hasPrefix("@MainActor") }.dropLast()
        XCTAssertEqual(Array(generated), region?.lines)
    }

    func testTheIntentsReportThemselvesOnlyWhileARecorderIsInstalled() async {
        let tally = RecordingATestArticle.TallyViewModel()
        tally.incrementButtonTapped()                       // no recorder: nothing recorded, nothing changes
        let recorder = SessionRecorder(tally)
        tally.setButtonTapped(to: 5)
        await settle()
        recorder.stop()
        tally.incrementButtonTapped()
        let (files, _) = recorder.testFiles(RecordedTest(name: "Tally", imports: [], subject: "TallyViewModel()"))
        let source = String(decoding: files.first?.contents ?? Data(), as: UTF8.self)
        XCTAssertTrue(source.contains("await tester.send({ $0.setButtonTapped(to: 5) }) { $0.count = 5 }"), source)
        XCTAssertFalse(source.contains("incrementButtonTapped"), source)
    }
}
