#if canImport(FoundationNetworking) && os(Linux)
import ViewModelKitClientSupport
import Foundation
import FoundationNetworking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import TestSupport
import XCTest

/// The watch that stops a redirect's endless body shuts down its own transfer's connection, the one
/// libcurl names for it, and no other connection of the process, even to the same server.
final class UndeliveredBodyWatchTests: XCTestCase {
    /// How long a test waits for a server or a transfer to get where it needs them.
    private static let patience: Duration = .seconds(60)

    /// A server that answers anything with a body that never ends, as fast as it is read: a 200 for
    /// `/other`, read by the test itself on a connection of its own, which receives past the watched
    /// transfer's limit within the watch's first look; a 302 for anything else. With it, what counts
    /// the pieces of the 302's body the server made (64 KB each).
    private func makeServer() throws -> (LoopbackHTTPServer, PieceCounter) {
        let redirectPieces = PieceCounter()
        let server = try LoopbackHTTPServer { request in
            let piece = Data(repeating: 0x20, count: 64 << 10)
            guard request.path != "/other" else { return LoopbackHTTPServer.Response(stream: .endless(piece: piece)) }
            return LoopbackHTTPServer.Response(status: 302, headers: [("Location", "/next")], stream: BodyStream { _ in
                redirectPieces.add()
                return piece
            })
        }
        return (server, redirectPieces)
    }

    /// Waits until `condition` holds; fails the test naming `what` if ``patience`` passes first.
    private func waitUntil(_ what: String, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) async -> Bool {
        guard await yieldUntil(upTo: Self.patience, condition) else {
            XCTFail("waited \(Self.patience) for \(what)", file: file, line: line)
            return false
        }
        return true
    }

    /// The outcome of `fetch`, or `nil` (the test failed) if `other` ended first: a watch that shuts
    /// down connections that are not its transfer's may miss its own, and the fetch then never ends.
    private func outcome(of fetch: Task<(Data, HTTPURLResponse), any Error>, unless other: OtherConnection, file: StaticString = #filePath, line: UInt = #line) async -> Result<(Data, HTTPURLResponse), any Error>? {
        let outcome = Outcome()
        Task { outcome.set(await fetch.result) }
        guard await waitUntil("the fetch to end", file: file, line: line, { outcome.value != nil || other.end != nil }) else { return nil }
        if let result = outcome.value { return result }
        XCTFail("the other connection to the server ended (\(other.end ?? "")) before the fetch", file: file, line: line)
        return nil
    }

    /// Checks that `other` is still open and still reading, then closes it, and checks that the
    /// watched transfer's connection ended with at most `most` bytes sent on it.
    private func assertUnharmed(_ other: OtherConnection, watchedAtMost most: Int, on server: LoopbackHTTPServer, file: StaticString = #filePath, line: UInt = #line) async throws {
        // NB: the watch has stopped the transfer by now. A connection it shut down with it can still
        // hand over what its socket buffers held, then ends; one left alone reads on past anything the
        // buffers could hold (the server sends to it without pause).
        let before = other.received
        let pastTheBuffers = before + 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops
        guard await waitUntil("the other connection to read on past its buffers", file: file, line: line, {
            other.received > pastTheBuffers || other.end != nil
        }) else { return other.close() }
        XCTAssertNil(other.end, "the other connection to the server was ended", file: file, line: line)
        other.close()
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: Self.patience), "a client never hung up", file: file, line: line)
        XCTAssertEqual(sent.count, 2, file: file, line: line)
        // The other connection is the first.
        XCTAssertLessThanOrEqual(sent.last ?? .max, most, file: file, line: line)
    }

    func test_anEndlessRedirectBodyPastTheLimit_leavesTheProcessesOtherConnectionToTheServerOpen() async throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let other = try OtherConnection(port: server.port, path: "/other")
        defer { other.close() }
        guard await waitUntil("the other connection to read its body", { other.received > 1 << 20 }) else { return }
        let named = UndeliveredBodyWatch.connectionsNamed
        let session = LimitedHTTPSession(configuration: .ephemeral)
        let request = URLRequest(url: server.baseURL)
        let fetch = Task { try await session.data(for: request, limit: 1 << 20) }
        guard let result = await outcome(of: fetch, unless: other) else { return }
        guard case .failure(let error) = result else { return XCTFail("the fetch of an endless redirect body ended") }
        XCTAssertEqual(error as? TransferError, .tooLarge(url: server.baseURL.absoluteString, limit: 1 << 20))
        XCTAssertGreaterThan(UndeliveredBodyWatch.connectionsNamed, named, "libcurl named no connection to the watch")
        try await assertUnharmed(other, watchedAtMost: (1 << 20) + 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops, on: server)
    }

    func test_aCancelledEndlessRedirectBody_leavesTheProcessesOtherConnectionToTheServerOpen() async throws {
        let (server, redirectPieces) = try makeServer()
        defer { server.stop() }
        let other = try OtherConnection(port: server.port, path: "/other")
        defer { other.close() }
        guard await waitUntil("the other connection to read its body", { other.received > 1 << 20 }) else { return }
        let named = UndeliveredBodyWatch.connectionsNamed
        let session = LimitedHTTPSession(configuration: .ephemeral)
        let request = URLRequest(url: server.baseURL)
        // A limit the body reaches only long after the cancellation: the watch stops the transfer
        // because its caller gave up while the work queue is stuck, whatever else is receiving.
        let fetch = Task { try await session.data(for: request, limit: 1 << 40) }
        // NB: FoundationNetworking is buffering the body when the fetch is cancelled (a cancellation
        // that comes earlier may go through by itself, without the watch).
        guard await waitUntil("the server to send 1 MB of the redirect's body", { redirectPieces.count >= 16 }) else { return fetch.cancel() }
        fetch.cancel()
        guard let result = await outcome(of: fetch, unless: other) else { return }
        guard case .failure(let error) = result else { return XCTFail("the fetch of an endless redirect body ended") }
        XCTAssertTrue(error is CancellationError, "\(error)")
        XCTAssertGreaterThan(UndeliveredBodyWatch.connectionsNamed, named, "libcurl named no connection to the watch")
        try await assertUnharmed(other, watchedAtMost: .max, on: server)
    }
}

