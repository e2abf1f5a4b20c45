import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A client whose calls are told apart by an optional argument: a page cursor, `nil` for the first.
private protocol PagesClient: Sendable {
    func page(after cursor: String?) async throws -> Int
}

private struct PagesDouble: PagesClient {
    let answers: any ClientAnswers

    func page(after cursor: String?) async throws -> Int {
        try await answers.answer("PagesClient", "page", for: cursor)
    }
}

@MainActor
private final class PagesModel: ViewModel {
    @Observed private(set) var cursor: String?
    @Observed private(set) var pages = 0
    private let client: any PagesClient

    init(client: any PagesClient) { self.client = client }

    func more() async {
        guard let page = try? await client.page(after: cursor) else { return }
        pages += 1
        cursor = "p\(page + 1)"
    }
}

/// An exploration's written test answers a call by its key as Swift source: an optional key is
/// written with its type, since `respond(to:_:for:…)` is generic (a bare `nil` does not compile,
/// and a bare `"p2"` names a `String`, not the `String?` the double asked for).
@MainActor
final class OptionalKeyWrittenTests: XCTestCase {
    func testAnOptionalKeyIsWrittenWithItsType() async {
        let report = await Exploration { PagesModel(client: PagesDouble(answers: $0.answers)) }
            .asyncIntent("more()") { await $0.more() }
            .answers("PagesClient", "page") { (cursor: String?, _) in cursor == nil ? 1 : 2 }
            .invariant("no third page") { $0.cursor != "p3" }
            .writingTests(subject: "PagesModel(client: PagesDouble(answers: answers))")
            .explore(ExplorationBudget(seed: 1, runs: 20, steps: 8), reporter: RecordingIssueReporter())
        let source = report.failure?.testSource ?? ""
        XCTAssertTrue(source.contains(#"await answers.respond(to: "PagesClient", "page", for: String?.none, call: 1, returning: 1)"#), source)
        XCTAssertTrue(source.contains(#"await answers.respond(to: "PagesClient", "page", for: "p2" as String?, call: 2, returning: 2)"#), source)
        XCTAssertFalse(source.contains("for: nil"), source)
    }

    /// The lines as written compile, and answer the double's calls.
    func testTheWrittenLinesAnswerTheCalls() async {
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(PagesModel(client: PagesDouble(answers: answers)))
        await tester.send({ await $0.more() })
        await answers.respond(to: "PagesClient", "page", for: String?.none, call: 1, returning: 1)
        await tester.receive {
            $0.pages = 1
            $0.cursor = "p2"
        }
        await tester.send({ await $0.more() })
        await answers.respond(to: "PagesClient", "page", for: "p2" as String?, call: 2, returning: 2)
        await tester.receive {
            $0.pages = 2
            $0.cursor = "p3"
        }
        await tester.finish()
    }
}
