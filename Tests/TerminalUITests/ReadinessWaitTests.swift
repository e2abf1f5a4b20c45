#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
@testable import TerminalUI

/// The input thread's wait, with poll(2) (Linux) and with select(2) (Darwin, where poll does not
/// support terminals); both run here. The input is a pseudo-terminal where the wait supports one (a
/// pipe for poll on Darwin), and the wake descriptor a pipe.
final class ReadinessWaitTests: XCTestCase {
    /// How long a wait for something already readable may take before the test calls it lost (a
    /// safety net: a broken wait fails instead of hanging).
    private let patience: Int32 = 10_000

    /// One way to wait, and whether it can watch a terminal.
    private struct Wait {
        /// `poll` or `select`.
        var name: String
        /// Waits on (input, wake, time-out in milliseconds).
        var wait: (Int32, Int32, Int32) -> Readiness?
        /// Whether it supports a terminal as the input: macOS's poll(2) answers `POLLNVAL` for one.
        var watchesTerminals: Bool
    }

    /// poll(2), and select(2) where this code reads an `fd_set` (little-endian machines).
    private var waits: [Wait] {
        #if canImport(Darwin)
        let pollWatchesTerminals = false
        #else
        let pollWatchesTerminals = true
        #endif
        var waits = [Wait(name: "poll", wait: { POSIX.pollReadable($0, orWake: $1, timeoutMilliseconds: $2) }, watchesTerminals: pollWatchesTerminals)]
        #if _endian(little)
        waits.append(Wait(name: "select", wait: { POSIX.selectReadable($0, orWake: $1, timeoutMilliseconds: $2) }, watchesTerminals: true))
        #endif
        return waits
    }

    /// What a wait watches as its input: a pseudo-terminal's secondary side where the wait supports
    /// terminals, else a pipe's read end.
    private final class Input {
        /// The descriptor to wait on.
        let descriptor: Int32
        /// `terminal` or `pipe`, for failure messages.
        let kind: String
        /// The pseudo-terminal, when the input is one.
        private let terminal: PseudoTerminal?
        /// The pipe's write end, when the input is a pipe; -1 otherwise.
        private let pipeWrite: Int32

        /// A new terminal or pipe, whichever `wait` can watch.
        init(for wait: Wait) throws {
            if wait.watchesTerminals {
                let terminal = try PseudoTerminal(columns: 10, rows: 2)
                self.terminal = terminal
                descriptor = terminal.secondary
                pipeWrite = -1
                kind = "terminal"
            } else {
                let pipe = try POSIX.makePipe()
                terminal = nil
                descriptor = pipe.read
                pipeWrite = pipe.write
                kind = "pipe"
            }
        }

        deinit {
            if terminal == nil {
                close(descriptor)
                close(pipeWrite)
            }
        }

        /// Makes the input readable: types `text` on the terminal, or writes it into the pipe.
        func type(_ text: String) {
            if let terminal {
                terminal.type(text)
            } else {
                POSIX.writeAll(text, to: pipeWrite)
            }
        }
    }

    func testNothingToReadTimesOut() throws {
        for wait in waits {
            let input = try Input(for: wait)
            let wake = try POSIX.makePipe()
            defer { close(wake.read); close(wake.write) }
            let name = "\(wait.name) on a \(input.kind)"
            XCTAssertEqual(wait.wait(input.descriptor, wake.read, 0), .timedOut, name)
            XCTAssertEqual(wait.wait(input.descriptor, wake.read, 1), .timedOut, name)
        }
    }

    func testTypedInputIsReadable() throws {
        for wait in waits {
            let input = try Input(for: wait)
            let wake = try POSIX.makePipe()
            defer { close(wake.read); close(wake.write) }
            input.type("q\n")
            XCTAssertEqual(wait.wait(input.descriptor, wake.read, patience), Readiness(input: true, wake: false), "\(wait.name) on a \(input.kind)")
        }
    }

    func testTheWakeDescriptorIsReported() throws {
        for wait in waits {
            let input = try Input(for: wait)
            let wake = try POSIX.makePipe()
            defer { close(wake.read); close(wake.write) }
            let name = "\(wait.name) on a \(input.kind)"
            POSIX.writeAll("x", to: wake.write)
            XCTAssertEqual(wait.wait(input.descriptor, wake.read, patience), Readiness(input: false, wake: true), name)
            input.type("q\n")
            XCTAssertEqual(wait.wait(input.descriptor, wake.read, patience), Readiness(input: true, wake: true), name)
        }
    }

    func testAHigherDescriptorThanTheWakeIsWatched() throws {
        // The wake pipe made first has the lower numbers; select must count up to the higher one.
        let wake = try POSIX.makePipe()
        let input = try POSIX.makePipe()
        defer { [wake.read, wake.write, input.read, input.write].forEach { _ = close($0) } }
        XCTAssertGreaterThan(input.read, wake.read)
        POSIX.writeAll("k", to: input.write)
        for wait in waits {
            let ready = wait.wait(input.read, wake.read, patience)
            XCTAssertEqual(ready, Readiness(input: true, wake: false), wait.name)
            // -1 waits without a limit; only asked once the bounded wait found the input.
            if ready?.input == true {
                XCTAssertEqual(wait.wait(input.read, wake.read, -1), Readiness(input: true, wake: false), wait.name)
            }
        }
    }

    /// poll(2) answers `POLLNVAL` for a descriptor that is not open (and, on Darwin, for a terminal):
    /// the wait fails with `EBADF`, as select(2) does, instead of reporting something to read.
    func testADescriptorThatIsNotOpenFailsTheWait() throws {
        let closed = try XCTUnwrap(ClosedDescriptor.make(), "no free descriptor number to close")
        let pipe = try POSIX.makePipe()
        defer { close(pipe.read); close(pipe.write) }
        for wait in waits {
            for (role, input, wake) in [("input", closed, pipe.read), ("wake", pipe.read, closed)] {
                errno = 0
                let ready = wait.wait(input, wake, patience)
                let error = errno
                XCTAssertNil(ready, "\(wait.name), a closed \(role)")
                XCTAssertEqual(error, EBADF, "\(wait.name), a closed \(role)")
            }
        }
    }
}
