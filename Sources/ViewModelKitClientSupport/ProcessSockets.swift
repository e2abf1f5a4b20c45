// Linux only, Darwin included in the reason: it reads `/proc` and TCP_INFO's Linux layout, and it
// serves only ``UndeliveredBodyWatch``, which FoundationNetworking's redirect buffering needs. On
// Darwin, Apple's URLSession is not FoundationNetworking, and this file compiles to nothing.
#if os(Linux)
import Foundation
internal import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The TCP connections this process holds, as Linux lists them in `/proc`: what
/// ``UndeliveredBodyWatch`` needs to find the connection of a transfer that FoundationNetworking no
/// longer serves, and to shut it down.
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

    /// Where a connection leads: a port and the addresses its host resolves to, spelled as
    /// `/proc/net/tcp` spells a remote address (`0100007F:1F90`).
    struct Endpoint: Sendable {
        /// `ADDRESS:PORT` in the kernel's hexadecimal, one per address of the host.
        let remoteAddresses: Set<String>

        /// The endpoint of `host` (a name or an IP literal) on `port`; `nil` when it resolves to
        /// nothing. A name is resolved here, blocking the calling thread.
        init?(host: String, port: Int) {
            var hints = addrinfo()
            #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            #else
            hints.ai_socktype = SOCK_STREAM
            #endif
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0 else { return nil }
            defer { freeaddrinfo(list) }
            var addresses = Set<String>()
            var entry = list
            while let current = entry?.pointee {
                if let address = current.ai_addr, let spelled = Self.kernelSpelling(of: address, port: port) {
                    addresses.insert(spelled)
                }
                entry = current.ai_next
            }
            guard !addresses.isEmpty else { return nil }
            remoteAddresses = addresses
        }

        /// The address as `/proc/net/tcp{,6}` prints it: each 32-bit word of the address in the
        /// machine's byte order, in hexadecimal, then the port.
        private static func kernelSpelling(of address: UnsafeMutablePointer<sockaddr>, port: Int) -> String? {
            let words: [UInt32]
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                words = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { [$0.pointee.sin_addr.s_addr] }
            case AF_INET6:
                words = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { raw in
                        (0..<4).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
                    }
                }
            default:
                return nil
            }
            let hex = words.map { hexadecimal($0, digits: 8) }.joined()
            return hex + ":" + hexadecimal(UInt32(port), digits: 4)
        }
    }

    /// The endpoint of `host` on `port`, resolved at most once a minute per host and port (a request
    /// starts a watch each time; a name would otherwise cost a DNS lookup per request).
    static func endpoint(host: String, port: Int) -> Endpoint? {
        let key = "\(host):\(port)"
        let now = ContinuousClock.now
        if let (endpoint, resolved) = endpoints.withLock({ $0[key] }), now - resolved < .seconds(60) { return endpoint }
        let endpoint = Endpoint(host: host, port: port)
        endpoints.withLock { cache in
            // NB: bounded: entries older than a minute go whenever one is added.
            cache = cache.filter { now - $0.value.resolved < .seconds(60) }
            cache[key] = (endpoint, now)
        }
        return endpoint
    }

    private static let endpoints = Mutex<[String: (endpoint: Endpoint?, resolved: ContinuousClock.Instant)]>([:])

    /// This process's established TCP connections to `endpoint`.
    static func connections(to endpoint: Endpoint) -> [Connection] {
        var inodes = Set<UInt64>()
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            guard let text = wholeFile(at: table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count > 9, fields[3] == "01", endpoint.remoteAddresses.contains(String(fields[2])),
                      let inode = UInt64(fields[9]), inode != 0
                else { continue }
                inodes.insert(inode)
            }
        }
        guard !inodes.isEmpty, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        return descriptors.compactMap { name -> Connection? in
            guard let descriptor = Int32(name), let inode = socketInode(at: "/proc/self/fd/" + name), inodes.contains(inode) else { return nil }
            return Connection(descriptor: descriptor, inode: inode)
        }
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

    /// The whole of a `/proc` file, read until its end: such a file declares no size, and its text is
    /// made a page at a time, so one read may return only the first lines.
    private static func wholeFile(at path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(contentsOf: buffer[..<count])
        }
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

    /// `value` in upper-case hexadecimal, padded with zeros to `digits`.
    private static func hexadecimal(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
#endif
