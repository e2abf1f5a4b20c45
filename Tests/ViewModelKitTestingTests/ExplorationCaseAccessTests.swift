import ViewModelKit
import ViewModelKitTesting
import XCTest

@MainActor
private final class LoginScreen: ViewModel {
    @Observed private(set) var email = ""
    func emailChanged(_ email: String) { self.email = email }
}

/// A game; with `bug`, the second move counts twice.
@MainActor
private final class GameScreen: ViewModel {
    @Observed private(set) var moves = 0
    private let bug: Bool

    init(bug: Bool) {
        self.bug = bug
        super.init()
    }

    func moveTapped() { moves += bug && moves == 1 ? 2 : 1 }
}

@MainActor
private final class SettingsScreen: ViewModel {
    @Observed private(set) var sounds = true
    func soundsToggled() { sounds.toggle() }
}

@MainActor
private final class EditSheet: ViewModel {
    @Observed private(set) var title = "Untitled"
}

/// An app whose root is an enum of screens, with a stack of enum entries and an optional enum
/// destination, as the sign-in flow and the meetings app have.
@MainActor
private final class SignInApp: ViewModel {
    enum Screen: ViewModelContainer {
        case login(LoginScreen)
        case game(GameScreen)
    }

    enum Path: ViewModelContainer {
        case settings(SettingsScreen)
        case about
    }

    enum Destination: ViewModelContainer {
        case edit(EditSheet)
        case alert(String)
    }

    @Child private(set) var screen: Screen = .login(LoginScreen())
    @Child private(set) var path: [Path] = []
    @Child private(set) var destination: Destination?
    private let bug: Bool

    init(bug: Bool) {
        self.bug = bug
        super.init()
    }

    func signInTapped() { screen = .game(GameScreen(bug: bug)) }
    func signOutTapped() { screen = .login(LoginScreen()) }
    func settingsTapped() { path.append(.settings(SettingsScreen())) }
    func aboutTapped() { path.append(.about) }
    func editTapped() { destination = .edit(EditSheet()) }
    func alertShown() { destination = .alert("Signed out") }
}

/// Explorations reach children in enum cases as a tester's expectations do (`[case: Screen.game]`),
/// in invariants, preconditions and intents, and the written test sends the same spelling.
@MainActor
final class ExplorationCaseAccessTests: XCTestCase {
    func test_caseAccess_onTheLiveViewModel() async {
        let app = SignInApp(bug: false)
        XCTAssertNotNil(app.screen[case: SignInApp.Screen.login])
        XCTAssertNil(app.screen[case: SignInApp.Screen.game])
        XCTAssertNotNil(app[\.screen, case: SignInApp.Screen.login])
        app.signInTapped()
        XCTAssertEqual(app.screen[case: SignInApp.Screen.game]?.moves, 0)
        XCTAssertNil(app[\.screen, case: SignInApp.Screen.login])

        app.aboutTapped()
        app.settingsTapped()
        XCTAssertNil(app.path[0][case: SignInApp.Path.settings])
        XCTAssertEqual(app.path.last?[case: SignInApp.Path.settings]?.sounds, true)

        XCTAssertNil(app[\.destination, case: SignInApp.Destination.edit])
        app.alertShown()
        XCTAssertNil(app[\.destination, case: SignInApp.Destination.edit])
        XCTAssertNil(app.destination?[case: SignInApp.Destination.edit])
        app.editTapped()
        XCTAssertEqual(app[\.destination, case: SignInApp.Destination.edit]?.title, "Untitled")
        XCTAssertEqual(app.destination?[case: SignInApp.Destination.edit]?.title, "Untitled")
        XCTAssertEqual(app.destination[case: SignInApp.Destination.edit]?.title, "Untitled")
    }

    private func exploration(bug: Bool) -> Exploration<SignInApp> {
        Exploration { _ in SignInApp(bug: bug) }
            .intent("signInTapped()", when: { $0.screen[case: SignInApp.Screen.login] != nil }) { $0.signInTapped() }
            .intent("signOutTapped()", when: { $0[\.screen, case: SignInApp.Screen.game] != nil }) { $0.signOutTapped() }
            .intent("screen[case: SignInApp.Screen.game]?.moveTapped()", weight: 3, when: { $0.screen[case: SignInApp.Screen.game] != nil }) {
                $0.screen[case: SignInApp.Screen.game]?.moveTapped()
            }
            .intent("settingsTapped()", when: { $0.path.count < 3 }) { $0.settingsTapped() }
            .intent("path.last?[case: SignInApp.Path.settings]?.soundsToggled()", when: { $0.path.last?[case: SignInApp.Path.settings] != nil }) {
                $0.path.last?[case: SignInApp.Path.settings]?.soundsToggled()
            }
            .invariant("the moves of a game go one at a time", comparing: { $0[\.screen, case: SignInApp.Screen.game]?.moves ?? 0 }) { before, app in
                (app.screen[case: SignInApp.Screen.game]?.moves ?? 0) <= before + 1
            }
            .invariant("a settings screen is only ever on the stack") { app in
                app.path.allSatisfy { $0[case: SignInApp.Path.settings] != nil || $0 == .about }
            }
            .writingTests(ExploredTest(name: "SignInExploredRun", imports: [], subject: "SignInApp(bug: true)"))
    }

    func test_anExploration_reachesTheChildInACase_andWritesTheSameSpelling() async throws {
        let correct = await exploration(bug: false).explore(ExplorationBudget(seed: 1, runs: 10, steps: 30), reporter: RecordingIssueReporter())
        XCTAssertNil(correct.failure)
        XCTAssertEqual(correct.warnings, [])

        let report = await exploration(bug: true).explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: RecordingIssueReporter())
        let failure = try XCTUnwrap(report.failure)
        XCTAssertEqual(failure.steps, [
            "signInTapped()", "screen[case: SignInApp.Screen.game]?.moveTapped()", "screen[case: SignInApp.Screen.game]?.moveTapped()",
        ])
        let source = try XCTUnwrap(failure.testSource)
        XCTAssertTrue(source.contains("await tester.send({ $0.screen[case: SignInApp.Screen.game]?.moveTapped() })"), source)

        // What the written test sends compiles against a tester, and drives the view model.
        let tester = ViewModelTester(SignInApp(bug: true), exhaustivity: .off(showSkippedAssertions: false))
        await tester.send({ $0.signInTapped() })
        await tester.send({ $0.screen[case: SignInApp.Screen.game]?.moveTapped() })
        await tester.send({ $0.screen[case: SignInApp.Screen.game]?.moveTapped() })
        XCTAssertEqual(tester.viewModel.screen[case: SignInApp.Screen.game]?.moves, 3)
        await tester.finish()
    }
}
