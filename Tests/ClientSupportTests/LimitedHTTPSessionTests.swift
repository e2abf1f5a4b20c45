import ViewModelKitClientSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest

/// Bodies are read with a limit counted after decompression; redirects stay within the origin.
final class LimitedHTTPSessionTests: XCTestCase {
    private let session = LimitedHTTPSession(configuration: .ephemeral)

    /// How long a test waits for a server or a transfer, on threads of their own, to get where it
    /// needs them (a safety net: a broken transfer fails the test instead of hanging it).
    private static let patience: Duration = .seconds(60)

    /// Fetches `url` with `headers` through `session` (the test's own when `nil`).
    private func fetch(_ url: URL, limit: Int = 1 << 20, headers: [String: String] = [:], in session: LimitedHTTPSession? = nil) async -> Result<(Data, HTTPURLResponse), any Error> {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        do {
            return .success(try await (session ?? self.session).data(for: request, limit: limit))
        } catch {
            return .failure(error)
        }
    }

    /// Yields until `condition` holds; fails the test naming `what` if ``patience`` passes first.
    private func waitUntil(_ what: String, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) async -> Bool {
        guard await yieldUntil(upTo: Self.patience, condition) else {
            XCTFail("waited \(Self.patience) for \(what)", file: file, line: line)
            return false
        }
        return true
    }

    private func assertTooLarge(_ result: Result<(Data, HTTPURLResponse), any Error>, _ url: URL, limit: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(let error) = result else { return XCTFail("expected a failure", file: file, line: line) }
        XCTAssertEqual(error as? TransferError, .tooLarge(url: url.absoluteString, limit: limit), file: file, line: line)
    }

