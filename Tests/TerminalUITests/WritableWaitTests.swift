#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
@testable import TerminalUI

/// The wait a writer does after `EAGAIN`, with poll(2) (Linux) and with select(2) (Darwin, where
/// poll answers `POLLNVAL` at once on a terminal, and the writer would spin).
final class WritableWaitTests: XCTestCase {
    private typealias Wait = (Int32, Int32) -> Bool?

    private var waits: [(name: String, wait: Wait)] {
        var waits: [(name: String, wait: Wait)] = [("poll", { POSIX.pollWritable($0, timeoutMilliseconds: $1) })]
        #if _endian(little)
        waits.append(("select", { POSIX.selectWritable($0, timeoutMilliseconds: $1) }))
        #endif
        return waits
    }

    func testAFullPipeIsNotWritableUntilItIsRead() throws {
        let pipe = try POSIX.makePipe()
        defer { close(pipe.read); close(pipe.write) }
        for (name, wait) in waits {
            XCTAssertEqual(wait(pipe.write, 0), true, name)
        }
        // Fill the pipe: a non-blocking write ends with EAGAIN once it is full.
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        let chunk = [UInt8](repeating: 0x78, count: 4096)
        var filled = 0
        while chunk.withUnsafeBytes({ write(pipe.write, $0.baseAddress, $0.count) }) > 0 {
            filled += chunk.count
        }
        XCTAssertEqual(errno, EAGAIN)
        for (name, wait) in waits {
            XCTAssertEqual(wait(pipe.write, 0), false, name)
            XCTAssertEqual(wait(pipe.write, 1), false, name)
        }
        // Reading all of it makes room again.
        var buffer = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < filled {
            let count = buffer.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            drained += count
        }
        XCTAssertEqual(drained, filled)
        for (name, wait) in waits {
            XCTAssertEqual(wait(pipe.write, 10_000), true, name)
        }
    }

    /// poll(2) answers `POLLNVAL` for a descriptor that is not open: the wait fails with `EBADF`, as
    /// select(2) does, instead of reporting room to write.
    func testADescriptorThatIsNotOpenFailsTheWait() throws {
        let closed = try XCTUnwrap(ClosedDescriptor.make(), "no free descriptor number to close")
        for (name, wait) in waits {
            errno = 0
            let writable = wait(closed, 10_000)
            let error = errno
            XCTAssertNil(writable, name)
            XCTAssertEqual(error, EBADF, name)
        }
    }
}
