// A tiny HTTP/1.1 server bound to 127.0.0.1, for tests and benchmarks that
// need a live URLSession client talking to a real socket.
//
// Design:
// - One accept thread polls the listening socket and a "wake" pipe; `stop()`
//   closes the pipe's write end, which wakes every poller in the server.
// - Every accepted connection is served on its own thread (so `delay`ed
//   responses are served in parallel), one request per connection, then the
//   connection is closed (`Connection: close`).
// - File descriptors are only ever closed by the thread that owns them, after
//   removing them from the shared state under the lock; `stop()` merely calls
//   `shutdown(2)` on them under the same lock, so it can never hit a reused fd.
// - All shared state lives in a `Mutex`; no `@unchecked Sendable` is needed.

public import Foundation
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal in-process HTTP/1.1 server listening on `127.0.0.1` on an ephemeral port.
///
/// Each connection carries exactly one request; the server answers with
/// `Content-Length` and `Connection: close`, then closes the connection.
/// The handler is called on a per-connection thread and may run concurrently
/// with itself.
public final class LoopbackHTTPServer: Sendable {
    /// One request as the server received it.
    public struct Request: Sendable {
        /// The request method as sent, e.g. `"GET"`.
        public let method: String
        /// The request target as sent (path and query), e.g. `"/users/octocat/repos?per_page=100"`.
        public let target: String
        /// The path part of `target` (everything before `?`), not percent-decoded.
        public let path: String
        /// Percent-decoded query items (`+` is not treated as a space); the last occurrence of a name wins.
        public let query: [String: String]
        /// The header fields in the order received, names spelled as sent.
        public let headers: [(name: String, value: String)]
        /// The request body (de-chunked if it was sent with `Transfer-Encoding: chunked`).
        public let body: Data

        /// Returns the value of the first header whose name matches `name` case-insensitively.
        public func header(_ name: String) -> String? {
            let wanted = name.lowercased()
            return headers.first { $0.name.lowercased() == wanted }?.value
        }
    }

    /// The answer a handler gives to one request.
    public struct Response: Sendable {
        /// The HTTP status code, e.g. `200`.
        public var status: Int
        /// Extra response headers; `Content-Length`, `Connection` and `Transfer-Encoding` are ignored (the server sets its own).
        public var headers: [(name: String, value: String)]
        /// The response body; never sent for `HEAD` requests or for 1xx, 204 and 304 responses.
        public var body: Data
        /// How long the server waits before answering (latency injection); `stop()` cuts it short.
        public var delay: Duration
        /// If `true` the server never answers and keeps the connection open until the server stops or the client hangs up.
        public var stall: Bool
        /// If set, the body is produced piece by piece by this stream instead of ``body`` (see ``BodyStream``).
        public var stream: BodyStream?

        /// Creates a response; `stall` starts out `false`. A `stream`, if given, produces the body
        /// instead of `body`.
        public init(
            status: Int = 200,
            headers: [(name: String, value: String)] = [],
            body: Data = Data(),
            delay: Duration = .zero,
            stream: BodyStream? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.stall = false
            self.stream = stream
        }

        /// A UTF-8 JSON response (`Content-Type: application/json; charset=utf-8` unless `headers` sets one).
        public static func json(
            _ text: String,
            status: Int = 200,
            headers: [(name: String, value: String)] = []
        ) -> Response {
            Response(
                status: status,
                headers: withContentType("application/json; charset=utf-8", headers),
                body: Data(text.utf8)
            )
        }

        /// A UTF-8 plain-text response (`Content-Type: text/plain; charset=utf-8` unless `headers` sets one).
        public static func text(
            _ text: String,
            status: Int = 200,
            headers: [(name: String, value: String)] = []
        ) -> Response {
            Response(
                status: status,
                headers: withContentType("text/plain; charset=utf-8", headers),
                body: Data(text.utf8)
            )
        }

