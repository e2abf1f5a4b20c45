import ViewModelKitExampleCounter
import Foundation
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

@MainActor
final class NumberFactClientTests: XCTestCase {
    private func fetchBoth(_ client: any NumberFactClientProtocol, _ number: Int) async -> [Result<String, any Error>] {
        var results: [Result<String, any Error>] = []
        do { results.append(.success(try await client.fetchFact(number: number))) } catch { results.append(.failure(error)) }
        let viaClosure: Result<String, any Error> = await withCheckedContinuation { continuation in
            client.fetchFact(number: number) { fact, error in
                continuation.resume(returning: error.map { .failure($0) } ?? .success(fact ?? ""))
            }
        }
        results.append(viaClosure)
        return results
    }

    private func assertBothFail(
        _ client: any NumberFactClientProtocol, _ number: Int, with expected: NumberFactError,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        for result in await fetchBoth(client, number) {
            switch result {
            case .success(let fact): XCTFail("expected \(expected), got \(fact)", file: file, line: line)
            case .failure(let error): XCTAssertEqual(error as? NumberFactError, expected, file: file, line: line)
            }
        }
    }

    // MARK: - Live client on a loopback server

    func testFetchesPlainTextFromTheNumberPath() async throws {
        let body = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("numbers/42.txt"), encoding: .utf8)
        let server = try LoopbackHTTPServer { request in
            request.path == "/42" ? .text(body) : .text("missing", status: 404)
        }
        let client = NumberFactClient(baseURL: server.baseURL)
        for result in await fetchBoth(client, 42) {
            XCTAssertEqual(try result.get(), body)
        }
        XCTAssertEqual(server.requests.first?.target, "/42")
    }

    func testNegativeNumbersAndABasePath() async throws {
        let server = try LoopbackHTTPServer { .text("\($0.path) fact\n") }
        let fact = try await NumberFactClient(baseURL: server.baseURL.appendingPathComponent("api")).fetchFact(number: -3)
        XCTAssertEqual(fact, "/api/-3 fact")
    }

    func testStatusCodesAreTypedErrors() async throws {
        let server = try LoopbackHTTPServer { _ in .text("nope", status: 500) }
        await assertBothFail(NumberFactClient(baseURL: server.baseURL), 1, with: .badCode(500))
    }

    func testBodiesThatAreNotTextAreTypedErrors() async throws {
        let json = try LoopbackHTTPServer { _ in .json(#"{"text":"1 is one"}"#) }
        await assertBothFail(NumberFactClient(baseURL: json.baseURL), 1, with: .notText(contentType: "application/json; charset=utf-8"))

        let binary = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "text/plain")], body: Data([0xFF, 0xFE, 0x00, 0xC3]))
        }
        await assertBothFail(NumberFactClient(baseURL: binary.baseURL), 1, with: .notText(contentType: "text/plain"))

        let empty = try LoopbackHTTPServer { _ in .text("") }
        await assertBothFail(NumberFactClient(baseURL: empty.baseURL), 1, with: .notText(contentType: "text/plain; charset=utf-8"))
    }

    func testUnreachableServerIsANetworkError() async throws {
        let server = try LoopbackHTTPServer { _ in .text("x") }
        let client = NumberFactClient(baseURL: server.baseURL)
        server.stop()
        for result in await fetchBoth(client, 1) {
            guard case .failure(NumberFactError.network) = result else { return XCTFail("\(result)") }
        }
    }

    func testANonHTTPBaseURLIsABadURL() async {
        await assertBothFail(NumberFactClient(baseURL: URL(fileURLWithPath: "/tmp")), 1, with: .badURL)
    }

    func testTheLiveDefaultFailsLoudlyInTests() async {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        defer { IssueReporting.reporter = previous }
        do {
            _ = try await NumberFactClient().fetchFact(number: 1)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? NumberFactError, .network("the live Numbers API is not available to tests"))
        }
        XCTAssertEqual(recorder.messages.count, 1)
        XCTAssertTrue(recorder.messages[0].hasPrefix("NumberFactClient (live) has no test implementation, but was used from a test: it would request http://numbersapi.com/1."))
    }

    func testTheCounterOnTheLiveClient() async throws {
        let server = try LoopbackHTTPServer { .text("\($0.path.dropFirst()) is served.") }
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClient(baseURL: server.baseURL)))
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.fact = "1 is served."
            $0.numberFactAlert = "1 is served."
        }
        await tester.finish()
    }

    // MARK: - Fixture client

    func testFixturesCoverMinusFiveToTwentyAndLargeNumbers() async throws {
        let client = FixtureNumberFactClient(directory: TestPaths.fixtures)
        for number in Array(-5...20) + [42, 100, 1729, 65536, 1_000_000, 314_159_265_358_979] {
            let fact = try await client.fetchFact(number: number)
            XCTAssertTrue(fact.hasPrefix("\(number) "), fact)
        }
    }

    func testAFixtureSymlinkPointingOutsideIsRefused() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vmk-numbers-\(UUID().uuidString)")
        let root = base.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("numbers"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("numbers/42.txt").path, withDestinationPath: "../../secret.txt")
        defer { try? FileManager.default.removeItem(at: base) }
        do {
            let fact = try await FixtureNumberFactClient(directory: root).fetchFact(number: 42)
            XCTFail("read outside the fixtures: \(fact)")
        } catch {
            guard case .unsafeFixturePath(let message)? = error as? NumberFactError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("leads outside"), message)
        }
    }

    func testAMissingFixtureIsNoFact() async {
        await assertBothFail(FixtureNumberFactClient(directory: TestPaths.fixtures), 21, with: .noFact(21))
        XCTAssertEqual(NumberFactError.noFact(21).description, "no fact about 21 is known")
    }

    func testTheFixtureBodyIsTheAPIBody() async throws {
        let client = FixtureNumberFactClient(directory: TestPaths.fixtures)
        let fact = try await client.fetchFact(number: 42)
        XCTAssertEqual(fact, #"42 is the result given by Google and Bing for the query "the answer to life the universe and everything"."#)
    }
}
