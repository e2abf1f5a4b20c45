import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A delegate event sent while nothing listens fails the test, as a change no assertion received
/// does. The flow is a sign-in's: login, then two-factor, which tells the login it signed in, which
/// tells the app.
@MainActor
final class UnheardEventTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    @MainActor
    final class TwoFactorModel: ViewModel {
        enum Event: Equatable { case signedIn(user: String) }
        let delegate = Delegate<Event>()
        let user: String
        @Observed private(set) var code = ""
        private let clock: any Clock<Duration>

        init(user: String, clock: any Clock<Duration>) {
            self.user = user
            self.clock = clock
        }

        func codeChanged(_ code: String) { self.code = code }

        /// Checks the code right away.
        func submitTapped() { delegate.send(.signedIn(user: user)) }

        /// Checks the code with a server (a sleep on the clock stands for it).
        func submitLaterTapped() {
            task(id: "verify") { [weak self, clock] in
                try await clock.sleep(for: .seconds(1))
                guard let self else { return }
                delegate.send(.signedIn(user: user))
            }
        }
    }

    @MainActor
    final class LoginModel: ViewModel {
        enum Event: Equatable { case signedIn(user: String) }
        let delegate = Delegate<Event>()
        @Child private(set) var twoFactor: TwoFactorModel?
        private let clock: any Clock<Duration>
        private let forgetsToConnect: Bool

        init(clock: any Clock<Duration>, forgetsToConnect: Bool = false) {
            self.clock = clock
            self.forgetsToConnect = forgetsToConnect
        }

        func loginTapped(email: String) {
            let twoFactor = TwoFactorModel(user: email, clock: clock)
            if !forgetsToConnect {
                twoFactor.delegate.connect(to: self) { login, event in
                    switch event {
                    case .signedIn(let user): login.delegate.send(.signedIn(user: user))
                    }
                }
            }
            self.twoFactor = twoFactor
        }
    }

    @MainActor
    final class AppModel: ViewModel {
        @Child private(set) var login: LoginModel
        @Observed private(set) var signedInUser: String?

        init(login: LoginModel) {
            self._login = Child(wrappedValue: login)
            super.init()
            login.delegate.connect(to: self) { app, event in
                switch event {
                case .signedIn(let user): app.signedInUser = user
                }
            }
        }
    }

    private func makeTester(forgetsToConnect: Bool, exhaustivity: Exhaustivity = .on, clock: TestClock = TestClock()) -> ViewModelTester<AppModel> {
        reporter = RecordingIssueReporter()
        let login = LoginModel(clock: clock, forgetsToConnect: forgetsToConnect)
        return ViewModelTester(AppModel(login: login), exhaustivity: exhaustivity, clocks: [clock], reporter: reporter)
    }

    private let lostMessage = """
        Delegate<UnheardEventTests.TwoFactorModel.Event> sent .signedIn(user: "blob@pointfree.co") while nothing listened to it, \
        so the event was lost.

        Connect its owner (`delegate.connect(to: self) { … }`) where the parent makes the child; a test of the child alone \
        receives its events (`await tester.receive(\\.delegate, …)`).
        """

    func testTheWholeFlowConnectedSignsIn() async {
        let tester = makeTester(forgetsToConnect: false)
        await tester.send({ $0.login.loginTapped(email: "blob@pointfree.co") }) {
            $0.login.twoFactor = ViewModelState(TwoFactorModel(user: "blob@pointfree.co", clock: TestClock()))
        }
        await tester.send({ $0.login.twoFactor?.submitTapped() }) { $0.signedInUser = "blob@pointfree.co" }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAForgottenConnectFailsAtTheIntentThatSentTheEvent() async {
        let tester = makeTester(forgetsToConnect: true)
        await tester.send({ $0.login.loginTapped(email: "blob@pointfree.co") }) {
            $0.login.twoFactor = ViewModelState(TwoFactorModel(user: "blob@pointfree.co", clock: TestClock()))
        }
        XCTAssertEqual(reporter.messages, [])
        await tester.send({ $0.login.twoFactor?.submitTapped() })
        XCTAssertEqual(reporter.messages, [lostMessage])
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1, "reported once")
    }

    func testAnEventATaskSendsUnheardFailsAtTheReceiveAfterIt() async {
        let clock = TestClock()
        let tester = makeTester(forgetsToConnect: true, clock: clock)
        await tester.send({ $0.login.loginTapped(email: "blob@pointfree.co") }) {
            $0.login.twoFactor = ViewModelState(TwoFactorModel(user: "blob@pointfree.co", clock: TestClock()))
        }
        await tester.send({ $0.login.twoFactor?.codeChanged("1234") }) { $0.login.twoFactor?.code = "1234" }
        await tester.send({ $0.login.twoFactor?.submitLaterTapped() })
        await clock.advance(by: .seconds(1))
        await tester.finish()
        XCTAssertEqual(reporter.messages, [
            lostMessage.replacingOccurrences(
                of: " while nothing", with: " (from a task of submitLaterTapped()) while nothing"
            ),
        ])
    }

    func testAChildTestedAloneHearsItsEventsByObservingThem() async {
        reporter = RecordingIssueReporter()
        let twoFactor = TwoFactorModel(user: "blob@pointfree.co", clock: TestClock())
        var events: [TwoFactorModel.Event] = []
        let subscription = twoFactor.delegate.observe { events.append($0) }
        let tester = ViewModelTester(twoFactor, reporter: reporter)
        await tester.send({ $0.submitTapped() })
        XCTAssertEqual(events, [.signedIn(user: "blob@pointfree.co")])
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
        subscription.cancel()
    }

    func testANonExhaustiveTestSkipsTheLostEvent() async {
        let tester = makeTester(forgetsToConnect: true, exhaustivity: .off(showSkippedAssertions: true))
        var skipped: [String] = []
        tester.skippedAssertionsOutput = { skipped.append($0) }
        await tester.send({ $0.login.loginTapped(email: "blob@pointfree.co") })
        await tester.send({ $0.login.twoFactor?.submitTapped() })
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
        XCTAssertTrue(skipped.contains("ℹ︎ UnheardEventTests.AppModel: skipped assertions: 1 delegate event sent while nothing listened"), "\(skipped)")
    }
}