        private static func withContentType(
            _ contentType: String,
            _ headers: [(name: String, value: String)]
        ) -> [(name: String, value: String)] {
            if headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                return headers
            }
            return [(name: "Content-Type", value: contentType)] + headers
        }
    }

    private let core: ServerCore

    /// The TCP port the server listens on.
    public let port: Int

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    /// Every request received so far, in order of arrival (a snapshot; thread-safe).
    /// Malformed requests (answered with 400/413/431 without calling the handler) are not recorded.
    public var requests: [Request] {
        core.state.withLock { $0.requests }
    }

    /// The most this server can still manage to write once a client has stopped reading: what the
    /// kernel's socket buffers at both ends of a loopback connection take in (about 4 MB on Linux), and
    /// what the client read before it stopped, twice over.
    ///
    /// Measured on Linux only. On Darwin a socket buffer may grow (TCP auto-tuning) up to the
    /// `kern.ipc.maxsockbuf` limit, 8 MB by default, so the bound there is both ends at that limit,
    /// twice over, and never below Linux's: it holds whatever macOS's buffers do, and the first
    /// macOS run of the byte-count tests says how much room it leaves (see CONTRIBUTING.md).
    public static let bytesInFlightAfterClientStops: Int = {
        #if canImport(Darwin)
        var limit = 0
        var size = MemoryLayout<Int>.size
        guard sysctlbyname("kern.ipc.maxsockbuf", &limit, &size, nil, 0) == 0, limit > 0 else { return 32 << 20 }
        return max(8 << 20, 4 * limit)
        #else
        return 8 << 20
        #endif
    }()

    /// The bytes the server wrote on each connection (head and body, in order of arrival), once
    /// every connection accepted so far has ended; `nil` if one is still open after `timeout`.
    ///
    /// A connection ends when its response is complete, when the client hangs up (the next write
    /// fails) or when the server stops. What was written may partly still sit in the kernel's
    /// buffers when the client hangs up, so the count is what the client could have read, at most.
    ///
    /// ```swift
    /// let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(30)))
    /// XCTAssertLessThan(sent.reduce(0, +), limit + (4 << 20))
    /// ```
    public func bytesSentPerConnection(waitingUpTo timeout: Duration) -> [Int]? {
        core.bytesSentOnEndedConnections(waitingUpTo: timeout)
    }

    /// Binds `127.0.0.1` on an ephemeral port and starts serving; `handler` answers every request.
    public init(handler: @escaping @Sendable (Request) -> Response) throws {
        let listener = try Socket.makeLoopbackListener()
        let wake: (read: Int32, write: Int32)
        do {
            wake = try Socket.makeWakePipe()
        } catch {
            _ = close(listener.fd)
            throw error
        }
        guard let url = URL(string: "http://127.0.0.1:\(listener.port)") else {
            _ = close(listener.fd)
            _ = close(wake.read)
            _ = close(wake.write)
            throw LoopbackHTTPServerError(operation: "URL(string:)", code: 0)
        }
        port = listener.port
        baseURL = url
        core = ServerCore(listenFD: listener.fd, wakeRead: wake.read, wakeWrite: wake.write, handler: handler)
        core.startAcceptLoop()
    }

    /// Closes the listener and every open connection (including stalled and delayed ones); idempotent.
    ///
    /// When it returns, the listening socket is closed, so new connections are refused.
    public func stop() {
        core.stop()
    }

    deinit {
        core.stop()
    }
}

/// A socket-level failure (socket, bind, listen, ...) while starting a ``LoopbackHTTPServer``.
public struct LoopbackHTTPServerError: Error, CustomStringConvertible {
    /// The operation that failed, e.g. `"bind"`.
    public let operation: String
    /// The `errno` value at the time of failure (0 if not an OS error).
    public let code: Int32
    /// The `strerror` text for `code`.
    public let message: String

    init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
        self.message = code == 0 ? "unexpected failure" : String(cString: strerror(code))
    }

    /// A readable description such as `"LoopbackHTTPServer: bind failed: Address already in use (errno 98)"`.
    public var description: String {
        "LoopbackHTTPServer: \(operation) failed: \(message) (errno \(code))"
    }
}

// MARK: - Shared server state

final class ServerCore: Sendable {
    struct State {
        var stopped = false
        var wakeWrite: Int32
        var openConnections: Set<Int32> = []
        var requests: [LoopbackHTTPServer.Request] = []
        /// Bytes written on each connection, in order of arrival.
        var bytesSent: [Int] = []
    }

    let listenFD: Int32
    /// Becomes readable (EOF) once `stop()` closes the write end; closed in `deinit`,
    /// i.e. only after every thread that polls it has released this object.
    let wakeRead: Int32
    let handler: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
    let state: Mutex<State>
    let acceptLoopFinished = DispatchGroup()
    /// Entered for each accepted connection, left when its thread has closed it.
    let connectionsOpen = DispatchGroup()

    init(
        listenFD: Int32,
        wakeRead: Int32,
        wakeWrite: Int32,
        handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
    ) {
        self.listenFD = listenFD
        self.wakeRead = wakeRead
        self.handler = handler
        self.state = Mutex(State(wakeWrite: wakeWrite))
    }