    /// Fetches from a server streaming `stream` (with `headers`) with a limit of 1 MB, expects the
    /// limit's error, and returns the bytes the server wrote before the client closed the connection.
    private func bytesSentBeforeTheRefusal(_ stream: BodyStream, headers: [(name: String, value: String)] = [], file: StaticString = #filePath, line: UInt = #line) async throws -> Int {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: headers, stream: stream)
        }
        #if canImport(FoundationNetworking)
        let pausedBefore = ReceivePause.pausedTransfers
        #endif
        assertTooLarge(await fetch(server.baseURL, limit: 1 << 20), server.baseURL, limit: 1 << 20, file: file, line: line)
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up", file: file, line: line)
        #if canImport(FoundationNetworking)
        // By the time the client hung up, the refusal had paused the transfer in libcurl (the
        // cancellation alone can wait behind a fast server for as long as it sends).
        XCTAssertGreaterThan(ReceivePause.pausedTransfers, pausedBefore, "the refused transfer was not paused", file: file, line: line)
        #endif
        XCTAssertEqual(sent.count, 1, file: file, line: line)
        return sent.reduce(0, +)
    }

    // NB: each byte count is what the server managed to write, never a time: a transfer that goes on
    // after the refusal lets a fast server write tens to hundreds of MB before it stops.

    func test_anEndlessChunkedBody_isNoLongerReadOnceRefused() async throws {
        let sent = try await bytesSentBeforeTheRefusal(.endless(piece: Data(repeating: 0x20, count: 64 << 10)))
        XCTAssertLessThanOrEqual(sent, (1 << 20) + LoopbackHTTPServer.bytesInFlightAfterClientStops)
    }

    func test_aHugeDeclaredLength_isNotReadOnceRefused() async throws {
        let sent = try await bytesSentBeforeTheRefusal(.declaring(length: 1 << 40, piece: Data(repeating: 0x20, count: 64 << 10)))
        XCTAssertLessThanOrEqual(sent, LoopbackHTTPServer.bytesInFlightAfterClientStops)
    }

    func test_anEndlessGzipStream_isNoLongerReadOnceRefused() async throws {
        // 1 MB of spaces inflates from about 6 KB of gzip: what is sent past that is read for nothing.
        let sent = try await bytesSentBeforeTheRefusal(GzipBomb.endlessSpaces(), headers: [("Content-Encoding", "gzip")])
        XCTAssertLessThanOrEqual(sent, LoopbackHTTPServer.bytesInFlightAfterClientStops)
    }

    func test_aCancelledFetch_stopsReadingAnEndlessBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(stream: .endless(piece: Data(repeating: 0x20, count: 64 << 10)))
        }
        let session = LimitedHTTPSession(configuration: .ephemeral)
        let request = URLRequest(url: server.baseURL)
        // A limit the stream reaches only long after the cancellation.
        let fetch = Task { try await session.data(for: request, limit: 1 << 40) }
        // The request is answered before it is cancelled: the server saw it.
        guard await waitUntil("the server to get the request", { !server.requests.isEmpty }) else { return fetch.cancel() }
        fetch.cancel()
        do {
            _ = try await fetch.value
            XCTFail("the fetch of an endless body ended")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up")
        // What was read before the cancellation counts too; the fetch is cancelled as soon as the
        // server has the request, so it is far below this.
        XCTAssertLessThanOrEqual(sent.reduce(0, +), 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops)
    }

    /// The endless bodies of the redirects FoundationNetworking follows itself, which it keeps to
    /// itself until they end (it tells the delegate nothing): 301, 302, 307, 308, and the last hop of
    /// a chain. Each leads back to its own origin, without end.
    private static let endlessRedirects: [(String, @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response)] = {
        let endless = BodyStream.endless(piece: Data(repeating: 0x20, count: 64 << 10))
        let statuses: [(String, @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response)] = [301, 302, 307, 308].map { status in
            ("\(status)", { @Sendable _ in LoopbackHTTPServer.Response(status: status, headers: [("Location", "/next")], stream: endless) })
        }
        return statuses + [("a chain whose last hop is endless", { @Sendable request in
            let hop = Int(request.query["hop"] ?? "0") ?? 0
            let next = [("Location", "/next?hop=\(hop + 1)")]
            return hop < 2 ? LoopbackHTTPServer.Response(status: 302, headers: next) : LoopbackHTTPServer.Response(status: 302, headers: next, stream: endless)
        })]
    }()

    #if !canImport(FoundationNetworking)
    /// A session whose transfers end after ``patience`` whatever arrives (`timeoutIntervalForResource`),
    /// so that a redirect's endless body that Darwin's URLSession went on reading fails the test
    /// instead of hanging it.
    private let boundedSession: LimitedHTTPSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = TimeInterval(LimitedHTTPSessionTests.patience.components.seconds)
        return LimitedHTTPSession(configuration: configuration)
    }()

    /// What Darwin answers for a redirect back to its own origin without end (see
    /// ``endlessRedirects``): its URLSession follows each hop the delegate approves as soon as the
    /// head arrives, drops the hop's body unread, and gives up after 20 hops (16 before macOS 11)
    /// with `NSURLErrorHTTPTooManyRedirects`, which reaches the caller as a network error in the
    /// user's language. Every connection was closed with at most the kernel's buffers sent on it.
    private func assertTooManyRedirects(
        _ result: Result<(Data, HTTPURLResponse), any Error>, from server: LoopbackHTTPServer, _ name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard case .failure(let error) = result, case .network? = error as? TransferError else {
            return XCTFail("\(name): expected URLSession's too-many-redirects error, got \(result)", file: file, line: line)
        }
        XCTAssertTrue((2...21).contains(server.requests.count), "\(name): \(server.requests.count) requests", file: file, line: line)
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: Self.patience), "\(name): the client never hung up", file: file, line: line)
        XCTAssertLessThanOrEqual(sent.max() ?? 0, (1 << 20) + 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops, name, file: file, line: line)
    }
    #endif

    func test_anEndlessRedirectBody_isNoLongerReadPastTheLimit() async throws {
        for (name, handler) in Self.endlessRedirects {
            let server = try LoopbackHTTPServer(handler: handler)
            defer { server.stop() }
            #if !canImport(FoundationNetworking)
            try assertTooManyRedirects(await fetch(server.baseURL, limit: 1 << 20, in: boundedSession), from: server, name)
            #else
            let result = await fetch(server.baseURL, limit: 1 << 20)
            guard case .failure(let error) = result else { XCTFail("\(name): expected a failure"); continue }
            XCTAssertEqual(error as? TransferError, .tooLarge(url: server.baseURL.absoluteString, limit: 1 << 20), name)
            let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "\(name): the client never hung up")
            // The limit, the room the watch leaves for the heads (64 KB), the kernel's buffers, and
            // what the client reads until the watch's next look: 5 ms apart, but on a loaded machine a
            // look comes late, and FoundationNetworking reads on meanwhile (a run of the whole suite
            // once saw 100 KB more than the buffers and 256 KB). At most the buffers twice over.
            XCTAssertLessThanOrEqual(sent.last ?? .max, (1 << 20) + 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops, name)
            #endif
        }
    }

    func test_anEndlessGzipRedirectBody_isStoppedUnseen() async throws {
        guard FullStress.isOn else { throw XCTSkip("copies for seconds; runs under VMK_FULL_STRESS=1, as in .ci/run") }
        // About 6 KB of gzip inflate to 1 MB of spaces: the limit on what arrives is never reached,
        // and FoundationNetworking copies the inflated body on every piece.
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(status: 302, headers: [("Location", "/next"), ("Content-Encoding", "gzip")], stream: GzipBomb.endlessSpaces())
        }
        defer { server.stop() }
        #if !canImport(FoundationNetworking)
        try assertTooManyRedirects(await fetch(server.baseURL, limit: 1 << 20, in: boundedSession), from: server, "a gzip redirect")
        #else
        let result = await fetch(server.baseURL, limit: 1 << 20)
        guard case .failure(let error) = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error as? TransferError, .undeliveredBody(url: server.baseURL.absoluteString))
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up")
        XCTAssertLessThanOrEqual(sent.reduce(0, +), (1 << 20) + LoopbackHTTPServer.bytesInFlightAfterClientStops)
        #endif
    }

    func test_aCancelledFetch_stopsReadingAnEndlessRedirectBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(status: 302, headers: [("Location", "/next")], stream: .endless(piece: Data(repeating: 0x20, count: 64 << 10)))
        }
        defer { server.stop() }
        #if canImport(FoundationNetworking)
        let session = LimitedHTTPSession(configuration: .ephemeral)
        #else
        let session = boundedSession
        #endif
        let request = URLRequest(url: server.baseURL)
        let fetch = Task { try await session.data(for: request, limit: 1 << 40) }
        #if !canImport(FoundationNetworking)
        // Darwin follows the hops without reading their bodies (see `assertTooManyRedirects`): the
        // chain may end by itself before the cancellation, and either way every connection ends.
        guard await waitUntil("the server to get the request", { !server.requests.isEmpty }) else { return fetch.cancel() }
        fetch.cancel()
        guard case .failure(let error) = await fetch.result else { return XCTFail("the fetch of an endless redirect chain ended") }
        if error is CancellationError {
            let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: Self.patience), "the client never hung up")
            XCTAssertLessThanOrEqual(sent.max() ?? 0, 4 * LoopbackHTTPServer.bytesInFlightAfterClientStops)
        } else {
            try assertTooManyRedirects(.failure(error), from: server, "an endless redirect chain")
        }
        #else
        // FoundationNetworking is buffering the body when the fetch is cancelled.
        guard await waitUntil("the server to send 1 MB of the redirect's body", { server.bytesSentSoFar >= 1 << 20 }) else { return fetch.cancel() }
        fetch.cancel()
        guard case .failure(let error) = await fetch.result else { return XCTFail("the fetch of an endless body ended") }
        XCTAssertTrue(error is CancellationError, "\(error)")
        // While FoundationNetworking copies the body, its own cancellation waits behind the copying,
        // and the connection stayed open past these 60 s; the watch shuts it down when the work queue
        // is stuck (a cancellation that comes early enough goes through by itself).
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up")
        XCTAssertEqual(sent.count, 1)
        // What was read before the cancellation, and what arrived until the watch found the work
        // queue stuck (250 ms), with the kernel's buffers.
        XCTAssertLessThanOrEqual(sent.reduce(0, +), 4 * LoopbackHTTPServer.bytesInFlightAfterClientStops)
        #endif
    }

    func test_aBodyWithinTheLimit_isReturnedWhole() async throws {
        let server = try LoopbackHTTPServer { _ in .text(String(repeating: "a", count: 1000)) }
        let (body, response) = try await fetch(server.baseURL, limit: 1000).get()
        XCTAssertEqual(body.count, 1000)
        XCTAssertEqual(response.statusCode, 200)
    }

    func test_anEndlessChunkedBody_failsAtTheLimit() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(stream: .endless(piece: Data(repeating: 0x20, count: 16 << 10)))
        }
        assertTooLarge(await fetch(server.baseURL, limit: 1 << 20), server.baseURL, limit: 1 << 20)
    }

    func test_aDeclaredLengthPastTheLimit_failsBeforeReading() async throws {
        let server = try LoopbackHTTPServer { _ in .text(String(repeating: "a", count: 2000)) }
        assertTooLarge(await fetch(server.baseURL, limit: 1000), server.baseURL, limit: 1000)
    }

    func test_aGzipBody_isCountedAfterDecompression() async throws {
        let bomb = GzipBomb.spaces(count: 4 << 20)
        XCTAssertLessThan(bomb.count, 64 << 10, "the compressed body is small")
        let server = try LoopbackHTTPServer { _ in
            .init(headers: [("Content-Encoding", "gzip"), ("Content-Type", "application/json")], body: bomb)
        }
        assertTooLarge(await fetch(server.baseURL, limit: 1 << 20), server.baseURL, limit: 1 << 20)
        // Within the limit it inflates to exactly the spaces it promises.
        let (body, _) = try await fetch(server.baseURL, limit: 8 << 20).get()
        XCTAssertEqual(body, Data(repeating: 0x20, count: 4 << 20))
    }

    func test_aRequestCancelledBeforeItStarts_throwsCancellation() async throws {
        let server = try LoopbackHTTPServer { _ in .text("too late") }
        for _ in 0..<20 {
            let outcome = await Task { [session, url = server.baseURL] in
                withUnsafeCurrentTask { $0?.cancel() }
                return await LimitedHTTPSessionTests.outcome(of: session, url)
            }.value
            XCTAssertEqual(outcome, "cancelled")
        }
    }

    func test_aRequestCancelledWhileItWaits_throwsCancellation() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response()
            response.stall = true
            return response
        }
        let fetching = Task { [session, url = server.baseURL] in await LimitedHTTPSessionTests.outcome(of: session, url) }
        guard await waitUntil("the server to get the request", { !server.requests.isEmpty }) else { return fetching.cancel() }
        fetching.cancel()
        let outcome = await fetching.value
        XCTAssertEqual(outcome, "cancelled")
        server.stop()
    }

    /// How fetching `url` with `session` ended: `returned`, `cancelled` or the error.
    private static func outcome(of session: LimitedHTTPSession, _ url: URL) async -> String {
        do {
            _ = try await session.data(for: URLRequest(url: url), limit: 1 << 20)
            return "returned"
        } catch is CancellationError {
            return "cancelled"
        } catch {
            return "\(error)"
        }
    }

    func test_aRedirectWithinTheOrigin_isFollowedWithItsHeaders() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .init(status: 301, headers: [("Location", "/new")]) : .text("here")
        }
        let (body, _) = try await fetch(server.baseURL.appendingPathComponent("old"), headers: ["Authorization": "Bearer abc"]).get()
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "here")
        XCTAssertEqual(server.requests.map(\.path), ["/old", "/new"])
        XCTAssertEqual(server.requests.last?.header("Authorization"), "Bearer abc")
    }

    func test_aRedirectToAnotherPort_isRefused_andTheOtherServerGetsNothing() async throws {
        let other = try LoopbackHTTPServer { _ in .text("other") }
        for status in [301, 302, 307, 308] {
            let server = try LoopbackHTTPServer { _ in .init(status: status, headers: [("Location", other.baseURL.absoluteString + "/x")]) }
            let result = await fetch(server.baseURL, headers: ["Authorization": "Bearer abc"])
            guard case .failure(let error) = result, case .redirectRefused(let refusal) = error as? TransferError else {
                XCTFail("\(status): expected a refused redirect, got \(result)")
                continue
            }
            XCTAssertTrue(refusal.reason.contains("http://127.0.0.1:\(other.port)"), refusal.reason)
        }
        XCTAssertEqual(other.requests.count, 0, "the other origin got no request: \(other.requests.map(\.headers))")
    }

    func test_aRedirectToAFileURL_isNamedAsSuch() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 302, headers: [("Location", "file:///etc/passwd")]) }
        let result = await fetch(server.baseURL)
        guard case .failure(let error) = result, case .redirectRefused(let refusal) = error as? TransferError else {
            return XCTFail("expected a refused redirect, got \(result)")
        }
        XCTAssertTrue(refusal.reason.contains("a file: URL"), refusal.reason)
    }
}
