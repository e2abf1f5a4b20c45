import Synchronization
import ViewModelKit
import XCTest

/// A client double hands each call to its answers, whatever the method returns.
final class ClientAnswersTests: XCTestCase {
    /// Answers every call with `()` where the method returns nothing, and remembers the calls.
    final class VoidAnswers: ClientAnswers {
        let calls = Mutex<[String]>([])

        func answer<Key: Sendable, Value: Sendable>(
            _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
        ) async throws -> Value {
            calls.withLock { $0.append("\(call.client).\(call.method)(\(call.key))") }
            guard let nothing = () as? Value else {
                throw ClientAnswersError.wrongType(client: call.client, method: call.method, expected: "\(Value.self)", given: "Void")
            }
            return nothing
        }
    }

    protocol NotesClient: Sendable {
        func delete(id: Int) async throws
    }

    /// The double writes the call of a method that returns nothing as a statement, as the method does.
    struct NotesClientDouble: NotesClient {
        let answers: any ClientAnswers

        func delete(id: Int) async throws {
            try await answers.answer("NotesClient", "delete", for: id)
        }
    }

    func testAMethodThatReturnsNothingHandsItsCallToTheAnswersAsAStatement() async throws {
        let answers = VoidAnswers()
        try await NotesClientDouble(answers: answers).delete(id: 2)
        XCTAssertEqual(answers.calls.withLock { $0 }, ["NotesClient.delete(2)"])
    }

    /// A call that returns a value still infers its type from where it goes.
    func testAMethodThatReturnsAValueStillInfersItsType() async throws {
        let answers = VoidAnswers()
        let nothing: Void = try await answers.answer("NotesClient", "delete", for: 3)
        XCTAssertNotNil(nothing as Void?)
        do {
            let _: Int = try await answers.answer("NotesClient", "count", for: "")
            XCTFail("an Int answered with () must throw")
        } catch let error as ClientAnswersError {
            XCTAssertEqual(error, .wrongType(client: "NotesClient", method: "count", expected: "Int", given: "Void"))
        }
    }
}
