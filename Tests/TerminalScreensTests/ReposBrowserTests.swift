import ViewModelKitExampleGitHub
import TerminalScreens
import TerminalUI
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import Foundation
import XCTest

@MainActor
final class ReposBrowserTests: XCTestCase {
    func testKeysMapToIntentsByFocus() {
        typealias Intent = ReposBrowser.Intent
        let table: [(Key, ReposBrowser.Focus, Intent?)] = [
            (.character("j"), .search, .type("j")), (.backspace, .search, .deleteBackward), (.enter, .search, .focusList),
            (.down, .search, .focusList), (.character("q"), .search, .type("q")), (.control("c"), .search, .quit),
            (.character("j"), .list, .moveDown), (.down, .list, .moveDown), (.character("k"), .list, .moveUp), (.up, .list, .moveUp),
            (.character("r"), .list, .refresh), (.character("m"), .list, .editThreshold), (.character("/"), .list, .focusSearch),
            (.character("q"), .list, .quit), (.character("7"), .threshold, .thresholdDigit("7")), (.character("x"), .threshold, nil),
            (.enter, .threshold, .applyThreshold), (.escape, .threshold, .cancelThreshold), (.backspace, .threshold, .thresholdBackspace),
            (.control("u"), .search, .clearLine), (.control("w"), .search, .deleteWordBackward),
            (.control("u"), .threshold, .thresholdClear), (.control("w"), .threshold, .thresholdClear), (.control("u"), .list, nil),
        ]
        for (key, focus, intent) in table {
            XCTAssertEqual(ReposBrowser.intent(for: key, focus: focus), intent, "\(key) in \(focus)")
        }
        XCTAssertEqual(ReposBrowser.intent(for: .enter, focus: .list), .open)
        XCTAssertEqual(ReposBrowser.intent(for: .escape, focus: .list), nil, "nothing to go back to")
        XCTAssertEqual(ReposBrowser.intent(for: .escape, focus: .list, canGoBack: true), .back)
        XCTAssertEqual(ReposBrowser.intent(for: .backspace, focus: .list, canGoBack: true), .back)
        let onDetail: [(Key, Intent?)] = [
            (.escape, .back), (.backspace, .back), (.left, .back), (.character("o"), .showOwnerRepositories),
            (.character("r"), .reloadDetail), (.character("q"), .quit), (.control("c"), .quit), (.character("j"), nil),
        ]
        for (key, intent) in onDetail {
            XCTAssertEqual(ReposBrowser.intent(for: key, focus: .list, onDetail: true, canGoBack: true), intent, "\(key) on a detail")
        }
    }

    func testOpenADetailThenTheOwnersListAndComeBack() async {
        let navigation = GitHubNavigationViewModel(client: FixtureGithubAPIClient(directory: TestPaths.fixtures), clock: TestClock())
        let browser = ReposBrowser(navigation: navigation, initialUser: "nerdishbynature")
        await settle(browser)
        XCTAssertEqual(browser.repositories.majorRepositories?.map(\.name), ["NBNRealmBrowser", "octokit.swift"])
        XCTAssertEqual(browser.focus, .list, "a user given at start focuses the list")
        _ = browser.handle(.down)
        XCTAssertEqual(browser.selection, 1)
        _ = browser.handle(.enter)
        XCTAssertEqual(navigation.routes, [.repository(owner: "nerdishbynature", name: "octokit.swift")])
        await settle(browser)
        guard let detail = browser.detail else { return XCTFail("Enter opened no detail") }
        XCTAssertEqual(detail.repository?.license, "MIT")
        let frame = RepositoryDetailScreen.render(
            .init(detail, depth: 1, spinner: "⠋"), columns: 80, rows: 24, timeZone: TimeZone(identifier: "UTC") ?? .current
        )
        XCTAssertTrue(frame.lines.contains { $0.hasPrefix("Licence     MIT") }, frame.text)
        XCTAssertTrue(frame.lines[0].hasPrefix("‹ nerdishbynature/octokit.swift"), frame.text)
        XCTAssertTrue(frame.lines[0].hasSuffix("521★"), frame.text)

        _ = browser.handle(.character("o"))
        await settle(browser)
        XCTAssertEqual(navigation.routes.count, 2)
        XCTAssertNil(browser.detail)
        XCTAssertEqual(browser.repositories.userName, "nerdishbynature", "the owner's list is on screen")
        XCTAssertEqual(browser.selection, 0)
        XCTAssertEqual(ReposScreen.render(.init(browser, spinner: "⠋"), columns: 80, rows: 10).lines[0].hasPrefix("‹ ‹ Repositories of the owner"), true)

        _ = browser.handle(.escape)
        XCTAssertNotNil(browser.detail, "back to the detail")
        _ = browser.handle(.backspace)
        XCTAssertEqual(navigation.routes, [])
        XCTAssertEqual(browser.selection, 1, "the root list's selection is restored")
        XCTAssertTrue(browser.repositories === navigation.root)
        _ = browser.handle(.escape)
        XCTAssertEqual(browser.selection, 1, "Esc at the root does nothing")
    }