/// Closes `descriptor` (`close` is also the name of ``OtherConnection``'s method).
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// How many pieces a body stream has made.
private final class PieceCounter: Sendable {
    private let pieces = Atomic<Int>(0)
    var count: Int { pieces.load(ordering: .relaxed) }
    func add() { pieces.add(1, ordering: .relaxed) }
}

/// Where a fetch's outcome is kept once it came.
private final class Outcome: Sendable {
    private let result = Mutex<Result<(Data, HTTPURLResponse), any Error>?>(nil)
    var value: Result<(Data, HTTPURLResponse), any Error>? { result.withLock { $0 } }
    func set(_ value: Result<(Data, HTTPURLResponse), any Error>) { result.withLock { $0 = value } }
}

/// A plain TCP connection of the test process to a loopback server, not made through URLSession: it
/// sends one request and reads the answer on a thread of its own, counting the bytes, until the
/// stream ends or fails.
private final class OtherConnection: Sendable {
    private struct State {
        var received = 0
        /// How the reading ended, if it did.
        var end: String?
        /// Whether the descriptor is closed (by the reading thread, once it ends).
        var closed = false
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// The bytes read so far.
    var received: Int { state.withLock { $0.received } }
    /// How the stream ended (`"end of stream"` or an error), or `nil` while it is open.
    var end: String? { state.withLock { $0.end } }

    init(port: Int, path: String) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard connected == 0, send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
            let failure = POSIXError(.init(rawValue: errno) ?? .EIO)
            closeDescriptor(descriptor)
            throw failure
        }
        let thread = Thread { [self] in readUntilTheEnd() }
        thread.start()
    }

    /// Reads until the stream ends or fails, then closes the descriptor.
    private func readUntilTheEnd() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            let failure = errno
            let ended = state.withLock { state -> Bool in
                if count > 0 {
                    state.received += count
                    return false
                }
                state.end = state.end ?? (count == 0 ? "end of stream" : "error \(failure)")
                state.closed = true
                closeDescriptor(descriptor)
                return true
            }
            if ended { return }
        }
    }

    /// Ends the connection from this side (its end is then expected, not a failure).
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            if state.end == nil { state.end = "closed by the test" }
            // NB: under the lock, while the descriptor is still this socket's; the reading thread
            // then sees the end and closes it, with a reset (a linger of zero): a socket closed
            // without reading on may otherwise hold the server's writes off for a minute with a
            // window of zero.
            var abortive = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &abortive, socklen_t(MemoryLayout<linger>.size))
            shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }
}
#endif
