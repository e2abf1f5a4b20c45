import ViewModelKit
@testable import ViewModelKitTesting
import XCTest

/// How a written test's answers meet the calls they answer: a call that arrives late (a double's
/// hop to the global executor, run late on a loaded machine) is still answered, and an answer to a
/// call cancelled before it (while it waited, or on its way) is dropped.
@MainActor
final class ScriptedAnswersTests: XCTestCase {
    func test_anAnswerGivenBeforeItsCallArrives_waitsForTheCall() async throws {
        let answers = ScriptedAnswers()
        let responding = Task { await answers.respond(to: "QueryClient", "results", for: "a", returning: ["A"]) }
        // The answer has yielded for the call without finding it, and waits in real time now.
        await yieldUntil { answers.anAnswerWaitsForACall }
        guard answers.anAnswerWaitsForACall else {
            await responding.value
            return XCTFail("the answer did not wait for its call")
        }
        // The call arrives from the global executor, as a double's nonisolated method makes it.
        let results: [String] = try await Task.detached {
            try await answers.answer("QueryClient", "results", for: "a")
        }.value
        await responding.value
        XCTAssertEqual(results, ["A"])
        XCTAssertFalse(answers.anAnswerWaitsForACall)
    }

    func test_anAnswerToACallCancelledBeforeIt_isDropped() async {
        let answers = ScriptedAnswers()
        let call = Task { () -> [String] in try await answers.answer("QueryClient", "results", for: "a") }
        // The call waits for its answer before it is cancelled.
        await yieldUntil { answers.callsWaiting == 1 }
        call.cancel()
        let result = await call.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        // Answered as a live server would answer a request its client gave up: nothing is reported.
        await answers.respond(to: "QueryClient", "results", for: "a", returning: ["A"])
        XCTAssertFalse(answers.anAnswerWaitsForACall)
    }

    func test_anAnswerToACallCancelledOnItsWay_isDropped() async {
        let answers = ScriptedAnswers()
        // The task is told to stop before its call reaches the double, as a superseded search's task
        // that runs late is.
        let call = Task { () -> [String] in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await answers.answer("QueryClient", "results", for: "a")
        }
        let result = await call.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        // The test written against the run where it waited answers it: dropped, nothing reported.
        await answers.respond(to: "QueryClient", "results", for: "a", returning: ["A"])
        XCTAssertEqual(answers.callsWaiting, 0)
    }

    /// A call cancelled on its way, then a later call of the same name that arrives after its
    /// answer was given: answered by number, the later call gets its answer instead of the
    /// cancelled one's record swallowing it.
    func test_aLateCall_afterACancelledOneOfTheSameName_getsItsAnswerByNumber() async throws {
        let answers = ScriptedAnswers()
        let cancelled = Task { () -> [String] in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await answers.answer("QueryClient", "results", for: "a")
        }
        _ = await cancelled.result
        // The written test answers call 2 before it arrives (it runs late on a loaded machine).
        let responding = Task { await answers.respond(to: "QueryClient", "results", for: "a", call: 2, returning: ["B"]) }
        await yieldUntil { answers.anAnswerWaitsForACall }
        let late = Task.detached { () -> [String] in try await answers.answer("QueryClient", "results", for: "a") }
        await responding.value
        let results = try await late.value
        XCTAssertEqual(results, ["B"])
        // The cancelled call's answer is dropped, and nothing is reported.
        await answers.respond(to: "QueryClient", "results", for: "a", call: 1, returning: ["A"])
        XCTAssertEqual(answers.callsWaiting, 0)
    }

    /// An answer whose numbered call has another name says so, instead of answering it.
    func test_anAnswerToACallOfAnotherName_isReported() async {
        let answers = ScriptedAnswers()
        let reporter = RecordingIssueReporter()
        let call = Task { () -> [String] in try await answers.answer("QueryClient", "results", for: "a") }
        await yieldUntil { answers.callsWaiting == 1 }
        await IssueReporting.$taskReporter.withValue(reporter) {
            await answers.respond(to: "QueryClient", "results", for: "b", call: 1, returning: ["B"])
        }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains("call 1 to be QueryClient.results(\"a\")") == true, "\(reporter.messages)")
        call.cancel()
        _ = await call.result
    }

    /// A synchronous call takes the answer the test gave ahead of it, by number or by name.
    func test_aSynchronousCall_takesTheAnswerGivenAhead() async throws {
        let answers = ScriptedAnswers()
        answers.respondNow(to: "Permissions", "status", for: "microphone", call: 1, returning: "denied")
        answers.respondNow(to: "Permissions", "status", for: "camera", returning: "granted")
        let microphone: String = try answers.answerNow("Permissions", "status", for: "microphone")
        let camera: String = try answers.answerNow("Permissions", "status", for: "camera")
        XCTAssertEqual([microphone, camera], ["denied", "granted"])
        let reporter = RecordingIssueReporter()
        IssueReporting.$taskReporter.withValue(reporter) {
            XCTAssertEqual(answers.answerNow("Permissions", "status", for: "camera", otherwise: "unknown"), "unknown")
        }
        XCTAssertEqual(reporter.messages.count, 1, "a synchronous call without an answer fails the test")
    }
}
