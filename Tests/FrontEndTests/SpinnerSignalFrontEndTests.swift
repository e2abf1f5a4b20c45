// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// `repos` on a terminal shows a spinner on standard error while it waits; Ctrl-C (SIGINT), SIGTERM or
/// SIGHUP ends it with the spinner line cleared.
final class SpinnerSignalFrontEndTests: XCTestCase {
    private func stalledServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response()
            response.stall = true
            return response
        }
    }

    func testCtrlCSIGTERMAndSIGHUPClearTheSpinnerLine() throws {
        guard Tmux.executable != nil, FileManager.default.isExecutableFile(atPath: "/bin/bash") else {
            throw MissingTestRequirement.required("tmux or bash is not installed; install them to run the terminal tests") {
                XCTSkip($0)
            }
        }
        let server = try stalledServer()
        defer { server.stop() }
        let repos = try FrontEnd.binary("repos")
        let tmux = try Tmux(command: "env PS1='$ ' GITHUB_API_URL=\(server.baseURL.absoluteString) /bin/bash --norc --noprofile -i")

        try tmux.send("'\(repos)' octocat; echo EXITED:$?", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("loading octocat")
        try tmux.send("C-c")
        var screen = try tmux.waitFor("EXITED:130")
        XCTAssertFalse(screen.contains("loading octocat"), "the spinner line was cleared:\n\(screen)")

        // In the background, as a job control shell or a closed terminal would signal it: the process
        // clears the line and exits with 128 + the signal.
        try tmux.send("set -b", literal: true)
        try tmux.send("Enter")
        for (signal, status) in [(SIGTERM, 143), (SIGHUP, 129)] {
            try tmux.send("clear; '\(repos)' octocat & echo PID:$!", literal: true)
            try tmux.send("Enter")
            screen = try tmux.waitFor("loading octocat")
            let pidText = try XCTUnwrap(screen.components(separatedBy: "PID:").last?.prefix { $0.isNumber })
            let pid = try XCTUnwrap(Int32(pidText))
            kill(pid, signal)
            screen = try tmux.waitFor("Exit \(status)")
            XCTAssertFalse(screen.contains("loading octocat"), "signal \(signal): the spinner line was cleared:\n\(screen)")
        }
    }
}
#endif
