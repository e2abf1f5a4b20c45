// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// Drives a program in a real terminal: a private tmux server, one session, `send-keys` to type and
/// `capture-pane` to read the screen.
final class Tmux {
    let socket = "vmk-\(UUID().uuidString.prefix(8))"
    let session = "test"

    /// The tmux executable, or `nil` if tmux is not installed.
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Starts `command` (a shell command line) in a `columns` × `rows` terminal.
    init(command: String, columns: Int = 80, rows: Int = 24) throws {
        // The first command starts the tmux server, which keeps the descriptors it inherits:
        // give it no pipe, or reading the pipe to its end would wait for the server to exit.
        _ = try run(["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), command], capture: false)
    }

    deinit {
        _ = try? run(["kill-server"], capture: false)
    }

    /// Types `keys` (tmux key names such as `Enter`, `Escape`, `C-c`, `Up`, or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) throws {
        _ = try run(["send-keys", "-t", session] + (literal ? ["-l"] : []) + keys)
    }

    /// The screen as text.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", session])
    }

    /// Resizes the terminal.
    func resize(columns: Int, rows: Int) throws {
        _ = try run(["resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
    }

    /// Reads the screen until `condition` holds, for at most `seconds` (a safety net: the wait ends
    /// as soon as the screen shows what the test waits for). Returns the last screen.
    @discardableResult
    func waitForScreen(
        _ what: String, seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line,
        until condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        repeat {
            last = try screen()
            if condition(last) { return last }
            // Let the program run; tmux answers each capture from its own process.
            _ = try? run(["has-session", "-t", session])
        } while Date() < deadline
        XCTFail("timed out waiting for \(what); the screen shows:\n\(last)", file: file, line: line)
        return last
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try waitForScreen("\"\(text)\"", seconds: seconds, file: file, line: line) { $0.contains(text) }
    }

    private func run(_ arguments: [String], capture: Bool = true) throws -> String {
        guard let executable = Self.executable else {
            throw MissingTestRequirement.required("tmux is not installed; install it (apt-get install tmux) to run the terminal tests") {
                XCTSkip($0)
            }
        }
        let process = Process()
        // NB: Foundation's `Process` waits until every copy of a descriptor it gives the child is
        // closed, and the tmux server that the first command forks keeps them. A shell closes all
        // descriptors above 2 before running tmux. It finds them in /dev/fd, which lists the shell's
        // own open descriptors on macOS and on Linux (where it links to /proc/self/fd; macOS has no
        // /proc).
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let closeInherited = #"for fd in /dev/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec "$0" "$@""#
        process.arguments = ["-c", closeInherited, executable, "-L", socket, "-f", "/dev/null"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment.removeValue(forKey: "TMUX")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard capture else {
            process.standardOutput = FileHandle.nullDevice
            try process.runUntilExit()
            return ""
        }
        let output = Pipe()
        process.standardOutput = output
        let data = try process.runUntilExit { output.fileHandleForReading.readDataToEndOfFile() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Paths of the package and of the built front ends.
enum FrontEnd {
    static var packageRoot: URL { TestPaths.packageRoot }

    /// The built executable `name`, beside the test bundle.
    static func binary(_ name: String) throws -> String {
        guard let found = TestPaths.builtExecutable(name) else {
            throw MissingTestRequirement.required("\(name) was not built beside the tests") { XCTSkip($0) }
        }
        return found.path
    }

    /// A shell command that prints a marker, runs `program` on the terminal, records its pid in
    /// `pidFile`, then shows how it exited and the terminal's settings, and keeps the pane open.
    static func shellCommand(_ program: String, pidFile: String) throws -> String {
        let script = """
            cd '\(packageRoot.path)' || exit 1
            printf 'BEFORE-APP\\n'
            \(program) </dev/tty &
            pid=$!
            echo $pid > '\(pidFile)'
            wait $pid
            printf 'EXITED:%s\\n' $?
            stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '
            printf '\\nDONE\\n'
            exec cat
            """
        let file = NSTemporaryDirectory() + "frontend-\(UUID().uuidString).sh"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        return "sh '\(file)'"
    }
}
#endif
