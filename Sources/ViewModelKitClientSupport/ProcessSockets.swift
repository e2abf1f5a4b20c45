// Linux only, Darwin included in the reason: it reads `/proc` and TCP_INFO's Linux layout, and it
// serves only ``UndeliveredBodyWatch``, which FoundationNetworking's redirect buffering needs. On
// Darwin, Apple's URLSession is not FoundationNetworking, and this file compiles to nothing.
#if os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The TCP connections this process holds, as Linux shows them: what ``UndeliveredBodyWatch`` needs
/// to find the socket of the connection libcurl names for a transfer, to count what it received, and
/// to shut it down.
///
/// Everything here reads the kernel's view and acts on sockets through the kernel only: it shares no
/// memory with libcurl, whichever thread libcurl is reading on.
enum ProcessSockets {
    /// One of this process's sockets: its descriptor and its inode, which names the socket itself
    /// (a descriptor number can be closed and reused; the inode cannot).
    struct Connection: Hashable, Sendable {
        /// The descriptor it was found under.
        let descriptor: Int32
        /// The socket's inode.
        let inode: UInt64
    }

    /// One end of a TCP connection: an address and a port, as the kernel keeps them.
    struct Address: Equatable, Sendable {
        /// `AF_INET` or `AF_INET6`.
        let family: Int32
        /// The address's bytes, in network order: 4 or 16.
        let bytes: [UInt8]
        let port: UInt16

        /// `text` (an IPv4 or IPv6 address, as libcurl prints one) and `port`; `nil` when `text` is
        /// neither.
        init?(text: String, port: Int) {
            guard let port = UInt16(exactly: port) else { return nil }
            var v4 = in_addr()
            var v6 = in6_addr()
            if inet_pton(AF_INET, text, &v4) == 1 {
                family = AF_INET
                bytes = withUnsafeBytes(of: v4) { Array($0) }
            } else if inet_pton(AF_INET6, text, &v6) == 1 {
                family = AF_INET6
                bytes = withUnsafeBytes(of: v6) { Array($0) }
            } else {
                return nil
            }
            self.port = port
        }

        /// The address in `storage`, when it is an IPv4 or IPv6 one.
        init?(_ storage: sockaddr_storage) {
            var storage = storage
            switch Int32(storage.ss_family) {
            case AF_INET:
                let address = withUnsafeBytes(of: &storage) { $0.loadUnaligned(as: sockaddr_in.self) }
                family = AF_INET
                bytes = withUnsafeBytes(of: address.sin_addr) { Array($0) }
                port = UInt16(bigEndian: address.sin_port)
            case AF_INET6:
                let address = withUnsafeBytes(of: &storage) { $0.loadUnaligned(as: sockaddr_in6.self) }
                family = AF_INET6
                bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
                port = UInt16(bigEndian: address.sin6_port)
            default:
                return nil
            }
        }
    }

    /// The socket under `descriptor` when its ends are `local` and `remote`.
    static func connection(descriptor: Int32, from local: Address, to remote: Address) -> Connection? {
        guard let connection = connection(descriptor: descriptor) else { return nil }
        let matches = withSocket(of: connection) { descriptor in
            ends(of: descriptor).map { $0.local == local && $0.remote == remote } ?? false
        }
        return matches == true ? connection : nil
    }

    /// The process's socket whose ends are `local` and `remote`: while a TCP connection is open, no
    /// other one has both its ends.
    static func connection(from local: Address, to remote: Address) -> Connection? {
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for name in descriptors {
            guard let descriptor = Int32(name), socketInode(at: "/proc/self/fd/" + name) != nil,
                  let connection = connection(descriptor: descriptor, from: local, to: remote)
            else { continue }
            return connection
        }
        return nil
    }

    /// The two ends of `descriptor`, when it is a connected TCP socket.
    private static func ends(of descriptor: Int32) -> (local: Address, remote: Address)? {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
        }
        // NB: UDP has ports of its own, which may have the same numbers.
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        guard option(SO_TYPE) == stream, option(SO_PROTOCOL) == Int32(IPPROTO_TCP) else { return nil }
        func address(_ get: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32) -> Address? {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let status = withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { get(descriptor, $0, &length) }
            }
            return status == 0 ? Address(storage) : nil
        }
        guard let local = address(getsockname), let remote = address(getpeername) else { return nil }
        return (local, remote)
    }

    /// The socket under `descriptor`, when it is one.
    static func connection(descriptor: Int32) -> Connection? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return Connection(descriptor: descriptor, inode: UInt64(status.st_ino))
    }

    /// The bytes the kernel has received on `connection` (TCP_INFO's `tcpi_bytes_received`, Linux
    /// 4.1 and later); `nil` when the descriptor no longer holds that socket, or the kernel does not
    /// say.
    static func bytesReceived(on connection: Connection) -> UInt64? {
        withSocket(of: connection) { descriptor in
            // NB: Glibc's `struct tcp_info` stops before the byte counters; this is the layout of
            // <linux/tcp.h>, whose `tcpi_bytes_received` is at byte 128.
            var info = [UInt8](repeating: 0, count: 256)
            var length = socklen_t(info.count)
            let offset = 128
            guard info.withUnsafeMutableBytes({ getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, $0.baseAddress, &length) }) == 0,
                  Int(length) >= offset + 8
            else { return nil }
            return info.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        } ?? nil
    }

    /// Shuts `connection` down both ways: its reader gets the end of the stream at once. The
    /// descriptor stays open for its owner; when the owner closes it, the peer gets a reset (a linger
    /// of zero), so that a peer stalled on a full window learns at once that nobody reads, rather than
    /// after the kernel's time-outs. `false` when the descriptor no longer holds that socket.
    @discardableResult
    static func shutDown(_ connection: Connection) -> Bool {
        withSocket(of: connection) { descriptor in
            var abortive = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &abortive, socklen_t(MemoryLayout<linger>.size))
            return shutdown(descriptor, Int32(SHUT_RDWR)) == 0
        } ?? false
    }

    /// Runs `body` with a descriptor of `connection`'s own socket: a duplicate, checked to be that
    /// socket, so that a descriptor number closed and reused meanwhile is never acted on.
    private static func withSocket<Result>(of connection: Connection, _ body: (Int32) -> Result) -> Result? {
        let duplicate = dup(connection.descriptor)
        guard duplicate >= 0 else { return nil }
        defer { close(duplicate) }
        guard self.connection(descriptor: duplicate)?.inode == connection.inode else { return nil }
        return body(duplicate)
    }

    /// The inode in a `/proc/self/fd` link that reads `socket:[INODE]`.
    private static func socketInode(at path: String) -> UInt64? {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard target.hasPrefix("socket:["), target.hasSuffix("]") else { return nil }
        return UInt64(target.dropFirst(8).dropLast())
    }
}
#endif
