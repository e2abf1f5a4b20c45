#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a wait on a socket ended.
enum PollOutcome {
    case readable
    case stopped
    case timedOut
}

/// The socket calls the loopback servers and their tests make, written once for Glibc, Musl and Darwin.
package enum Socket {
    /// A new TCP socket, close-on-exec, or -1 with `errno` set.
    // NB: Glibc declares `SOCK_STREAM` as an enum case (hence `.rawValue`); Musl and Darwin as an Int32.
    static func makeStreamSocket() -> Int32 {
        #if canImport(Glibc)
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
        #endif
    }

    /// `127.0.0.1:port` as a socket address.
    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if !os(Linux)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1
        return address
    }

    /// A TCP connection to `127.0.0.1:port` that never raises SIGPIPE, sends each write at once
    /// (`TCP_NODELAY`) and gives up a read after `receiveTimeoutSeconds`; the caller closes it.
    package static func connectToLoopback(port: Int, receiveTimeoutSeconds: Int = 10) throws -> Int32 {
        let fd = makeStreamSocket()
        guard fd >= 0 else { throw LoopbackHTTPServerError(operation: "socket", code: errno) }
        setNoSigPipe(fd)
        var timeout = timeval()
        timeout.tv_sec = .init(receiveTimeoutSeconds)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: UInt16(truncatingIfNeeded: port))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = LoopbackHTTPServerError(operation: "connect", code: errno)
            _ = close(fd)
            throw error
        }
        return fd
    }

    static func makeLoopbackListener() throws -> (fd: Int32, port: Int) {
        let fd = makeStreamSocket()
        guard fd >= 0 else { throw LoopbackHTTPServerError(operation: "socket", code: errno) }

        func fail(_ operation: String) -> LoopbackHTTPServerError {
            let error = LoopbackHTTPServerError(operation: operation, code: errno)
            _ = close(fd)
            return error
        }

        var address = loopbackAddress(port: 0)  // ephemeral
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw fail("bind") }
        guard listen(fd, SOMAXCONN) == 0 else { throw fail("listen") }

        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(fd, $0, &length)
            }
        }
        guard named == 0 else { throw fail("getsockname") }

        // Non-blocking so a connection that vanishes between poll and accept cannot block the loop.
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw fail("fcntl") }

        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        // pipe2/accept4 are not exported by the Glibc module; set FD_CLOEXEC right after.
        guard pipe(&fds) == 0 else { throw LoopbackHTTPServerError(operation: "pipe", code: errno) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    static func accept(_ listenFD: Int32) -> Int32 {
        #if canImport(Glibc)
        let fd = Glibc.accept(listenFD, nil, nil)
        #else
        let fd = Darwin.accept(listenFD, nil, nil)
        #endif
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
    }

    /// Makes an accepted socket blocking and SIGPIPE-free.
    static func configureAccepted(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK != 0 {
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        }
        setNoSigPipe(fd)
    }

    /// Where the system has it (Darwin), `SO_NOSIGPIPE`: a write to a closed connection fails
    /// instead of raising SIGPIPE. Linux has no such option; ``sendAll(_:_:)`` passes `MSG_NOSIGNAL`.
    private static func setNoSigPipe(_ fd: Int32) {
        #if !os(Linux)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Waits until `fd` (ignored if negative) is readable, the wake pipe fires, or the timeout (ms, -1 = none) expires.
    static func waitReadable(_ fd: Int32, wakeFD: Int32, timeoutMilliseconds: Int32) -> PollOutcome {
        var fds = [
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
            if result < 0 {
                if errno == EINTR { continue }
                return .stopped  // poll itself failed; treat as fatal for this wait
            }
            if result == 0 { return .timedOut }
            if fds[0].revents != 0 { return .stopped }
            return .readable
        }
    }

    /// Reads what is there into `buffer`: the byte count, 0 at the end, -1 with `errno` set.
    package static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { raw in
            recv(fd, raw.baseAddress, raw.count, 0)
        }
    }

    /// Writes all of `bytes`; returns `false` if the connection failed. Never raises SIGPIPE.
    package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        send(fd, bytes) == bytes.count
    }

    /// Writes `bytes` until all are written or the connection fails; returns how many were
    /// written. Never raises SIGPIPE.
    package static func send(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
        #endif
        return bytes.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let written = Glibc.send(fd, base + offset, raw.count - offset, flags)
                #else
                let written = Darwin.send(fd, base + offset, raw.count - offset, flags)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return offset
                }
                offset += written
            }
            return offset
        }
    }
}
