import Foundation
import TestSupport
import XCTest

/// Ctrl-Z in `counter` under an interactive shell gives the terminal back as it was and stops the
/// process; `fg` brings the app back in raw mode on the alternate screen, fully redrawn.
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
        let stopped = try tmux.waitFor("]+  Stopped")
        XCTAssertTrue(stopped.contains("BEFORE-APP"), "the alternate screen was left:\n\(stopped)")
        XCTAssertFalse(stopped.contains("Counter"), stopped)
        // The marker is computed, so the typed command line itself never matches it.
        try tmux.send("stty -a | tr ' ;' '\\n\\n' | grep -E '^-?icanon$'; echo STTY-$((40 + 2))-DONE", literal: true)
        try tmux.send("Enter")
        let settings = try tmux.waitFor("STTY-42-DONE")
        XCTAssertTrue(settings.contains("\nicanon"), "canonical mode while stopped:\n\(settings)")

        try tmux.send("fg", literal: true)
        try tmux.send("Enter")
        let back = try tmux.waitFor("Counter")
        XCTAssertTrue(back.contains("−   1   +"), "redrawn with its state:\n\(back)")
        XCTAssertFalse(back.contains("BEFORE-APP"), "on the alternate screen again:\n\(back)")
        try tmux.send("+")
        try tmux.waitFor("−   2   +")
        try tmux.send("q")
        try tmux.send("echo EXITED:$?", literal: true)
        try tmux.send("Enter")
        let done = try tmux.waitFor("EXITED:0")
        XCTAssertTrue(done.contains("BEFORE-APP"), done)
    }
}
