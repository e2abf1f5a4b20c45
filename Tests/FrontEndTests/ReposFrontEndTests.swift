// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import XCTest

/// `repos` in a real terminal (tmux): the interactive browser, and the one-shot command.
final class ReposFrontEndTests: XCTestCase {
    private func start(_ arguments: String, columns: Int = 100, rows: Int = 20) throws -> Tmux {
        let pidFile = NSTemporaryDirectory() + "repos-\(UUID().uuidString).pid"
        let tmux = try Tmux(
            command: try FrontEnd.shellCommand("'\(try FrontEnd.binary("repos"))' \(arguments)", pidFile: pidFile),
            columns: columns, rows: rows
        )
        return tmux
    }

    func testTypingAUserNameLoadsAfterAPauseThenBrowse() throws {
        let tmux = try start("--offline")   // no user on a terminal: interactive
        try tmux.waitFor("GitHub repositories")
        try tmux.waitFor("Type a GitHub user name.")
        try tmux.send("kohsukx", literal: true)
        try tmux.send("C-u")   // the whole line, before the pause ends
        try tmux.send("kohsuke", literal: true)
        var screen = try tmux.waitFor("args4j")
        XCTAssertTrue(screen.contains("User: kohsuke"), screen)
        XCTAssertTrue(screen.contains("› akuma"), "the first row is selected:\n\(screen)")
        XCTAssertTrue(screen.contains("4 of 60 repositories"), screen)

        try tmux.send("Enter")          // to the list
        try tmux.send("j")
        screen = try tmux.waitFor("› args4j")
        // The star bar is scaled to the largest: args4j (663) has the longest.
        let args4j = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains("args4j") })
        let akuma = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains("akuma") })
        XCTAssertGreaterThan(args4j.filter { $0 == "█" }.count, akuma.filter { $0 == "█" }.count)

        try tmux.send("m")
        try tmux.waitFor("Minimum stars:")
        try tmux.send("500", literal: true)
        try tmux.send("Enter")
        screen = try tmux.waitFor("1 of 60 repositories")
        XCTAssertTrue(screen.contains("≥ 500★"), screen)
        XCTAssertFalse(screen.contains("akuma"), screen)

        try tmux.send("q")
        screen = try tmux.waitFor("DONE")
        XCTAssertTrue(screen.contains("EXITED:0") && screen.contains("BEFORE-APP"), screen)
        XCTAssertFalse(screen.contains("-icanon"), screen)
    }

    func testEnterOpensTheDetailAndEscGoesBack() throws {
        let tmux = try start("--interactive --offline nerdishbynature")
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("j")
        try tmux.waitFor("› octokit.swift")
        try tmux.send("Enter")
        var screen = try tmux.waitFor("Licence     MIT")
        XCTAssertTrue(screen.contains("‹ nerdishbynature/octokit.swift"), screen)
        XCTAssertTrue(screen.contains("Forks       134"), screen)
        XCTAssertTrue(screen.contains("Topics      api-client, github"), screen)
        XCTAssertTrue(screen.contains("A Swift API Client for GitHub and GitHub Enterprise"), screen)

        try tmux.send("o")                  // the owner's repositories, a second list on the stack
        screen = try tmux.waitFor("‹ ‹ Repositories of the owner")
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("Escape")
        try tmux.waitFor("Licence     MIT")   // back on the detail
        try tmux.send("BSpace")
        screen = try tmux.waitFor("› octokit.swift")   // back on the root list, the selection kept
        XCTAssertTrue(screen.contains("GitHub repositories"), screen)
        XCTAssertFalse(screen.contains("Licence"), screen)
        try tmux.send("q")
        try tmux.waitFor("EXITED:0")
    }

    func testErrorsShowInlineAndTheAppStaysUsable() throws {
        let tmux = try start("--interactive --offline nobody-here")
        var screen = try tmux.waitFor("✖ user \"nobody-here\" not found")
        XCTAssertTrue(screen.contains("GitHub repositories"), screen)
        try tmux.send("/")
        try tmux.send("C-w")   // the name is one word: Ctrl-W deletes all of it
        try tmux.waitFor("User: ▏")
        try tmux.send("jacquev6", literal: true)
        screen = try tmux.waitFor("No repository with 50 or more stars (10 checked).")
        XCTAssertFalse(screen.contains("✖"), screen)
        try tmux.send("C-c")
        try tmux.waitFor("EXITED:0")
    }

    func testOneShotOnATerminalPrintsTheListAndNoStrayEscapes() throws {
        let tmux = try start("--offline kohsuke")
        let screen = try tmux.waitFor("DONE")
        XCTAssertTrue(screen.contains("args4j              663 ★  args4j"), screen)
        XCTAssertTrue(screen.contains("EXITED:0"), screen)
        XCTAssertFalse(screen.contains("loading"), "the spinner line is cleared:\n\(screen)")
    }
}
#endif