    deinit {
        _ = close(wakeRead)
        let wakeWrite = state.withLock { $0.stopped ? -1 : $0.wakeWrite }
        if wakeWrite >= 0 { _ = close(wakeWrite) }
    }

    func startAcceptLoop() {
        acceptLoopFinished.enter()
        let thread = Thread { [self] in
            acceptLoop()
            _ = close(listenFD)
            acceptLoopFinished.leave()
        }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            _ = close(state.wakeWrite)
            state.wakeWrite = -1
            for fd in state.openConnections {
                _ = shutdown(fd, Int32(SHUT_RDWR))
            }
        }
        // The accept thread closes the listener before leaving the group.
        acceptLoopFinished.wait()
    }

    private func acceptLoop() {
        while true {
            switch Socket.waitReadable(listenFD, wakeFD: wakeRead, timeoutMilliseconds: -1) {
            case .stopped:
                return
            case .timedOut:
                continue
            case .readable:
                break
            }
            let fd = Socket.accept(listenFD)
            guard fd >= 0 else {
                let error = errno
                if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM {
                    // Out of resources: back off briefly instead of spinning.
                    if case .stopped = Socket.waitReadable(-1, wakeFD: wakeRead, timeoutMilliseconds: 50) {
                        return
                    }
                }
                continue  // EAGAIN, EINTR, ECONNABORTED, ...
            }
            let index = state.withLock { state -> Int? in
                guard !state.stopped else { return nil }
                state.openConnections.insert(fd)
                state.bytesSent.append(0)
                return state.bytesSent.count - 1
            }
            guard let index else {
                _ = close(fd)
                return
            }
            Socket.configureAccepted(fd)
            connectionsOpen.enter()
            let thread = Thread { [self] in
                serve(Connection(fd: fd, index: index))
                state.withLock { _ = $0.openConnections.remove(fd) }
                _ = close(fd)
                connectionsOpen.leave()
            }
            thread.name = "LoopbackHTTPServer.connection"
            thread.start()
        }
    }

    // MARK: One connection

    /// One accepted connection: its descriptor and its place in the order of arrival.
    struct Connection {
        let fd: Int32
        let index: Int
    }

    /// Writes all of `bytes` on `connection`, counting what was written; `false` if the connection failed.
    func send(_ bytes: [UInt8], on connection: Connection) -> Bool {
        let written = Socket.send(connection.fd, bytes)
        state.withLock { $0.bytesSent[connection.index] += written }
        return written == bytes.count
    }

    /// The bytes written on each connection once all have ended, or `nil` after `timeout`.
    func bytesSentOnEndedConnections(waitingUpTo timeout: Duration) -> [Int]? {
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard connectionsOpen.wait(timeout: deadline) == .success else { return nil }
        return state.withLock { $0.bytesSent }
    }

    private func serve(_ connection: Connection) {
        let fd = connection.fd
        var reader = ConnectionReader(fd: fd, wakeFD: wakeRead)
        let request: LoopbackHTTPServer.Request
        do {
            request = try readRequest(&reader, on: connection)
        } catch ReadError.malformed {
            respondError(connection, status: 400)
            return
        } catch ReadError.tooLarge(let status) {
            respondError(connection, status: status)
            return
        } catch {
            return  // peer closed, socket error or server stopped
        }

        state.withLock { $0.requests.append(request) }
        let response = handler(request)

        if response.stall {
            waitUntilStoppedOrPeerClosed(fd)
            return
        }
        if response.delay > .zero, waitForStop(upTo: response.delay) {
            return
        }
        if let stream = response.stream {
            guard sendStreamed(response, stream, on: connection) else { return }
            lingeringClose(fd)
            return
        }
        let bytes = Self.serialize(response, forMethod: request.method)
        guard send(bytes, on: connection) else { return }
        lingeringClose(fd)
    }

    private func readRequest(_ reader: inout ConnectionReader, on connection: Connection) throws -> LoopbackHTTPServer.Request {
        let headBytes = try reader.readHead(limit: 64 * 1024)
        let head = try RequestHead(parsing: headBytes)

        var body: [UInt8] = []
        let bodyLimit = 64 * 1024 * 1024
        let contentLength = head.value(of: "content-length")
        let chunked = head.value(of: "transfer-encoding")?.lowercased().contains("chunked") ?? false
        var declaredLength = 0
        if !chunked, let contentLength {
            guard let length = Int(contentLength.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw ReadError.malformed
            }
            guard length <= bodyLimit else { throw ReadError.tooLarge(status: 413) }
            declaredLength = length
        }
        if (chunked || declaredLength > 0),
            head.value(of: "expect")?.lowercased() == "100-continue",
            head.version != "HTTP/1.0"
        {
            guard send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: connection) else {
                throw ReadError.closed
            }
        }
        if chunked {
            body = try reader.readChunkedBody(limit: bodyLimit)
        } else if declaredLength > 0 {
            body = try reader.readExactly(declaredLength)
        }

        let target = head.target
        let path: String
        let query: [String: String]
        if let questionMark = target.firstIndex(of: "?") {
            path = String(target[..<questionMark])
            query = Self.parseQuery(target[target.index(after: questionMark)...])
        } else {
            path = target
            query = [:]
        }
        return LoopbackHTTPServer.Request(
            method: head.method,
            target: target,
            path: path,
            query: query,
            headers: head.headers,
            body: Data(body)
        )
    }

    static func parseQuery(_ query: Substring) -> [String: String] {
        var items: [String: String] = [:]
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = item.firstIndex(of: "=") {
                name = item[..<equals]
                value = item[item.index(after: equals)...]
            } else {
                name = item
                value = ""
            }
            items[percentDecoded(name)] = percentDecoded(value)
        }
        return items
    }

    private static func percentDecoded(_ text: Substring) -> String {
        let raw = String(text)
        return raw.removingPercentEncoding ?? raw
    }

    private func respondError(_ connection: Connection, status: Int) {
        let response = LoopbackHTTPServer.Response.text(Self.reasonPhrase(for: status) + "\n", status: status)
        if send(Self.serialize(response, forMethod: "GET"), on: connection) {
            lingeringClose(connection.fd)
        }
    }

    /// Waits for the client to hang up (reads and discards input) or for `stop()`.
    private func waitUntilStoppedOrPeerClosed(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        var watched = fd
        while true {
            switch Socket.waitReadable(watched, wakeFD: wakeRead, timeoutMilliseconds: -1) {
            case .stopped:
                return
            case .timedOut:
                continue
            case .readable:
                let count = Socket.receive(fd, into: &scratch)
                if count == 0 {
                    return  // orderly hang-up by the client
                }
                if count < 0 {
                    let error = errno
                    if error == EINTR || error == EAGAIN { continue }
                    // Broken connection: keep the fd open (as promised) but stop polling it.
                    watched = -1
                }
            }
        }
    }

    /// Sleeps for `duration` unless `stop()` is called first; returns `true` if stopped.
    func waitForStop(upTo duration: Duration) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            let remaining = duration - (clock.now - start)
            guard remaining > .zero else { return false }
            let timeout = Self.pollTimeout(for: remaining)
            if case .stopped = Socket.waitReadable(-1, wakeFD: wakeRead, timeoutMilliseconds: timeout) {
                return true
            }
        }
    }

    /// After the response is written: half-close, then wait (briefly) for the client to
    /// close its side, so unread client bytes don't turn our close into a reset.
    private func lingeringClose(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        let clock = ContinuousClock()
        let start = clock.now
        let budget = Duration.seconds(2)
        while true {
            let remaining = budget - (clock.now - start)
            guard remaining > .zero else { return }
            switch Socket.waitReadable(fd, wakeFD: wakeRead, timeoutMilliseconds: Self.pollTimeout(for: remaining)) {
            case .stopped, .timedOut:
                return
            case .readable:
                let count = Socket.receive(fd, into: &scratch)
                if count == 0 { return }
                if count < 0, errno != EINTR, errno != EAGAIN { return }
            }
        }
    }

    static func pollTimeout(for duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        if seconds >= 2_000_000 { return 2_000_000_000 }
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let milliseconds = seconds * 1000 + (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        return Int32(clamping: max(milliseconds, 1))
    }

    // MARK: Response encoding

    static func serialize(_ response: LoopbackHTTPServer.Response, forMethod method: String) -> [UInt8] {
        let status = response.status
        let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
        let sendsBody = !statusForbidsBody && method.uppercased() != "HEAD"
        // For HEAD, Content-Length is what a GET would have carried.
        let contentLength = statusForbidsBody ? 0 : response.body.count

        var head = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
        let managed: Set<String> = ["content-length", "connection", "transfer-encoding"]
        for header in response.headers where !managed.contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(contentLength)\r\n"
        head += "Connection: close\r\n\r\n"

        var bytes = Array(head.utf8)
        if sendsBody {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 100..<200: "Informational"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        case 500..<600: "Server Error"
        default: "Unknown"
        }
    }
}

