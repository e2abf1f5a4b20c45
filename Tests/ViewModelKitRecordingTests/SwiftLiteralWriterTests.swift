import Foundation
import ViewModelKit
@testable import ViewModelKitRecording
import XCTest

final class SwiftLiteralWriterTests: XCTestCase {
    struct Repository: Equatable {
        var name: String
        var stars: Int
        var description: String?
        var homepage: URL?
    }

    enum Failure: Error, Equatable {
        case notFound(String)
        case rateLimited(resetAt: Int?)
        case decoding(source: String, reason: String)
        case offline
    }

    final class Reference {}

    private let writer = SwiftLiteralWriter()

    enum AlertAction: Equatable { case delete(String) }

    /// An alert a view model holds is written as the call that makes it, so a recorded test compiles.
    func testAnAlertIsWrittenAsItIsMade() {
        let alert = AlertState<AlertAction>(
            title: "Delete Ideas?",
            message: nil,
            buttons: [ButtonState(label: "Delete", role: .destructive, action: .delete("Ideas")), ButtonState(label: "Cancel", role: .cancel, action: nil)]
        )
        XCTAssertEqual(
            writer.source(for: alert),
            """
            AlertState<SwiftLiteralWriterTests.AlertAction>(
                title: "Delete Ideas?",
                message: nil,
                buttons: [
                    ButtonState<SwiftLiteralWriterTests.AlertAction>(
                        label: "Delete",
                        role: ButtonState<SwiftLiteralWriterTests.AlertAction>.Role.destructive,
                        action: SwiftLiteralWriterTests.AlertAction.delete("Ideas")
                    ),
                    ButtonState<SwiftLiteralWriterTests.AlertAction>(
                        label: "Cancel",
                        role: ButtonState<SwiftLiteralWriterTests.AlertAction>.Role.cancel,
                        action: nil
                    )
                ]
            )
            """
        )
        // What was written, compiled: the same value.
        XCTAssertEqual(
            alert,
            AlertState<SwiftLiteralWriterTests.AlertAction>(
                title: "Delete Ideas?",
                message: nil,
                buttons: [
                    ButtonState<SwiftLiteralWriterTests.AlertAction>(
                        label: "Delete",
                        role: ButtonState<SwiftLiteralWriterTests.AlertAction>.Role.destructive,
                        action: SwiftLiteralWriterTests.AlertAction.delete("Ideas")
                    ),
                    ButtonState<SwiftLiteralWriterTests.AlertAction>(
                        label: "Cancel",
                        role: ButtonState<SwiftLiteralWriterTests.AlertAction>.Role.cancel,
                        action: nil
                    )
                ]
            )
        )
    }

    /// A UUID is written so that the recorded test compiles and compares equal: readable ones as
    /// `UUID(n)`, others byte by byte (no force unwrap).
    func testUUIDs() throws {
        for value in [0, 1, 255, Int.max, -1, -Int.max, Int.min] {
            XCTAssertEqual(writer.source(for: UUID(value)), "UUID(\(value))")
        }
        let random = try XCTUnwrap(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        XCTAssertEqual(
            writer.source(for: random),
            "UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F))"
        )
        XCTAssertEqual(
            UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F)), random
        )
    }

    func testScalarsAndStrings() {
        XCTAssertEqual(writer.source(for: "say \"hi\"\n"), #""say \"hi\"\n""#)
        XCTAssertEqual(writer.source(for: 42), "42")
        XCTAssertEqual(writer.source(for: -7 as Int8), "-7")
        XCTAssertEqual(writer.source(for: 1.5), "1.5")
        XCTAssertEqual(writer.source(for: true), "true")
        XCTAssertNil(writer.source(for: Double.nan))
        XCTAssertEqual(writer.source(for: Date(timeIntervalSince1970: 1_700_000_000)), "Date(timeIntervalSince1970: 1700000000.0)")
    }

    func testOptionalsArraysAndDictionaries() {
        XCTAssertEqual(writer.source(for: Int?.none as Any), "nil")
        XCTAssertEqual(writer.source(for: Int?.some(3) as Any), "3")
        XCTAssertEqual(writer.source(for: ["a", "b"]), #"["a", "b"]"#)
        XCTAssertEqual(writer.source(for: ["b": 2, "a": 1]), #"["a": 1, "b": 2]"#)
        XCTAssertEqual(writer.source(for: [String: Int]()), "[:]")
        XCTAssertEqual(writer.source(for: (1, "x")), #"(1, "x")"#)
    }

    func testEnumsWithAndWithoutAssociatedValues() {
        XCTAssertEqual(writer.source(for: Failure.offline), "SwiftLiteralWriterTests.Failure.offline")
        XCTAssertEqual(writer.source(for: Failure.notFound("x")), #"SwiftLiteralWriterTests.Failure.notFound("x")"#)
        XCTAssertEqual(writer.source(for: Failure.rateLimited(resetAt: nil)), "SwiftLiteralWriterTests.Failure.rateLimited(resetAt: nil)")
        XCTAssertEqual(
            writer.source(for: Failure.decoding(source: "a", reason: "b")),
            #"SwiftLiteralWriterTests.Failure.decoding(source: "a", reason: "b")"#
        )
    }

    func testStructsAsMemberwiseInitializersWithOptionalURLs() {
        let repository = Repository(name: "swift", stars: 5, description: nil, homepage: URL(string: "https://swift.org"))
        XCTAssertEqual(
            SwiftLiteralWriter(width: 200).source(for: repository),
            #"SwiftLiteralWriterTests.Repository(name: "swift", stars: 5, description: nil, homepage: URL(string: "https://swift.org"))"#
        )
        // Too wide for one line: one argument per line.
        XCTAssertEqual(writer.source(for: repository), #"""
            SwiftLiteralWriterTests.Repository(
                name: "swift",
                stars: 5,
                description: nil,
                homepage: URL(string: "https://swift.org")
            )
            """#)
        // A URL that is not optional has no expression without a force unwrap.
        XCTAssertNil(writer.source(for: URL(fileURLWithPath: "/tmp")))
    }

    func testClassesAndClosuresHaveNoExpression() {
        XCTAssertNil(writer.source(for: Reference()))
        XCTAssertNil(writer.source(for: [Reference()]))
        XCTAssertNil(writer.source(for: { (x: Int) in x }))
    }

    func testALongListIsOneElementPerLine() {
        let names = (1...12).map { "repository number \($0)" }
        let text = writer.source(for: names, column: 4)
        let lines = text?.split(separator: "\n") ?? []
        XCTAssertEqual(lines.count, 14)
        XCTAssertEqual(lines.first, "[")
        XCTAssertEqual(lines[1], #"    "repository number 1","#)
        XCTAssertEqual(lines[12], #"    "repository number 12""#)
        XCTAssertEqual(lines.last, "]")
    }

    func testStringsAreScrubbed() {
        let scrubbing = SwiftLiteralWriter(scrub: SecretScrubber(secrets: ["s3cr3t-value-123"]).scrub)
        XCTAssertEqual(scrubbing.source(for: ["key s3cr3t-value-123"]), #"["key [token]"]"#)
    }

    func testDurations() {
        XCTAssertEqual(SwiftLiteralWriter.durationSource(.seconds(3)), ".seconds(3)")
        XCTAssertEqual(SwiftLiteralWriter.durationSource(.milliseconds(1_250)), ".milliseconds(1250)")
        XCTAssertEqual(SwiftLiteralWriter.durationSource(.microseconds(7)), ".microseconds(7)")
    }
}
