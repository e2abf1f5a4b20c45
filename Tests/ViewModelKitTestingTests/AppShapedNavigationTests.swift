import ViewModelKit
import ViewModelKitTesting
import XCTest

private struct SyncUp: Equatable {
    var id: Int
    var title: String
}

private struct Meeting: Equatable {
    var id: Int
    var transcript: String
}

/// A sync-up's detail screen, as the meetings app has it: an edit sheet as an enum destination.
@MainActor
private final class SyncUpDetailModel: ViewModel {
    enum Destination: ViewModelContainer {
        case edit(SyncUpFormModel)
        case alert(String)
    }

    let syncUpID: Int
    @Observed private(set) var title: String
    @Child private(set) var destination: Destination?

    init(syncUp: SyncUp) {
        self.syncUpID = syncUp.id
        self.title = syncUp.title
    }

    func editButtonTapped() { destination = .edit(SyncUpFormModel(title: title)) }
    func renamed(_ title: String) { self.title = title }
}

@MainActor
private final class SyncUpFormModel: ViewModel {
    @Observed var title: String
    init(title: String) { self.title = title }
}

/// The app: a stack whose entries are screens with view models and plain values.
@MainActor
private final class AppModel: ViewModel {
    enum Path: ViewModelContainer {
        case detail(SyncUpDetailModel)
        case meeting(Meeting, syncUp: SyncUp)
    }

    @Child private(set) var path: [Path] = []

    func syncUpTapped(_ syncUp: SyncUp) { path.append(.detail(SyncUpDetailModel(syncUp: syncUp))) }
    func meetingTapped(_ meeting: Meeting, syncUp: SyncUp) { path.append(.meeting(meeting, syncUp: syncUp)) }
    func renameOnTop(_ title: String) {
        guard case .detail(let detail)? = path.first else { return }
        detail.renamed(title)
    }
}

/// The sign-in flow's root: always one of its screens.
@MainActor
private final class LoginModel: ViewModel {
    @Observed private(set) var email = ""
    func emailChanged(_ email: String) { self.email = email }
}

@MainActor
private final class NewGameModel: ViewModel {
    @Observed private(set) var oPlayerName = ""
    @Observed private(set) var xPlayerName = ""
    func oPlayerNameChanged(_ name: String) { oPlayerName = name }
}

@MainActor
private final class RootModel: ViewModel {
    enum Screen: ViewModelContainer {
        case login(LoginModel)
        case newGame(NewGameModel)
    }

    @Child private(set) var screen: Screen = .login(LoginModel())

    func signedIn() { screen = .newGame(NewGameModel()) }
    func loginScreen() -> LoginModel? {
        guard case .login(let login) = screen else { return nil }
        return login
    }
    func newGameScreen() -> NewGameModel? {
        guard case .newGame(let newGame) = screen else { return nil }
        return newGame
    }
}

/// Navigation written the way real apps' tests write it: stack entries as the stack holds them,
/// case access into stack entries, and a root that is always one of its screens.
@MainActor
final class AppShapedNavigationTests: XCTestCase {
    private var reporter = RecordingIssueReporter()
    private let engineering = SyncUp(id: 1, title: "Engineering")
    private let standup = Meeting(id: 7, transcript: "Blob: hi")

