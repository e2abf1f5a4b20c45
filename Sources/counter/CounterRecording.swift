import ViewModelKitExampleCounter
import Foundation
import ViewModelKit
import ViewModelKitRecording

/// `counter --record-test DIR`: what the session is recorded with, and how its test is written.
enum CounterRecording {
    /// The test's double for the facts client.
    static let client = RecordedClient(
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

    /// The test to write for a session whose facts came from `source` (no URL: it may hold credentials).
    static func test(source: String) -> RecordedTest {
        RecordedTest(
            name: "CounterSession",
            imports: ["ViewModelKitExampleCounter"],
            subject: "CounterViewModel(client: RecordedNumberFactClient(), clock: clock)",
            clients: [client],
            summary: "A session of `counter` (facts from \(source)), recorded by `--record-test`.\n"
                + "It replays offline: the facts are the ones the session was given, the time is the session's."
        )
    }
}
