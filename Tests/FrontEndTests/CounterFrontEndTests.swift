// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import XCTest

/// `counter` in a real terminal (tmux): what the screen shows after each key, and that the terminal
/// comes back as it was.
final class CounterFrontEndTests: XCTestCase {
    private var pidFile = ""

    private func start(columns: Int = 80, rows: Int = 24) throws -> Tmux {
        pidFile = NSTemporaryDirectory() + "counter-\(UUID().uuidString).pid"
        let tmux = try Tmux(command: try FrontEnd.shellCommand("'\(try FrontEnd.binary("counter"))' --offline", pidFile: pidFile), columns: columns, rows: rows)
        try tmux.waitFor("Counter")
        return tmux
    }

    private func assertRestored(_ tmux: Tmux, status: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try tmux.waitFor("DONE", file: file, line: line)
        XCTAssertTrue(screen.contains("BEFORE-APP"), "the alternate screen was left:\n\(screen)", file: file, line: line)
        XCTAssertTrue(screen.contains("EXITED:\(status)"), screen, file: file, line: line)
        XCTAssertTrue(screen.contains("icanon") && !screen.contains("-icanon"), "canonical mode restored:\n\(screen)", file: file, line: line)
        XCTAssertTrue(screen.contains("echo") && !screen.contains("-echo "), "echo restored:\n\(screen)", file: file, line: line)
        XCTAssertFalse(screen.contains("Counter"), "nothing of the app is left on the screen:\n\(screen)", file: file, line: line)
    }

    func testCountFactTimerAndQuit() throws {
        let tmux = try start()
        try tmux.send("+")
        try tmux.send("+")
        try tmux.send("-")
        var screen = try tmux.waitFor("−   1   +")
        XCTAssertTrue(screen.contains("timer ○ stopped"))
        XCTAssertTrue(screen.contains("+/- count  f fact  t timer  Enter/Esc dismiss  q quit"), "help line")

        try tmux.send("f")
        screen = try tmux.waitFor("Number fact")
        XCTAssertTrue(screen.contains("1 is the multiplicative identity"), screen)
        XCTAssertTrue(screen.contains("Enter/Esc: OK"), screen)
        try tmux.send("+")   // the alert is modal: the count does not change
        try tmux.send("Enter")
        screen = try tmux.waitForScreen("the alert to close") { !$0.contains("Number fact") }
        XCTAssertTrue(screen.contains("−   1   +"), "the count did not change under the alert:\n\(screen)")
        XCTAssertTrue(screen.contains("Fact: 1 is the multiplicative identity"), screen)

        try tmux.send("t")
        try tmux.waitFor("timer ● running")
        screen = try tmux.waitFor("−   2   +", seconds: 5)
        XCTAssertFalse(screen.contains("Fact:  1"), "a tick clears the fact")
        try tmux.send("t")
        try tmux.waitFor("timer ○ stopped")

        try tmux.send("q")
        try assertRestored(tmux, status: "0")
    }

    func testControlCRestoresTheTerminal() throws {
        let tmux = try start()
        try tmux.send("C-c")
        try assertRestored(tmux, status: "0")
    }

    func testSIGTERMRestoresTheTerminal() throws {
        let tmux = try start()
        var written: Int32?
        let deadline = Date().addingTimeInterval(5)
        while written == nil && Date() < deadline {
            written = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let pid = try XCTUnwrap(written, "the shell wrote the app's pid")
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        try assertRestored(tmux, status: "143")
    }

    func testResizeRedrawsAtTheNewSize() throws {
        let tmux = try start(columns: 80, rows: 24)
        try tmux.send("+")
        try tmux.waitFor("−   1   +")
        try tmux.resize(columns: 40, rows: 12)
        let screen = try tmux.waitForScreen("a 40-column layout") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("Counter") && $0.hasSuffix("timer ○ stopped") && $0.count == 40 }
        }
        XCTAssertTrue(screen.contains("−   1   +"), screen)
        try tmux.send("q")
        try tmux.waitFor("DONE")
    }
}
#endif
