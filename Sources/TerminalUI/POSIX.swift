#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over system calls, shared by ``Terminal`` and ``TerminalApp``.
enum POSIX {
    /// Writes all of `text` to `descriptor`, retrying after `EINTR`, partial writes and
    /// `EAGAIN`; gives up silently on other errors (the terminal is gone).
    static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeMutableBytes { buffer in
            guard var next = buffer.baseAddress.map(UnsafeRawPointer.init) else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, next, remaining)
                if written > 0 {
                    next += written
                    remaining -= written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    _ = waitWritable(descriptor, timeoutMilliseconds: 1000)
                } else {
                    return
                }
            }
        }
    }

    /// A pipe as (read end, write end), both close-on-exec.
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw TerminalError.systemCall("pipe", errno: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