    private func makeTester<Model: ViewModel>(_ model: Model) -> ViewModelTester<Model> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(model, reporter: reporter)
    }

    // MARK: A stack entry that is a plain value

    func testAValueEntryIsAppendedAsTheStackHoldsIt() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.meetingTapped(self.standup, syncUp: self.engineering) }) {
            $0.path.append(.meeting(self.standup, syncUp: self.engineering))
        }
        await tester.send({ $0.meetingTapped(Meeting(id: 8, transcript: ""), syncUp: self.engineering) }) {
            $0.path.append(.meeting(Meeting(id: 8, transcript: "?"), syncUp: self.engineering))
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                AppModel(
                  path: [
                    … (1 unchanged)
                    [1]: .meeting(
                      Meeting(
                        id: 8,
              −         transcript: "?"
              +         transcript: ""
                      ),
                      syncUp: SyncUp(id: 1, title: "Engineering")
                    )
                  ]
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testAScreenEntryIsAppendedAsTheStackHoldsItFreshlyMade() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.syncUpTapped(self.engineering) }) {
            $0.path.append(.detail(SyncUpDetailModel(syncUp: self.engineering)))
        }
        await tester.send({ $0.meetingTapped(self.standup, syncUp: self.engineering) }) {
            $0.path.insert(.meeting(self.standup, syncUp: self.engineering), at: 1)
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAStackAssignedAsAListOfEntriesMatches() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.syncUpTapped(self.engineering) }) {
            $0.path = [.entry(AppModel.Path.detail(SyncUpDetailModel(syncUp: self.engineering)))]
        }
        await tester.send({ $0.meetingTapped(self.standup, syncUp: self.engineering) }) {
            $0.path.append(ViewModelState(SyncUpDetailModel(syncUp: self.engineering)))
        }
        XCTAssertEqual(reporter.messages.count, 1, "the second entry is a meeting, not a detail")
    }

    func testAStackAssignedAsTheEntriesThemselvesMatches() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.syncUpTapped(self.engineering) }) {
            $0.path = [.detail(SyncUpDetailModel(syncUp: self.engineering))]
        }
        await tester.send({ $0.meetingTapped(self.standup, syncUp: self.engineering) }) {
            $0.path = [.detail(SyncUpDetailModel(syncUp: self.engineering)), .meeting(self.standup, syncUp: self.engineering)]
        }
        await tester.send({ $0.renameOnTop("Design") }) {
            $0.path = [.detail(SyncUpDetailModel(syncUp: SyncUp(id: 1, title: "Marketing"))), .meeting(self.standup, syncUp: self.engineering)]
        }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains(#"+       title: "Design""#) ?? false, reporter.messages.first ?? "")
    }

    func testAnExpressionTheListCannotTakeNamesWhatWorks() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.syncUpTapped(self.engineering) }) {
            $0.path.append(.detail(SyncUpDetailModel(syncUp: self.engineering)))
        }
        await tester.send({ $0.meetingTapped(self.standup, syncUp: self.engineering) }) {
            // Swift reads the live stack for this one (the list of states takes states here).
            $0.path.append(contentsOf: [.meeting(self.standup, syncUp: self.engineering)])
        }
        XCTAssertTrue(
            reporter.messages.first?.hasPrefix(
                "\\AppModel.path was read as the live list, not as its entries' states in the snapshot, so this expectation "
                    + "cannot change it. Write an entry as the list holds it (`$0.path.append(.meeting(meeting))`)"
            ) ?? false,
            reporter.messages.first ?? "no failure"
        )
    }

    // MARK: Case access into stack entries and destinations

    func testAScreenOnTheStackChangesThroughItsCase() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.syncUpTapped(self.engineering) }) {
            $0.path.append(.detail(SyncUpDetailModel(syncUp: self.engineering)))
        }
        await tester.send({ $0.renameOnTop("Design") }) {
            $0.path[0][case: AppModel.Path.detail]?.title = "Design"
        }
        XCTAssertEqual(tester.state.path[0][case: AppModel.Path.detail]?.title, "Design")
        await tester.send({ $0.renameOnTop("Product") }) {
            $0.path[0][case: AppModel.Path.detail]?.title = "Marketing"
        }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains(#"−       title: "Marketing""#) ?? false, reporter.messages.first ?? "")
    }

    func testADestinationInsideAStackEntryChangesThroughBothCases() async {
        let tester = makeTester(AppModel())
        await tester.send({ $0.syncUpTapped(self.engineering) }) {
            $0.path.append(.detail(SyncUpDetailModel(syncUp: self.engineering)))
        }
        await tester.send({ app in
            guard case .detail(let detail)? = app.path.first else { return }
            detail.editButtonTapped()
        }) {
            $0.path[0][case: AppModel.Path.detail]?.destination = .edit(SyncUpFormModel(title: "Engineering"))
        }
        await tester.send({ app in
            guard case .detail(let detail)? = app.path.first, case .edit(let form)? = detail.destination else { return }
            form.title = "Eng"
        }) {
            $0.path[0][case: AppModel.Path.detail]?[\.destination, case: SyncUpDetailModel.Destination.edit]?.title = "Eng"
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: A non-optional enum child

    func testARootThatIsAlwaysOneOfItsScreens() async {
        let tester = makeTester(RootModel())
        await tester.send({ $0.loginScreen()?.emailChanged("blob@pointfree.co") }) {
            $0[\.screen, case: RootModel.Screen.login]?.email = "blob@pointfree.co"
        }
        XCTAssertEqual(tester.state[\.screen, case: RootModel.Screen.login]?.email, "blob@pointfree.co")
        XCTAssertNil(tester.state[\.screen, case: RootModel.Screen.newGame])
        await tester.send({ $0.signedIn() }) {
            $0.screen = .newGame(NewGameModel())
        }
        await tester.send({ $0.newGameScreen()?.oPlayerNameChanged("Blob") }) {
            $0[\.screen, case: RootModel.Screen.newGame]?.oPlayerName = "Blob"
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAScreenOfANonOptionalEnumDiffsByItsStateNotItsInternals() async {
        let tester = makeTester(RootModel())
        await tester.send({ $0.signedIn() }) {
            let newGame = NewGameModel()
            newGame.oPlayerNameChanged("Blob Jr.")
            $0.screen = .newGame(newGame)
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                RootModel(
                  screen: .newGame(
                    NewGameModel(
              −       oPlayerName: "Blob Jr.",
              +       oPlayerName: "",
                      xPlayerName: ""
                    )
                  )
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testANonOptionalEnumCannotBeDismissed() async {
        let tester = makeTester(RootModel())
        await tester.send({ $0.loginScreen()?.emailChanged("a") }) {
            $0[\.screen, case: RootModel.Screen.login] = nil
        }
        XCTAssertEqual(reporter.messages.first, "\\RootModel.screen always holds one of its cases: set another case (`$0.screen = .login(LoginModel())`) instead of nil")
    }
}