// MARK: - Request parsing

private enum ReadError: Error {
    /// The peer closed the connection, the socket failed, or the server stopped.
    case closed
    /// The request is not valid HTTP/1.x.
    case malformed
    /// The head or body exceeds a limit; answer with `status`.
    case tooLarge(status: Int)
}

private struct RequestHead {
    let method: String
    let target: String
    let version: String
    let headers: [(name: String, value: String)]

    /// Parses the request line and header fields (`bytes` includes the terminating empty line).
    init(parsing bytes: [UInt8]) throws {
        var lines: [String] = []
        var lineStart = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            var lineEnd = index
            if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            lines.append(String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self))
            lineStart = index + 1
        }
        // Tolerate (RFC 9112 §2.2) empty lines before the request line.
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { throw ReadError.malformed }

        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { throw ReadError.malformed }
        method = String(parts[0])
        target = String(parts[1])
        version = String(parts[2])

        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw ReadError.malformed }
            let name = String(line[..<colon])
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw ReadError.malformed  // also rejects obsolete line folding
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers.append((name: name, value: value))
        }
        self.headers = headers
    }

    func value(of lowercasedName: String) -> String? {
        headers.first { $0.name.lowercased() == lowercasedName }?.value
    }
}

/// Buffered reads from a connection, giving up when the server stops.
private struct ConnectionReader {
    let fd: Int32
    let wakeFD: Int32
    private var buffer: [UInt8] = []
    /// Index of the first unconsumed byte in `buffer`.
    private var position = 0

