import Foundation
import ViewModelKit
import ViewModelKitRecording
import ViewModelKitTesting
import XCTest

// The code of the sections of "Exploring a view model" (ExploringAViewModel.md) and "Recording a
// test" (RecordingATest.md) on clients of every shape, names the compiler checks, and children.

// snippet: exploring-client-method
/// A voice memo player's client: a method of each shape.
protocol MemoPlayerClient: Sendable {
    func play(_ memo: String) async throws                 // async, throws, returns nothing
    func duration(of memo: String) async -> Duration       // async, cannot fail
    func isMicrophoneAllowed() -> Bool                     // synchronous
    func levels(of memo: String) -> AsyncStream<Double>    // a stream
}

extension ClientMethod {
    static var play: ClientMethod<String, Void> { .init(of: (any MemoPlayerClient).self) }
    static var duration: ClientMethod<String, Duration> { .init(of: (any MemoPlayerClient).self) }
    static var isMicrophoneAllowed: ClientMethod<Void, Bool> { .init(of: (any MemoPlayerClient).self) }
    static var levels: ClientMethod<String, Double?> { .init(of: (any MemoPlayerClient).self) }
}

/// The player's one double: each call goes to whatever answers it, named by the compiler.
struct MemoPlayerDouble: MemoPlayerClient {
    let answers: any ClientAnswers

    func play(_ memo: String) async throws { try await answers.answer(.play, for: memo) }
    func duration(of memo: String) async -> Duration { await answers.answer(.duration, for: memo, otherwise: .zero) }
    func isMicrophoneAllowed() -> Bool { answers.answerNow(.isMicrophoneAllowed, for: (), otherwise: false) }
    func levels(of memo: String) -> AsyncStream<Double> { answers.stream(.levels, for: memo) }
}
// end snippet

/// A row of the memo list.
@MainActor
final class MemoRowModel: ViewModel {
    let name: String
    @Observed private(set) var isPlaying = false

    init(name: String) {
        self.name = name
        super.init()
    }

    func playing(_ on: Bool) { isPlaying = on }
}

/// A memo list that plays memos and records new ones, when the microphone is allowed.
@MainActor
final class MemoListModel: ViewModel {
    @Child private(set) var rows: [MemoRowModel] = []
    @Observed private(set) var durations: [String: Duration] = [:]
    @Observed private(set) var level: Double = 0
    @Observed private(set) var alert: String?
    private let player: any MemoPlayerClient

    init(player: any MemoPlayerClient) {
        self.player = player
        super.init()
    }

    func recordTapped() {
        recordIntent()
        guard player.isMicrophoneAllowed() else {
            alert = "The microphone is off."
            return
        }
        rows.append(MemoRowModel(name: "Memo \(rows.count + 1)"))
    }

    func playTapped(_ index: Int) {
        recordIntent(index)
        guard rows.indices.contains(index) else { return }
        let row = rows[index]
        row.playing(true)
        task(id: "play") { [weak self, player] in
            async let finished: Void = player.play(row.name)
            let duration = await player.duration(of: row.name)
            self?.durations[row.name] = duration
            for await level in player.levels(of: row.name) { self?.level = level }
            try await finished
            row.playing(false)
        }
    }
}

@MainActor
final class WrittenShapesArticleTests: XCTestCase {
    func test_aDoubleOfEveryShape_isExploredByNamesTheCompilerChecks() async {
        // snippet: exploring-client-method-answers
        let exploration = Exploration { MemoListModel(player: MemoPlayerDouble(answers: $0.answers)) }
            .intent("recordTapped()") { $0.recordTapped() }
            .intent("playTapped(_:)", arguments: { model, choices in
                let index = choices.draw(below: 3)
                model.playTapped(index)
                return "playTapped(\(index))"
            })
            .answers(.play) { _, _ in () }
            .answers(.duration) { _, choices in .seconds(choices.draw(below: 60)) }
            .answers(.isMicrophoneAllowed) { _, _ in true }        // a synchronous call: the simplest value
            .answers(.levels) { _, choices in choices.draw(below: 3) == 0 ? nil : 0.5 }   // nil ends the stream
            .writingChildren(of: MemoRowModel.self) { row in
                ("MemoRowModel(name: \(SessionRecorder.swiftSource(for: row.name) ?? "\"\""))", MemoRowModel(name: row.name))
            }
            .invariant("one memo plays at a time") { $0.rows.filter(\.isPlaying).count <= 1 }
        // end snippet
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 60, steps: 20), reporter: RecordingIssueReporter())
        XCTAssertNotNil(report.failure, "playing a second memo leaves the first one playing")
    }

    func test_childrenAreWrittenAsTheTestersExpectationsTakeThem() async {
        let clock = TestClock()
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(MemoListModel(player: MemoPlayerDouble(answers: answers)), clocks: [clock])
        // snippet: recording-children-shown
        answers.respondNow(to: "MemoPlayerClient", "isMicrophoneAllowed", for: (), call: 1, returning: true)
        await tester.send({ $0.recordTapped() }) { $0.rows.append($0.shown(\.rows, at: 0)) }
        // end snippet
        answers.respondNow(to: .isMicrophoneAllowed, for: (), call: 2, returning: true)
        // snippet: recording-children-made
        await tester.send({ $0.recordTapped() }) { $0.rows.append(ViewModelState(MemoRowModel(name: "Memo 2")).erased) }
        // end snippet
        await tester.finish()
    }
}
