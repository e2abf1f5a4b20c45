import ViewModelKitExampleCounter
import Foundation
import TestSupport
import ViewModelKitTesting
import XCTest

/// The Numbers API client against misbehaving servers: a small body limit, a request deadline that a
/// trickling body cannot outlast, and redirects only within the origin.
final class NumberFactHostileServerTests: XCTestCase {
    private static func failure(_ client: NumberFactClient, _ number: Int = 42) async -> NumberFactError? {
        do {
            _ = try await client.fetchFact(number: number)
            return nil
        } catch {
            return error as? NumberFactError
        }
    }

    func test_anEndlessBody_failsAtTheSmallLimit() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: [("Content-Type", "text/plain")], stream: .endless(piece: Data(repeating: 0x61, count: 16 << 10)))
        }
        let error = await Self.failure(NumberFactClient(baseURL: server.baseURL))
        XCTAssertEqual(error, .responseTooLarge(source: server.baseURL.absoluteString + "/42", limit: 16 << 10))
        XCTAssertEqual(error?.description, "response from \(server.baseURL.absoluteString)/42 is larger than 16 KB")
    }

    func test_anEndlessBody_isNoLongerReadOnceRefused() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: [("Content-Type", "text/plain")], stream: .endless(piece: Data(repeating: 0x61, count: 64 << 10)))
        }
        let error = await Self.failure(NumberFactClient(baseURL: server.baseURL))
        XCTAssertEqual(error, .responseTooLarge(source: server.baseURL.absoluteString + "/42", limit: 16 << 10))
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up")
        XCTAssertLessThanOrEqual(sent.reduce(0, +), (16 << 10) + LoopbackHTTPServer.bytesInFlightAfterClientStops)
    }

    func test_aRedirectWithAnEndlessBody_isNoLongerReadPastTheLimit() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(status: 302, headers: [("Location", "/43")], stream: .endless(piece: Data(repeating: 0x61, count: 64 << 10)))
        }
        defer { server.stop() }
        let error = await Self.failure(NumberFactClient(baseURL: server.baseURL))
        #if canImport(FoundationNetworking)
        // FoundationNetworking keeps a redirect's body to itself until it ends: the transfer is
        // stopped from outside, past the limit, the room left for a head (64 KB), the kernel's buffers
        // and what arrives until the watch's next look, which a loaded machine runs late: at most the
        // buffers twice over.
        XCTAssertEqual(error, .responseTooLarge(source: server.baseURL.absoluteString + "/42", limit: 16 << 10))
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up")
        XCTAssertLessThanOrEqual(sent.reduce(0, +), (16 << 10) + 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops)
        #else
        // Darwin's URLSession follows each hop the client approves (/42, then /43 again and again) as
        // soon as its head arrives, drops its body unread, and gives up after 20 hops (16 before
        // macOS 11) with `NSURLErrorHTTPTooManyRedirects`, a network error in the user's language.
        // Every connection was closed with at most the kernel's buffers sent on it.
        guard case .network? = error else { return XCTFail("expected URLSession's too-many-redirects error, got \(String(describing: error))") }
        XCTAssertTrue((2...21).contains(server.requests.count), "\(server.requests.count) requests")
        let sent = try XCTUnwrap(server.bytesSentPerConnection(waitingUpTo: .seconds(60)), "the client never hung up")
        XCTAssertLessThanOrEqual(sent.max() ?? 0, (16 << 10) + 2 * LoopbackHTTPServer.bytesInFlightAfterClientStops)
        #endif
    }

    func test_aTricklingBody_timesOutAtTheRequestDeadline() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: [("Content-Type", "text/plain")], stream: .trickle(Data("42 is the answer.".utf8), every: .seconds(20)))
        }
        let clock = TestClock()
        let client = NumberFactClient(baseURL: server.baseURL, timeout: .seconds(10), clock: clock)
        let fetch = Task { [client] in await NumberFactHostileServerTests.failure(client) }
        // The time-out's sleep reaches the clock from a task of its own (a bounded wait: a safety net).
        guard await yieldUntil(upTo: .seconds(60), { !clock.pendingSleepers.isEmpty }) else {
            fetch.cancel()
            return XCTFail("waited 60 s for the time-out's sleep")
        }
        await clock.advance(by: .seconds(10))
        let error = await fetch.value
        XCTAssertEqual(error, .timedOut(server.baseURL.absoluteString + "/42"))
        XCTAssertTrue(error?.description.contains("timed out") ?? false)
        server.stop()
    }

    func test_aRedirectToAnotherPort_isRefused() async throws {
        let other = try LoopbackHTTPServer { _ in .text("from elsewhere") }
        let server = try LoopbackHTTPServer { _ in .init(status: 307, headers: [("Location", other.baseURL.absoluteString + "/42")]) }
        let error = await Self.failure(NumberFactClient(baseURL: server.baseURL))
        guard case .redirectRefused(let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("127.0.0.1:\(other.port)"), reason)
        XCTAssertEqual(other.requests.count, 0)
    }

    func test_aRedirectWithinTheOrigin_isFollowed() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/42" ? .init(status: 308, headers: [("Location", "/fact/42")]) : .text("42 is the answer.")
        }
        let fact = try await NumberFactClient(baseURL: server.baseURL).fetchFact(number: 42)
        XCTAssertEqual(fact, "42 is the answer.")
    }
}