    init(fd: Int32, wakeFD: Int32) {
        self.fd = fd
        self.wakeFD = wakeFD
    }

    /// Appends at least one byte from the socket to `buffer`.
    private mutating func fill() throws {
        if position > 1 << 20 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            switch Socket.waitReadable(fd, wakeFD: wakeFD, timeoutMilliseconds: -1) {
            case .stopped: throw ReadError.closed
            case .timedOut: continue
            case .readable: break
            }
            let count = Socket.receive(fd, into: &chunk)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0 {
                let error = errno
                if error == EINTR || error == EAGAIN { continue }
            }
            throw ReadError.closed
        }
    }

    /// Reads up to and including the empty line that ends the request head.
    mutating func readHead(limit: Int) throws -> [UInt8] {
        var scanned = position
        while true {
            var index = scanned
            while index < buffer.count {
                if buffer[index] == UInt8(ascii: "\n") {
                    // "\n\n" or "\n\r\n" right before this LF ends the head.
                    let previous = index - 1
                    let endsHead =
                        (previous >= position && buffer[previous] == UInt8(ascii: "\n"))
                        || (previous - 1 >= position && buffer[previous] == UInt8(ascii: "\r")
                            && buffer[previous - 1] == UInt8(ascii: "\n"))
                    if endsHead {
                        let head = Array(buffer[position...index])
                        position = index + 1
                        return head
                    }
                }
                index += 1
            }
            scanned = index
            guard buffer.count - position <= limit else { throw ReadError.tooLarge(status: 431) }
            try fill()
        }
    }

    /// Reads one line (without its CRLF/LF).
    mutating func readLine(limit: Int) throws -> [UInt8] {
        var scanned = position
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > position, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[position..<end])
                position = newline + 1
                return line
            }
            scanned = buffer.count
            guard buffer.count - position <= limit else { throw ReadError.malformed }
            try fill()
        }
    }

    /// Reads exactly `count` bytes.
    mutating func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count - position < count {
            try fill()
        }
        let bytes = Array(buffer[position..<(position + count)])
        position += count
        return bytes
    }

    /// Reads and decodes a `Transfer-Encoding: chunked` body (trailers are discarded).
    mutating func readChunkedBody(limit: Int) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = String(decoding: try readLine(limit: 1024), as: UTF8.self)
            let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw ReadError.malformed
            }
            if size == 0 {
                while !(try readLine(limit: 64 * 1024)).isEmpty {}  // trailer fields
                return body
            }
            guard body.count + size <= limit else { throw ReadError.tooLarge(status: 413) }
            body += try readExactly(size)
            guard try readLine(limit: 2).isEmpty else { throw ReadError.malformed }
        }
    }
}

// MARK: - Socket helpers

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
