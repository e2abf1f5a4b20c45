import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A test that writes the whole expected state afresh, `$0 = ViewModelState(GameViewModel(…))`,
/// compares the root's stored `let`s as a child's are compared: equal inputs match, other inputs
/// show in the diff.
@MainActor
final class RootConstantsTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    /// Tic-tac-toe's game screen, as TCA's example has it: the players' names are given when the
    /// game starts and never change.
    @MainActor
    final class GameViewModel: ViewModel {
        enum Player: Equatable { case o, x }
        let oPlayerName: String
        let xPlayerName: String
        @Observed private(set) var board: [Player?] = Array(repeating: nil, count: 9)
        @Observed private(set) var currentPlayer = Player.x

        init(oPlayerName: String, xPlayerName: String) {
            self.oPlayerName = oPlayerName
            self.xPlayerName = xPlayerName
        }

        func cellTapped(_ cell: Int) {
            guard board.indices.contains(cell), board[cell] == nil else { return }
            board[cell] = currentPlayer
            currentPlayer = currentPlayer == .x ? .o : .x
        }

        func playAgainButtonTapped() {
            board = Array(repeating: nil, count: 9)
            currentPlayer = .x
        }
    }

    private func makeTester() -> ViewModelTester<GameViewModel> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(GameViewModel(oPlayerName: "Blob", xPlayerName: "Blob Jr."), reporter: reporter)
    }

    func testAFreshStateWithTheSameNamesMatches() async {
        let tester = makeTester()
        await tester.send({ $0.cellTapped(4) }) {
            $0.board[4] = .x
            $0.currentPlayer = .o
        }
        await tester.send({ $0.playAgainButtonTapped() }) {
            $0 = ViewModelState(GameViewModel(oPlayerName: "Blob", xPlayerName: "Blob Jr."))
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAFreshStateWithOtherNamesShowsThemInTheDiff() async {
        let tester = makeTester()
        await tester.send({ $0.cellTapped(0) }) {
            $0 = ViewModelState(GameViewModel(oPlayerName: "Blob", xPlayerName: "Blob Sr."))
            $0.board[0] = .x
            $0.currentPlayer = .o
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                RootConstantsTests.GameViewModel(
                  oPlayerName: "Blob",
              −   xPlayerName: "Blob Sr.",
              +   xPlayerName: "Blob Jr.",
                  board: [.x, nil, nil, nil, nil, nil, nil, nil, nil],
                  currentPlayer: .o
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testStateWrittenPropertyByPropertyLeavesTheLetsOutOfBothSides() async {
        let tester = makeTester()
        await tester.send({ $0.cellTapped(8) }) { $0.board[8] = .o }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertFalse(reporter.messages.first?.contains("PlayerName") ?? true, reporter.messages.first ?? "")
    }
}
