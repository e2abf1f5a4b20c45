// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import XCTest
@testable import repos

/// On a terminal, the spinner's line is cleared before anything is printed: standard output and
/// standard error may be the same terminal, and a late clear would leave a frame before the table.
@MainActor
final class ReposSpinnerTests: XCTestCase {
    private enum Stream: Equatable { case output, error }

    private func run(_ arguments: [String]) async -> [(Stream, String)] {
        var events: [(Stream, String)] = []
        _ = await ReposCommand.run(
            arguments: arguments, environment: [:], defaultFixtures: ReposBinary.packageRoot.appendingPathComponent("Fixtures"),
            output: { events.append((.output, $0)) }, errorOutput: { events.append((.error, $0)) },
            onTerminal: false, errorIsTerminal: true
        )
        return events
    }

    func testTheSpinnerLineIsClearedBeforeTheTableIsPrinted() async {
        let events = await run(["--offline", "kohsuke"])
        let clear = events.firstIndex { $0.0 == .error && $0.1 == "\r\u{1B}[K" }
        let table = events.firstIndex { $0.0 == .output }
        XCTAssertNotNil(clear)
        XCTAssertNotNil(table)
        if let clear, let table { XCTAssertLessThan(clear, table, "\(events)") }
        XCTAssertFalse(events.dropFirst((table ?? 0) + 1).contains { $0.0 == .error }, "nothing on standard error after the table")
    }

    func testTheSpinnerLineIsClearedBeforeAnError() async {
        let events = await run(["--offline", "nobody-here"])
        XCTAssertEqual(events.last?.0, .error)
        XCTAssertTrue(events.last?.1.hasPrefix("repos: ") == true, "\(events)")
        XCTAssertEqual(events.dropLast().last?.1, "\r\u{1B}[K", "the clear comes before the message")
    }
}
#endif
