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
        XCTAssertEqual(problems, [])
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
