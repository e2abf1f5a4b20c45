import ViewModelKit
import ViewModelKitTesting
import Foundation
import XCTest

private protocol NumberFactClient: Sendable {
    func fact(for number: Int) async throws -> String
    func favorite() async throws -> Int
}

private struct NumberFactClientMock: NumberFactClient {
    var factFor: @Sendable (Int) async throws -> String = unimplemented("NumberFactClient.fact(for:)")
    var favoriteNumber: @Sendable () async throws -> Int = unimplemented("NumberFactClient.favorite()")
    func fact(for number: Int) async throws -> String { try await factFor(number) }
    func favorite() async throws -> Int { try await favoriteNumber() }
}

final class UnimplementedTests: XCTestCase {
    private var recorder = RecordingIssueReporter()
    private var previous: (any IssueReporter)?

    override func setUp() {
        recorder = RecordingIssueReporter()
        previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
    }

    override func tearDown() {
        IssueReporting.reporter = previous
    }

    func testAnUnstubbedMethodFailsNamingProtocolMethodAndArguments() async {
        let client = NumberFactClientMock()
        do {
            _ = try await client.fact(for: 42)
            XCTFail("expected UnimplementedError")
        } catch {
            XCTAssertEqual(error as? UnimplementedError, UnimplementedError(name: "NumberFactClient.fact(for:)"))
        }
        XCTAssertEqual(recorder.messages, ["Unimplemented: NumberFactClient.fact(for:) was called with (42) but has no test implementation."])
        // The failure points at the line that declared the unimplemented endpoint.
        let source = try? String(contentsOfFile: #filePath, encoding: .utf8)
        let declaration = source?.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("unimplemented(\"NumberFactClient.fact(for:)\")") }
        XCTAssertEqual(recorder.issues.first?.line, declaration.map { UInt($0 + 1) })
        XCTAssertEqual(recorder.issues.first?.filePath, #filePath)
    }

    func testAStubbedMethodRunsAndTheOthersStillFail() async throws {
        var client = NumberFactClientMock()
        client.factFor = { "\($0) is stubbed" }
        let fact = try await client.fact(for: 7)
        XCTAssertEqual(fact, "7 is stubbed")
        XCTAssertEqual(recorder.messages, [])
        _ = try? await client.favorite()
        XCTAssertEqual(recorder.messages, ["Unimplemented: NumberFactClient.favorite() was called but has no test implementation."])
    }

    func testNonThrowingEndpointReturnsItsPlaceholder() {
        let uuid: @Sendable (Int) -> String = unimplemented("UUIDGenerator.make(_:)", placeholder: "00000000")
        XCTAssertEqual(uuid(3), "00000000")
        XCTAssertEqual(recorder.messages, ["Unimplemented: UUIDGenerator.make(_:) was called with (3) but has no test implementation."])
    }

    func testTwoArgumentEndpoint() async {
        let search: @Sendable (String, Int) async throws -> [String] = unimplemented("SearchClient.search(_:page:)")
        _ = try? await search("swift", 2)
        XCTAssertEqual(recorder.messages, [#"Unimplemented: SearchClient.search(_:page:) was called with ("swift", 2) but has no test implementation."#])
    }
}
