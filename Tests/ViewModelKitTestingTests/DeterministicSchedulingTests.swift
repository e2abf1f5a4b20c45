import Foundation
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The scenarios of a meetings app's record screen, each run 1,000 times under `VMK_FULL_STRESS`
/// (`.ci/run` sets it) and 25 times otherwise: with the clocks' yields and main-actor scheduling,
/// every run interleaves the timer and the other tasks the same way.
/// (Every scenario runs inside `withMainActorScheduling`: a sleep through `any Clock` hops to the
/// global executor, and without the scope that hop runs in parallel with the test, so on a loaded
/// machine a tick can land after `advance` has returned.)
final class DeterministicSchedulingTests: XCTestCase {
    private let iterations = FullStress.count(25, full: 1_000)

    // MARK: - A timer ticking while a stream fills the state

    @MainActor
    func testOnATestClockTheTranscriptLandsBetweenTheSameTicksEveryTime() async {
        await withMainActorScheduling {
            for iteration in 0..<iterations {
                let clock = TestClock()
                let model = RecordMeetingModel(duration: 5, clock: clock, speech: speech(on: clock))
                model.onAppear()
                await clock.advance(by: .seconds(5))
                // At 2 s the timer and a word are both due; the timer started its sleep first.
                XCTAssertEqual(model.transcript, ["0:a", "0:b", "1:c", "1:d", "2:e", "2:f", "2:g"], "iteration \(iteration)")
                XCTAssertEqual(model.secondsElapsed, 5, "iteration \(iteration)")
                await waitUntilIdle(model)
                XCTAssertTrue(clock.pendingSleepers.isEmpty, "iteration \(iteration)")
                if model.transcript.count != 7 { break }
            }
        }
    }

    @MainActor
    func testOnAnImmediateClockTheTranscriptLandsBetweenTheSameTicksEveryTime() async {
        await withMainActorScheduling {
            var first: [String]?
            for iteration in 0..<iterations {
                let clock = ImmediateClock()
                let model = RecordMeetingModel(duration: 5, clock: clock, speech: speech(on: clock))
                model.onAppear()
                await waitUntilIdle(model)
                XCTAssertEqual(model.secondsElapsed, 5, "iteration \(iteration)")
                guard let expected = first else {
                    first = model.transcript
                    XCTAssertEqual(model.transcript.count, 7)
                    // Interleaved with the ticks: neither all before the first tick nor all after the last.
                    XCTAssertNotEqual(Set(model.transcript.map { $0.prefix(1) }).count, 1, "\(model.transcript)")
                    continue
                }
                XCTAssertEqual(model.transcript, expected, "iteration \(iteration)")
                if model.transcript != expected { break }
            }
        }
    }

    // MARK: - An alert that pauses the timer, then the user resumes

    @MainActor
    func testOnATestClockAnAlertPausesTheTimerUntilTheUserResumes() async {
        await withMainActorScheduling {
            for iteration in 0..<iterations {
                let clock = TestClock()
                let model = RecordMeetingModel(duration: 10, clock: clock, speech: speech(on: clock, script: []))
                model.onAppear()
                await clock.advance(by: .seconds(3))
                model.endMeetingButtonTapped()
                await clock.advance(by: .seconds(5))
                XCTAssertEqual(model.secondsElapsed, 3, "iteration \(iteration)")
                XCTAssertEqual(model.alert, "End meeting?", "iteration \(iteration)")
                model.resumeButtonTapped()
                await clock.advance(by: .seconds(6))
                XCTAssertEqual(model.secondsElapsed, 9, "iteration \(iteration)")
                await clock.advance(by: .seconds(1))
                XCTAssertEqual(model.secondsElapsed, 10, "iteration \(iteration)")
                XCTAssertNil(model.alert, "iteration \(iteration)")
                await waitUntilIdle(model)
                if model.secondsElapsed != 10 { break }
            }
        }
    }

    @MainActor
    func testOnATestClockAFailingStreamsAlertArrivesBetweenTheSameTicks() async {
        await withMainActorScheduling {
            for iteration in 0..<iterations {
                let clock = TestClock()
                let failing = ScriptedSpeech(script: ["a", "b", "c"], interval: .milliseconds(1_500), clock: clock, fails: true)
                let model = RecordMeetingModel(duration: 10, clock: clock, speech: failing)
                model.onAppear()
                await clock.advance(by: .seconds(10))
                // The word due at 3 s started its sleep before the tick due then, so it lands first.
                XCTAssertEqual(model.transcript, ["1:a", "2:b", "4:c"], "iteration \(iteration)")
                XCTAssertEqual(model.secondsElapsed, 4, "iteration \(iteration)")
                XCTAssertEqual(model.alert, "Speech recognition failed.", "iteration \(iteration)")
                model.resumeButtonTapped()
                await clock.advance(by: .seconds(6))
                XCTAssertEqual(model.secondsElapsed, 10, "iteration \(iteration)")
                await waitUntilIdle(model)
                if model.secondsElapsed != 10 { break }
            }
        }
    }

