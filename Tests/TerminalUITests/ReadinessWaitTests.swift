#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
@testable import TerminalUI

/// The input thread's wait, with poll(2) (Linux) and with select(2) (Darwin, where poll does not
/// support terminals); both run here, on a pseudo-terminal as the input and a pipe as the wake
/// descriptor.
final class ReadinessWaitTests: XCTestCase {
    /// How long a wait for something already readable may take before the test calls it lost (a
    /// safety net: a broken wait fails instead of hanging).
    private let patience: Int32 = 10_000

    private typealias Wait = (Int32, Int32, Int32) -> Readiness?

    private var waits: [(name: String, wait: Wait)] {
        var waits: [(name: String, wait: Wait)] = [("poll", { POSIX.pollReadable($0, orWake: $1, timeoutMilliseconds: $2) })]
        #if _endian(little)
        waits.append(("select", { POSIX.selectReadable($0, orWake: $1, timeoutMilliseconds: $2) }))
        #endif
        return waits
    }

    func testNothingToReadTimesOut() throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let wake = try POSIX.makePipe()
        defer { close(wake.read); close(wake.write) }
        for (name, wait) in waits {
            XCTAssertEqual(wait(pty.secondary, wake.read, 0), .timedOut, name)
            XCTAssertEqual(wait(pty.secondary, wake.read, 1), .timedOut, name)
        }
    }

    func testTypedInputOnATerminalIsReadable() throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let wake = try POSIX.makePipe()
        defer { close(wake.read); close(wake.write) }
        pty.type("q\n")
        for (name, wait) in waits {
            XCTAssertEqual(wait(pty.secondary, wake.read, patience), Readiness(input: true, wake: false), name)
        }
    }

    func testTheWakeDescriptorIsReported() throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let wake = try POSIX.makePipe()
        defer { close(wake.read); close(wake.write) }
        POSIX.writeAll("x", to: wake.write)
        for (name, wait) in waits {
            XCTAssertEqual(wait(pty.secondary, wake.read, patience), Readiness(input: false, wake: true), name)
        }
        pty.type("q\n")
        for (name, wait) in waits {
            XCTAssertEqual(wait(pty.secondary, wake.read, patience), Readiness(input: true, wake: true), name)
        }
    }

    func testAHigherDescriptorThanTheWakeIsWatched() throws {
        // The wake pipe made first has the lower numbers; select must count up to the higher one.
        let wake = try POSIX.makePipe()
        let input = try POSIX.makePipe()
        defer { [wake.read, wake.write, input.read, input.write].forEach { _ = close($0) } }
        XCTAssertGreaterThan(input.read, wake.read)
        POSIX.writeAll("k", to: input.write)
        for (name, wait) in waits {
            let ready = wait(input.read, wake.read, patience)
            XCTAssertEqual(ready, Readiness(input: true, wake: false), name)
            // -1 waits without a limit; only asked once the bounded wait found the input.
            if ready?.input == true {
                XCTAssertEqual(wait(input.read, wake.read, -1), Readiness(input: true, wake: false), name)
            }
        }
    }
}
