import GitHubRepositories
import TerminalScreens
import TerminalUI
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
        ]
        for (key, focus, intent) in table {
            XCTAssertEqual(ReposBrowser.intent(for: key, focus: focus), intent, "\(key) in \(focus)")
        }
    }

    func testTypingBrowsingAndTheThresholdOnTheTester() async {
        let clock = TestClock()
        let repositories = GitHubRepositoryViewModel(
            client: FixtureGithubAPIClient(directory: Paths.fixtures), clock: clock, now: .constant(.init(timeIntervalSince1970: 0))
        )
        let browser = ReposBrowser(repositories: repositories)
        let tester = ViewModelTester(browser, clocks: [clock])
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

enum Paths {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
}
