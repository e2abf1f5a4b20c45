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
}
