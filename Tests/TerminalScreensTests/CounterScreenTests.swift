import ViewModelKitExampleCounter
import TerminalScreens
import TerminalUI
import XCTest

final class CounterScreenTests: XCTestCase {
    func testStartingScreen() {
        let frame = CounterScreen.render(.init(), columns: 60, rows: 10)
        XCTAssertEqual(frame.text, """
            Counter                                      timer ○ stopped
            ────────────────────────────────────────────────────────────

                                     −   0   +

            Fact: press f



            +/- count  f fact  t timer  Enter/Esc dismiss  q quit
            """)
    }

    func testLoadingAndRunningTimer() {
        let frame = CounterScreen.render(.init(count: -3, isLoading: true, isTimerRunning: true, spinner: "⠙"), columns: 60, rows: 8)
        XCTAssertEqual(frame.trimmedLines[0], "Counter                                      timer ● running")
        XCTAssertEqual(frame.trimmedLines[3].trimmingCharacters(in: .whitespaces), "−   -3   +")
        XCTAssertEqual(frame.trimmedLines[5].trimmingCharacters(in: .whitespaces), "Fact: ⠙ loading…")
    }

    func testALongFactWrapsWithinTheWidth() {
        let fact = "42 is the result given by Google and Bing for the query \"the answer to life the universe and everything\"."
        let frame = CounterScreen.render(.init(count: 42, fact: fact), columns: 30, rows: 12)
        XCTAssertTrue(frame.lines.allSatisfy { TextLayout.width(of: $0) <= 30 })
        let factLines = frame.lines[5...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertGreaterThan(factLines.count, 1, "wrapped, not cut")
        XCTAssertEqual(factLines.joined(separator: " ").split(separator: " ").joined(separator: " "), "Fact: " + fact)
    }

    func testTheAlertStaysOnTopUntilDismissed() {
        let frame = CounterScreen.render(.init(count: 1, fact: "1 is one.", alert: "1 is one."), columns: 40, rows: 12)
        let text = frame.text
        XCTAssertTrue(text.contains("┌─ Number fact ──"), text)
        XCTAssertTrue(text.contains("│ 1 is one."), text)
        XCTAssertTrue(text.contains("Enter/Esc: OK"), text)
        XCTAssertTrue(text.contains("└──"), text)
        XCTAssertEqual(frame.lines.count, 12)
    }

    func testNarrowAndTinyTerminalsNeverOverflow() {
        for (columns, rows) in [(1, 1), (5, 3), (12, 4), (20, 6)] {
            let frame = CounterScreen.render(.init(count: 123_456_789, fact: String(repeating: "long ", count: 40), alert: "x"), columns: columns, rows: rows)
            XCTAssertEqual(frame.lines.count, rows, "\(columns)×\(rows)")
            XCTAssertTrue(frame.lines.allSatisfy { TextLayout.width(of: $0) <= columns }, "\(columns)×\(rows): \(frame.lines)")
        }
    }

    func testKeysMapToIntents() {
        let table: [(Key, Bool, CounterScreen.Intent?)] = [
            (.character("+"), false, .increment), (.up, false, .increment), (.right, false, .increment),
            (.character("-"), false, .decrement), (.down, false, .decrement), (.left, false, .decrement),
            (.character("f"), false, .fact), (.character("t"), false, .toggleTimer),
            (.enter, true, .dismissAlert), (.escape, true, .dismissAlert), (.enter, false, nil),
            (.character("+"), true, nil), (.character("t"), true, nil),
            (.character("q"), false, .quit), (.character("q"), true, .quit), (.control("c"), false, .quit),
            (.character("x"), false, nil),
        ]
        for (key, alertShown, intent) in table {
            XCTAssertEqual(CounterScreen.intent(for: key, alertShown: alertShown), intent, "\(key), alert \(alertShown)")
        }
    }

    @MainActor
    func testApplyingIntentsDrivesTheViewModel() {
        let counter = CounterViewModel(client: FixtureNumberFactClient(directory: URL(fileURLWithPath: "/nonexistent")))
        XCTAssertEqual(CounterScreen.apply(.increment, to: counter), .continue)
        XCTAssertEqual(CounterScreen.apply(.increment, to: counter), .continue)
        XCTAssertEqual(CounterScreen.apply(.decrement, to: counter), .continue)
        XCTAssertEqual(counter.count, 1)
        XCTAssertEqual(CounterScreen.apply(.quit, to: counter), .quit)
    }
}
