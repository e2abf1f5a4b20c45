// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// What `repos` prints from a hostile description: no bidirectional override or separator reaches the
/// table, and `--json` escapes DEL and the C1 controls.
final class TerminalTextCommandLineTests: XCTestCase {
    func test_theTableNeutralizesBidiOverridesAndSeparators_andJSONEscapesC1() throws {
        let description = "evil\u{202E}txt.exe\u{2028}next\u{2066}x\u{0085}y\u{009B}31mz\u{007F}"
        let body = try JSONSerialization.data(withJSONObject: [[
            "id": 1, "name": "a", "full_name": "o/a", "stargazers_count": 99, "description": description,
            "html_url": "https://github.com/o/a",
        ] as [String: Any]])
        let api = try LoopbackHTTPServer { _ in .init(headers: [("Content-Type", "application/json")], body: body) }
        let environment = ["GITHUB_API_URL": api.baseURL.absoluteString]
        let table = try ReposBinary.run(["octocat"], environment: environment)
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(table.stdout, "a  99 \u{2605}  evil txt.exe next x y 31mz\n")
        let json = try ReposBinary.run(["--json", "octocat"], environment: environment)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains(#"x\u0085y\u009B31mz\u007F"#), json.stdout)
        XCTAssertFalse(json.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, json.stdout)
    }
}
#endif