    /// Ctrl-U clears the user-name field and Ctrl-W deletes the word before the cursor, as a shell's
    /// line editor does; each edit restarts the pause before the load. In the threshold field both
    /// clear the number.
    func testCtrlUAndCtrlWEditTheFieldsAsAShellDoes() async {
        let clock = TestClock()
        let navigation = GitHubNavigationViewModel(client: FixtureGithubAPIClient(directory: TestPaths.fixtures), clock: clock)
        let repositories = navigation.root
        let browser = ReposBrowser(navigation: navigation)
        for character in "octo cat  " { _ = browser.handle(.character(character)) }
        _ = browser.handle(.control("w"))
        XCTAssertEqual(repositories.userName, "octo ", "the spaces before the cursor and the word before them")
        _ = browser.handle(.control("w"))
        XCTAssertEqual(repositories.userName, "")
        _ = browser.handle(.control("w"))
        XCTAssertEqual(repositories.userName, "", "nothing left to delete")
        for character in "kohsukx" { _ = browser.handle(.character(character)) }
        _ = browser.handle(.control("u"))
        XCTAssertEqual(repositories.userName, "")
        for character in "kohsuke" { _ = browser.handle(.character(character)) }
        await clock.advance(by: GitHubRepositoryViewModel.searchDebounce)
        while repositories.isLoading || repositories.majorRepositories == nil { await Task.yield() }
        XCTAssertEqual(repositories.majorRepositories?.count, 4, "only the name typed last was loaded")

        _ = browser.handle(.enter)
        _ = browser.handle(.character("m"))
        for digit in "120" { _ = browser.handle(.character(digit)) }
        XCTAssertEqual(browser.thresholdText, "120")
        _ = browser.handle(.control("w"))
        XCTAssertEqual(browser.thresholdText, "")
        _ = browser.handle(.character("7"))
        _ = browser.handle(.control("u"))
        XCTAssertEqual(browser.thresholdText, "")
        XCTAssertEqual(browser.focus, .threshold, "still typing the threshold")
    }

    /// Lets the screen on top finish loading from the fixtures (no clock involved).
    private func settle(_ browser: ReposBrowser) async {
        for _ in 0..<10_000 where browser.isLoadingOnScreen {
            await Task.yield()
        }
        XCTAssertFalse(browser.isLoadingOnScreen, "the screen on top never finished loading")
    }

    func testTypingBrowsingAndTheThresholdOnTheTester() async {
        let clock = TestClock()
        let navigation = GitHubNavigationViewModel(
            client: FixtureGithubAPIClient(directory: TestPaths.fixtures), clock: clock, now: .constant(.init(timeIntervalSince1970: 0))
        )
        let repositories = navigation.root
        let browser = ReposBrowser(navigation: navigation)
        // The list's own changes are the view model's business (tested there): this test names the
        // browser's fields only.
        let tester = ViewModelTester(browser, exhaustivity: .off, clocks: [clock])
        for character in "kohsuke" {
            await tester.send({ _ = $0.handle(.character(character)) })
        }
        XCTAssertEqual(repositories.userName, "kohsuke")
        await clock.advance(by: GitHubRepositoryViewModel.searchDebounce)
        while repositories.isLoading || repositories.majorRepositories == nil { await Task.yield() }
        XCTAssertEqual(repositories.majorRepositories?.map(\.name), ["akuma", "args4j", "com4j", "file-leak-detector"])

        await tester.send({ _ = $0.handle(.enter) }) { $0.focus = .list }
        await tester.send({ _ = $0.handle(.character("j")) }) { $0.selection = 1 }
        await tester.send({ _ = $0.handle(.down) }) { $0.selection = 2 }
        await tester.send({ _ = $0.handle(.down) }) { $0.selection = 3 }
        await tester.send({ _ = $0.handle(.down) })   // the last row: the selection stays
        await tester.send({ _ = $0.handle(.character("m")) }) { $0.focus = .threshold }
        await tester.send({ _ = $0.handle(.character("5")) }) { $0.thresholdText = "5" }
        await tester.send({ _ = $0.handle(.character("0")) }) { $0.thresholdText = "50" }
        await tester.send({ _ = $0.handle(.character("0")) }) { $0.thresholdText = "500" }
        await tester.send({ _ = $0.handle(.enter) }) {
            $0.focus = .list
            $0.selection = 0
        }
        XCTAssertEqual(repositories.majorRepositories?.map(\.name), ["args4j"])
        XCTAssertEqual(browser.handle(.character("q")), .quit)
        await tester.finish()
    }
}