    @MainActor
    func testOnAnImmediateClockAFailingStreamsAlertArrivesBetweenTheSameTicks() async {
        await withMainActorScheduling {
            var first: (transcript: [String], seconds: Int)?
            for iteration in 0..<iterations {
                let clock = ImmediateClock()
                let failing = ScriptedSpeech(script: ["a", "b", "c"], interval: .milliseconds(1_500), clock: clock, fails: true)
                let model = RecordMeetingModel(duration: 10, clock: clock, speech: failing)
                model.onAppear()
                await waitUntilIdle(model)
                XCTAssertEqual(model.alert, "Speech recognition failed.", "iteration \(iteration)")
                let paused = (transcript: model.transcript, seconds: model.secondsElapsed)
                model.resumeButtonTapped()
                await waitUntilIdle(model)
                XCTAssertEqual(model.secondsElapsed, 10, "iteration \(iteration)")
                guard let expected = first else {
                    first = paused
                    XCTAssertEqual(paused.transcript.count, 3)
                    XCTAssertLessThan(paused.seconds, 10, "the alert must pause the timer before the meeting ends")
                    continue
                }
                XCTAssertEqual(paused.transcript, expected.transcript, "iteration \(iteration)")
                XCTAssertEqual(paused.seconds, expected.seconds, "iteration \(iteration)")
                if paused.seconds != expected.seconds || paused.transcript != expected.transcript { break }
            }
        }
    }

    // MARK: - A debounced search beside a running timer

    @MainActor
    func testOnATestClockADebouncedSearchLandsBetweenTheSameTicks() async {
        await withMainActorScheduling {
            for iteration in 0..<iterations {
                let clock = TestClock()
                let model = RecordMeetingModel(duration: 5, clock: clock, speech: speech(on: clock, script: []))
                model.onAppear()
                await clock.advance(by: .milliseconds(1_500))
                for text in ["a", "ap", "app"] {
                    model.searchTextChanged(text)
                    await clock.advance(by: .milliseconds(100))
                }
                XCTAssertEqual(model.results, [], "iteration \(iteration)")
                // The search's 300 ms end at 2 s with the tick due then; the timer's sleep began first.
                await clock.advance(by: .milliseconds(200))
                XCTAssertEqual(model.results, ["APP"], "iteration \(iteration)")
                XCTAssertEqual(model.resultsArrivedAt, 2, "iteration \(iteration)")
                await clock.advance(by: .seconds(3))
                XCTAssertEqual(model.secondsElapsed, 5, "iteration \(iteration)")
                await waitUntilIdle(model)
                if model.resultsArrivedAt != 2 { break }
            }
        }
    }

    @MainActor
    func testOnAnImmediateClockADebouncedSearchLandsBetweenTheSameTicks() async {
        await withMainActorScheduling {
            var first: Int??
            for iteration in 0..<iterations {
                let clock = ImmediateClock()
                let model = RecordMeetingModel(duration: 5, clock: clock, speech: speech(on: clock, script: []))
                model.onAppear()
                for text in ["a", "ap", "app"] { model.searchTextChanged(text) }
                await waitUntilIdle(model)
                XCTAssertEqual(model.results, ["APP"], "iteration \(iteration)")
                XCTAssertEqual(model.secondsElapsed, 5, "iteration \(iteration)")
                guard let expected = first else {
                    first = .some(model.resultsArrivedAt)
                    XCTAssertNotNil(model.resultsArrivedAt)
                    continue
                }
                XCTAssertEqual(model.resultsArrivedAt, expected, "iteration \(iteration)")
                if model.resultsArrivedAt != expected { break }
            }
        }
    }

    // MARK: - A task that sleeps until exactly now

    @MainActor
    func testOnATestClockASleepUntilNowWaitsForTheTestToAdvance() async {
        await withMainActorScheduling {
            for iteration in 0..<iterations {
                let clock = TestClock(now: .init(offset: .seconds(7)))
                let log = Log()
                let sleeper = Task { @MainActor in
                    try await clock.sleep(until: clock.now)
                    log.entries.append("woke")
                }
                let other = Task { @MainActor in log.entries.append("other") }
                await clock.checkSuspension(sleeper)
                _ = await other.value
                XCTAssertEqual(log.entries, ["other"], "iteration \(iteration)")
                await clock.advance()
                XCTAssertEqual(log.entries, ["other", "woke"], "iteration \(iteration)")
                XCTAssertEqual(clock.now.offset, .seconds(7), "iteration \(iteration)")
                _ = await sleeper.result
                if log.entries != ["other", "woke"] { break }
            }
        }
    }

    @MainActor
    func testOnAnImmediateClockASleepUntilNowLetsReadyWorkRunFirst() async {
        await withMainActorScheduling {
            for iteration in 0..<iterations {
                let clock = ImmediateClock(now: .init(offset: .seconds(7)))
                let anyClock: any Clock<Duration> = clock
                let log = Log()
                let sleeper = Task { @MainActor in
                    log.entries.append("sleeps")
                    try await anyClock.sleep(for: .zero)
                    log.entries.append("woke")
                }
                let other = Task { @MainActor in
                    log.entries.append("other")
                    await Task.yield()
                    log.entries.append("other again")
                }
                _ = await (sleeper.result, other.value)
                XCTAssertEqual(log.entries, ["sleeps", "other", "other again", "woke"], "iteration \(iteration)")
                XCTAssertEqual(clock.now.offset, .seconds(7), "iteration \(iteration)")
                if log.entries != ["sleeps", "other", "other again", "woke"] { break }
            }
        }
    }

    // MARK: - Helpers

    /// Seven words, one every 400 ms.
    private func speech(on clock: some Clock<Duration>, script: [String] = ["a", "b", "c", "d", "e", "f", "g"]) -> ScriptedSpeech {
        ScriptedSpeech(script: script, interval: .milliseconds(400), clock: clock)
    }

    /// Yields until the model runs no task (bounded, for a model that never settles).
    @MainActor
    private func waitUntilIdle(_ model: RecordMeetingModel) async {
        var attempts = 0
        while !model.runningTaskIDs.isEmpty, attempts < 100_000 {
            attempts += 1
            await Task.yield()
        }
        XCTAssertEqual(model.runningTaskIDs, [], "the model's tasks did not finish")
    }
}
