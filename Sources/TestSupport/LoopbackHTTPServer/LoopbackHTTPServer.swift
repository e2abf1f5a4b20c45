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
//
// One role per file, in this folder:
// - `LoopbackHTTPServer`, `+Request`, `+Response`, `LoopbackHTTPServerError`: what tests use;
// - `ServerCore`: the shared state, the accept loop and `stop()`;
// - `ServerCore+Connection`: serving one connection, delays, stalls and the lingering close;
// - `ServerCore+RequestReading`, `RequestHead`, `ConnectionReader`: reading and parsing a request;
// - `ServerCore+ResponseEncoding`: a response as bytes;
// - `Socket`: the socket calls, for Glibc, Musl and Darwin.
// The hostile-server bodies (`BodyStream`, `GzipBomb`) are beside this folder.

public import Foundation
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

    /// The bytes the server has written so far, on every connection, open ones included: a test
    /// waits for a transfer to be under way with it.
    public var bytesSentSoFar: Int {
        core.bytesSentSoFar
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
