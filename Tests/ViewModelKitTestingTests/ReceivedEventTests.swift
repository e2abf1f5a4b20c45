import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The events of the view model under test are outputs the test receives, in order with its changes,
/// as TCA's `await store.receive(\.delegate.twoFactorSucceeded)` receives a delegate action. The
/// flow is TicTacToe's sign-in, ported: a login that may ask for a second factor, the two-factor
/// screen, and the new-game screen that logs out. Each screen is tested alone, as TCA's tests do.
@MainActor
final class ReceivedEventTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    /// What a login gives the app; not `Equatable`, as a real session rarely is.
    struct Session {
        var user: String
        var token: String
    }

    /// The server: each answer takes a second on the test clock.
    struct AuthenticationClient: Sendable {
        var clock: TestClock

        func login(email: String, password: String) async throws -> (token: String, needsTwoFactor: Bool) {
            try await clock.sleep(for: .seconds(1))
            guard password == "password" else { throw LoginError.wrongPassword }
            return (token: "deadbeef", needsTwoFactor: email.hasPrefix("2fa"))
        }

        func twoFactor(code: String, token: String) async throws -> String {
            try await clock.sleep(for: .seconds(1))
            guard code == "1234" else { throw LoginError.wrongCode }
            return token + "-verified"
        }
    }

    enum LoginError: Error { case wrongPassword, wrongCode }

    @MainActor
    final class TwoFactorModel: ViewModel {
        enum Event: Equatable { case twoFactorSucceeded(token: String) }
        let delegate = Delegate<Event>()
        @Observed private(set) var code = ""
        @Observed private(set) var isSubmitting = false
        @Observed private(set) var error: String?
        private let token: String
        private let client: AuthenticationClient

        init(token: String, client: AuthenticationClient) {
            self.token = token
            self.client = client
        }

        func codeChanged(_ code: String) { self.code = code }

        func submitButtonTapped() {
            isSubmitting = true
            error = nil
            task(id: "submit") { [weak self, client, code, token] in
                do {
                    let verified = try await client.twoFactor(code: code, token: token)
                    self?.isSubmitting = false
                    self?.delegate.send(.twoFactorSucceeded(token: verified))
                } catch {
                    self?.isSubmitting = false
                    self?.error = "\(error)"
                }
            }
        }
    }

    @MainActor
    final class LoginModel: ViewModel {
        enum Event { case loginSucceeded(Session) }
        let delegate = Delegate<Event>()
        @Observed private(set) var email = ""
        @Observed private(set) var isLoggingIn = false
        @Child private(set) var twoFactor: TwoFactorModel?
        private let client: AuthenticationClient

        init(client: AuthenticationClient) { self.client = client }

        func emailChanged(_ email: String) { self.email = email }

        func loginButtonTapped(password: String) {
            isLoggingIn = true
            task(id: "login") { [weak self, client, email] in
                let response = try await client.login(email: email, password: password)
                guard let self else { return }
                isLoggingIn = false
                guard response.needsTwoFactor else {
                    return delegate.send(.loginSucceeded(Session(user: email, token: response.token)))
                }
                let twoFactor = TwoFactorModel(token: response.token, client: client)
                twoFactor.delegate.connect(to: self) { login, event in
                    switch event {
                    case .twoFactorSucceeded(let token):
                        login.twoFactor = nil
                        login.delegate.send(.loginSucceeded(Session(user: login.email, token: token)))
                    }
                }
                self.twoFactor = twoFactor
            }
        }
    }

    @MainActor
    final class NewGameModel: ViewModel {
        enum Event: Equatable { case logout, letsPlay(x: String, o: String) }
        let delegate = Delegate<Event>()
        @Observed private(set) var xPlayerName = ""
        @Observed private(set) var oPlayerName = ""

        func namesChanged(x: String, o: String) {
            xPlayerName = x
            oPlayerName = o
        }

        func letsPlayButtonTapped() { delegate.send(.letsPlay(x: xPlayerName, o: oPlayerName)) }
        func logoutButtonTapped() { delegate.send(.logout) }
    }

    // MARK: - The flow, as TCA's tests write it

    func testTwoFactorSucceeds() async {
        let clock = TestClock()
        let tester = ViewModelTester(TwoFactorModel(token: "deadbeef", client: AuthenticationClient(clock: clock)), clocks: [clock], reporter: reporter)
        await tester.send({ $0.codeChanged("1234") }) { $0.code = "1234" }
        await tester.send({ $0.submitButtonTapped() }) { $0.isSubmitting = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.isSubmitting = false }
        await tester.receive(\.delegate, .twoFactorSucceeded(token: "deadbeef-verified"))
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testLoginSucceedsWithoutTwoFactor() async {
        let clock = TestClock()
        let tester = ViewModelTester(LoginModel(client: AuthenticationClient(clock: clock)), clocks: [clock], reporter: reporter)
        await tester.send({ $0.emailChanged("blob@pointfree.co") }) { $0.email = "blob@pointfree.co" }
        await tester.send({ $0.loginButtonTapped(password: "password") }) { $0.isLoggingIn = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.isLoggingIn = false }
        // The session is not Equatable: the event is received by its case, and what it holds returned.
        let session = await tester.receive(\.delegate, case: LoginModel.Event.loginSucceeded)
        XCTAssertEqual(session?.user, "blob@pointfree.co")
        XCTAssertEqual(session?.token, "deadbeef")
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testLoginThroughTwoFactorSendsTheLoginsOwnEvent() async {
        let clock = TestClock()
        let client = AuthenticationClient(clock: clock)
        let tester = ViewModelTester(LoginModel(client: client), clocks: [clock], reporter: reporter)
        await tester.send({ $0.emailChanged("2fa@pointfree.co") }) { $0.email = "2fa@pointfree.co" }
        await tester.send({ $0.loginButtonTapped(password: "password") }) { $0.isLoggingIn = true }
        await clock.advance(by: .seconds(1))
        await tester.receive {
            $0.isLoggingIn = false
            $0.twoFactor = ViewModelState(TwoFactorModel(token: "deadbeef", client: client))
        }
        await tester.send({ $0.twoFactor?.codeChanged("1234") }) { $0.twoFactor?.code = "1234" }
        await tester.send({ $0.twoFactor?.submitButtonTapped() }) { $0.twoFactor?.isSubmitting = true }
        await clock.advance(by: .seconds(1))
        // The child's event is heard by the login, which it is connected to; the login's own event,
        // which nothing listens to here, is the test's to receive. Equal by dump: Session is not Equatable.
        await tester.receive { $0.twoFactor = nil }
        await tester.receive(\.delegate, .loginSucceeded(Session(user: "2fa@pointfree.co", token: "deadbeef-verified")))
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testNewGameLogsOut() async {
        let tester = ViewModelTester(NewGameModel(), reporter: reporter)
        await tester.send({ $0.logoutButtonTapped() })
        await tester.receive(\.delegate, .logout)
        await tester.send({ $0.namesChanged(x: "Blob Sr.", o: "Blob Jr.") }) {
            $0.xPlayerName = "Blob Sr."
            $0.oPlayerName = "Blob Jr."
        }
        await tester.send({ $0.letsPlayButtonTapped() })
        let players = await tester.receive(\.delegate, case: NewGameModel.Event.letsPlay)
        XCTAssertEqual(players?.0, "Blob Sr.")
        XCTAssertEqual(players?.1, "Blob Jr.")
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testACaseOfOneLabeledValueGivesTheValue() async {
        let clock = TestClock()
        let tester = ViewModelTester(TwoFactorModel(token: "t", client: AuthenticationClient(clock: clock)), clocks: [clock], reporter: reporter)
        await tester.send({ $0.codeChanged("1234") }) { $0.code = "1234" }
        await tester.send({ $0.submitButtonTapped() }) { $0.isSubmitting = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.isSubmitting = false }
        let token = await tester.receive(\.delegate, case: TwoFactorModel.Event.twoFactorSucceeded)
        XCTAssertEqual(token, "t-verified")
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: - An event no assertion received

    func testAnEventNoAssertionReceivedFailsTheNextSendAndNamesTheLineToWrite() async {
        let tester = ViewModelTester(NewGameModel(), reporter: reporter)
        await tester.send({ $0.logoutButtonTapped() })
        XCTAssertEqual(reporter.messages, [])
        await tester.send({ $0.namesChanged(x: "a", o: "b") }) {
            $0.xPlayerName = "a"
            $0.oPlayerName = "b"
        }
        XCTAssertEqual(reporter.messages, [
            """
            Must handle 1 received event before sending an intent:

            • \\.delegate sent .logout. Receive it: `await tester.receive(\\.delegate, .logout)`.
            """,
        ])
        // As a change would, the event stays queued for a receive: the test did not receive it.
        await tester.receive(\.delegate, .logout)
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
    }

    func testAnEventATaskSentThatNoAssertionReceivedFailsAtFinish() async {
        let clock = TestClock()
        let tester = ViewModelTester(TwoFactorModel(token: "t", client: AuthenticationClient(clock: clock)), clocks: [clock], reporter: reporter)
        await tester.send({ $0.codeChanged("1234") }) { $0.code = "1234" }
        await tester.send({ $0.submitButtonTapped() }) { $0.isSubmitting = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.isSubmitting = false }
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(
            reporter.messages.first?.hasPrefix(
                """
                The view model sent 1 event that no assertion received:

                • \\.delegate sent .twoFactorSucceeded(token: "t-verified") (from a task of submitButtonTapped()). \
                Receive it: `await tester.receive(\\.delegate, .twoFactorSucceeded(token: "t-verified"))`.
                """
            ) == true,
            reporter.messages.first ?? ""
        )
    }

    func testEventsAndChangesAreReceivedInTheOrderTheyHappened() async {
        let clock = TestClock()
        let tester = ViewModelTester(TwoFactorModel(token: "t", client: AuthenticationClient(clock: clock)), clocks: [clock], reporter: reporter)
        await tester.send({ $0.codeChanged("1234") }) { $0.code = "1234" }
        await tester.send({ $0.submitButtonTapped() }) { $0.isSubmitting = true }
        await clock.advance(by: .seconds(1))
        await tester.receive(\.delegate, .twoFactorSucceeded(token: "t-verified"))
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(
            reporter.messages.first?.hasPrefix(
                "Expected to receive .twoFactorSucceeded(token: \"t-verified\") from \\.delegate, but a task changed the state first:"
            ) == true,
            reporter.messages.first ?? ""
        )
        XCTAssertTrue(reporter.messages.first?.hasSuffix("Receive the change first: `await tester.receive { … }`.") == true)
        // The change was taken by the failed receive; the event is next.
        await tester.receive(\.delegate, .twoFactorSucceeded(token: "t-verified"))
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
    }

    func testReceivingAChangeWhenTheViewModelSentAnEventFirstFails() async {
        let tester = ViewModelTester(NewGameModel(), reporter: reporter)
        await tester.send({ $0.logoutButtonTapped() })
        await tester.receive { $0.xPlayerName = "x" }
        XCTAssertEqual(reporter.messages, [
            """
            Expected to receive a change from a task, but the view model sent an event first:

            • \\.delegate sent .logout. Receive it: `await tester.receive(\\.delegate, .logout)`.
            """,
        ])
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
    }

    func testAnotherEventFailsWithADiff() async {
        let tester = ViewModelTester(NewGameModel(), reporter: reporter)
        await tester.send({ $0.namesChanged(x: "a", o: "b") }) {
            $0.xPlayerName = "a"
            $0.oPlayerName = "b"
        }
        await tester.send({ $0.letsPlayButtonTapped() })
        await tester.receive(\.delegate, .letsPlay(x: "a", o: "c"))
        XCTAssertEqual(reporter.messages, [
            """
            Received an event that does not match expectation: …

                .letsPlay(
                  x: "a",
              −   o: "c"
              +   o: "b"
                )

            (Expected: −, Received: +)
            """,
        ])
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
    }

    func testAnEventOfAnotherCaseFailsTheCaseReceive() async {
        let tester = ViewModelTester(NewGameModel(), reporter: reporter)
        await tester.send({ $0.logoutButtonTapped() })
        let players = await tester.receive(\.delegate, case: NewGameModel.Event.letsPlay)
        XCTAssertNil(players)
        XCTAssertEqual(reporter.messages, [
            "Expected to receive an event of the case the test named from \\.delegate, but the view model sent .logout "
                + "from \\.delegate. Receive it first: `await tester.receive(\\.delegate, .logout)`.",
        ])
    }

    func testReceivingAnEventWhenNothingCanSendOneFailsAtOnce() async {
        let tester = ViewModelTester(NewGameModel(), reporter: reporter)
        await tester.receive(\.delegate, .logout)
        XCTAssertEqual(reporter.messages, [
            "Expected to receive .logout from \\.delegate, but nothing was sent, and no task of "
                + "ReceivedEventTests.NewGameModel is running that could send it.",
        ])
    }

    /// A parent that forgets nothing: its child's events reach it.
    @MainActor
    final class GameParent: ViewModel {
        @Child private(set) var newGame: NewGameModel
        @Observed private(set) var isLoggedOut = false

        override init() {
            _newGame = Child(wrappedValue: NewGameModel())
            super.init()
            newGame.delegate.connect(to: self) { parent, event in
                if event == .logout { parent.isLoggedOut = true }
            }
        }
    }

    func testAChildsDelegateIsNotTheTestersToReceive() async {
        let tester = ViewModelTester(GameParent(), reporter: reporter)
        await tester.send({ $0.newGame.logoutButtonTapped() }) { $0.isLoggedOut = true }
        await tester.receive(\.newGame.delegate, .logout)
        XCTAssertEqual(reporter.messages, [
            "Expected to receive .logout, but the delegate this key path reaches is not a stored property of "
                + "ReceivedEventTests.GameParent, the view model under test. The tester receives the events of the view "
                + "model it tests; a child's events reach its parent through `delegate.connect(to:_:)`.",
        ])
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
    }

    func testAnEventSomethingElseHearsIsNotQueued() async {
        let model = NewGameModel()
        var heard: [NewGameModel.Event] = []
        model.delegate.connect { heard.append($0) }
        let tester = ViewModelTester(model, reporter: reporter)
        await tester.send({ $0.logoutButtonTapped() })
        await tester.finish()
        XCTAssertEqual(heard, [.logout])
        XCTAssertEqual(reporter.messages, [])
    }

    func testANonExhaustiveTestSkipsEventsItDoesNotReceive() async {
        let tester = ViewModelTester(NewGameModel(), exhaustivity: .off(showSkippedAssertions: true), reporter: reporter)
        var skipped: [String] = []
        tester.skippedAssertionsOutput = { skipped.append($0) }
        await tester.send({ $0.logoutButtonTapped() })
        await tester.send({ $0.letsPlayButtonTapped() })
        await tester.receive(\.delegate, .letsPlay(x: "", o: ""))
        await tester.send({ $0.logoutButtonTapped() })
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
        XCTAssertEqual(skipped, [
            "ℹ︎ ReceivedEventTests.NewGameModel: skipped assertions: 1 event sent",
            "ℹ︎ ReceivedEventTests.NewGameModel: skipped assertions: 1 event sent",
        ])
    }

    func testANonExhaustiveReceiveSkipsWhatComesBeforeWhatItNames() async {
        let clock = TestClock()
        let tester = ViewModelTester(
            TwoFactorModel(token: "t", client: AuthenticationClient(clock: clock)),
            exhaustivity: .off(showSkippedAssertions: true), clocks: [clock], reporter: reporter
        )
        var skipped: [String] = []
        tester.skippedAssertionsOutput = { skipped.append($0) }
        await tester.send({ $0.codeChanged("1234") })
        await tester.send({ $0.submitButtonTapped() })
        await clock.advance(by: .seconds(1))
        await tester.receive(\.delegate, .twoFactorSucceeded(token: "t-verified"))
        XCTAssertEqual(skipped.last, "ℹ︎ ReceivedEventTests.TwoFactorModel: skipped assertions: 1 change made by tasks")
        await tester.send({ $0.submitButtonTapped() })
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.isSubmitting = false }
        // The change came first: the event after it is left for the end.
        await tester.finish()
        XCTAssertEqual(skipped.last, "ℹ︎ ReceivedEventTests.TwoFactorModel: skipped assertions: 1 event sent")
        XCTAssertEqual(reporter.messages, [])
    }
}
