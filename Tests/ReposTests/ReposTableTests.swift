// It imports the `repos` executable, which the iOS, tvOS, watchOS and visionOS simulators' test builds
// leave out (Package.swift builds it only for macOS and Linux).
#if os(macOS) || os(Linux)
import ViewModelKitExampleGitHub
import XCTest
@testable import repos

/// The one-shot table: columns aligned by display width, untrusted text made harmless.
final class ReposTableTests: XCTestCase {
    func testTableSanitizesControlCharacters() {
        let table = ReposCommand.renderTable([
            .init(id: 1, name: "evil", stargazersCount: 5, description: "red\u{1B}[31m text\nsecond line"),
        ])
        XCTAssertEqual(table, "evil  5 ★  red [31m text second line\n")
    }

    /// A CJK character or an emoji takes two columns, a combining mark none: the star column lines up
    /// under every name, and no name is cut inside a character.
    func testTableAlignsWideNamesByDisplayWidth() {
        let table = ReposCommand.renderTable([
            .init(id: 1, name: "日本語", stargazersCount: 100, description: "wide"),
            .init(id: 2, name: "🚀x", stargazersCount: 7, description: "emoji"),
            .init(id: 3, name: "e\u{301}tude", stargazersCount: 12, description: "combining"),
            .init(id: 4, name: "plain", stargazersCount: 5000, description: nil),
        ])
        XCTAssertEqual(table, """
            日本語   100 ★  wide
            🚀x        7 ★  emoji
            e\u{301}tude     12 ★  combining
            plain   5000 ★

            """)
    }
}
#endif
