// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// Ctrl-Z in `counter` under an interactive shell, or `SIGTSTP` sent from outside, gives the terminal
/// back as it was and stops the process; `fg` brings the app back in raw mode on the alternate
/// screen, fully redrawn.
final class JobControlFrontEndTests: XCTestCase {
    func testCtrlZRestoresTheTerminal_andFgRedraws() throws {
        guard Tmux.executable != nil, FileManager.default.isExecutableFile(atPath: "/bin/bash") else {
            throw MissingTestRequirement.required("tmux or bash is not installed; install them to run the terminal tests") {
                XCTSkip($0)
            }
        }
        let tmux = try Tmux(command: "env PS1='$ ' /bin/bash --norc --noprofile -i")
        try tmux.send("printf 'BEFORE-APP\\n'; '\(try FrontEnd.binary("counter"))' --offline", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("Counter")
        try tmux.send("+")
        try tmux.waitFor("−   1   +")

        try tmux.send("C-z")
        try assertStoppedWithTheTerminalRestored_andBroughtBack(tmux)
    }

    func testSIGTSTPFromOutsideRestoresTheTerminal_andFgRedraws() throws {
        guard Tmux.executable != nil, FileManager.default.isExecutableFile(atPath: "/bin/bash") else {
            throw MissingTestRequirement.required("tmux or bash is not installed; install them to run the terminal tests") {
                XCTSkip($0)
            }
        }
        let pidFile = NSTemporaryDirectory() + "counter-\(UUID().uuidString).pid"
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let tmux = try Tmux(command: "env PS1='$ ' /bin/bash --norc --noprofile -i")
        // NB: `sh` writes its pid and becomes `counter`, so the pid is the program's.
        try tmux.send(
            "printf 'BEFORE-APP\\n'; sh -c 'echo $$ > \(pidFile); exec \"$0\" --offline' '\(try FrontEnd.binary("counter"))'",
            literal: true
        )
        try tmux.send("Enter")
        try tmux.waitFor("Counter")
        try tmux.send("+")
        try tmux.waitFor("−   1   +")

        let pid = try XCTUnwrap(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGTSTP), 0)
        try assertStoppedWithTheTerminalRestored_andBroughtBack(tmux)
    }

    /// The shell says the job stopped, shows the normal screen in canonical mode, and `fg` brings the
    /// counter back with its state; it then quits normally.
    private func assertStoppedWithTheTerminalRestored_andBroughtBack(_ tmux: Tmux, file: StaticString = #filePath, line: UInt = #line) throws {
        let stopped = try tmux.waitFor("]+  Stopped")
        XCTAssertTrue(stopped.contains("BEFORE-APP"), "the alternate screen was left:\n\(stopped)", file: file, line: line)
        XCTAssertFalse(stopped.contains("Counter"), stopped, file: file, line: line)
        // The marker is computed, so the typed command line itself never matches it.
        try tmux.send("stty -a | tr ' ;' '\\n\\n' | grep -E '^-?icanon$'; echo STTY-$((40 + 2))-DONE", literal: true)
        try tmux.send("Enter")
        let settings = try tmux.waitFor("STTY-42-DONE", file: file, line: line)
        XCTAssertTrue(settings.contains("\nicanon"), "canonical mode while stopped:\n\(settings)", file: file, line: line)

        try tmux.send("fg", literal: true)
        try tmux.send("Enter")
        let back = try tmux.waitFor("Counter")
        XCTAssertTrue(back.contains("−   1   +"), "redrawn with its state:\n\(back)", file: file, line: line)
        XCTAssertFalse(back.contains("BEFORE-APP"), "on the alternate screen again:\n\(back)", file: file, line: line)
        try tmux.send("+")
        try tmux.waitFor("−   2   +")
        try tmux.send("q")
        try tmux.send("echo EXITED:$?", literal: true)
        try tmux.send("Enter")
        let done = try tmux.waitFor("EXITED:0")
        XCTAssertTrue(done.contains("BEFORE-APP"), done, file: file, line: line)
    }
}
#endif
