import Dispatch
import Foundation
import Synchronization
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class LoopbackHTTPServerTests: XCTestCase {
    // MARK: Helpers

    private func makeSession(maxConnectionsPerHost: Int = 16) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }

    private func url(_ server: LoopbackHTTPServer, _ pathAndQuery: String) throws -> URL {
        try XCTUnwrap(URL(string: server.baseURL.absoluteString + pathAndQuery))
    }

    private func fetch(_ request: URLRequest, with session: URLSession) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return (data, http)
    }

    /// Sends `pieces` over a raw TCP connection (one `send` each) and returns everything the server writes until EOF.
    private func rawExchange(port: Int, _ pieces: [String]) throws -> String {
        let fd = try Socket.connectToLoopback(port: port)
        defer { _ = close(fd) }
        for piece in pieces {
            XCTAssertTrue(Socket.sendAll(fd, Array(piece.utf8)), "send failed: errno \(errno)")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Socket.receive(fd, into: &chunk)
            if count > 0 {
                received += chunk[0..<count]
            } else if count == 0 {
                break
            } else {
                XCTFail("recv failed: errno \(errno)")
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    // MARK: URLSession round trips

    func testGETReturnsStatusHeadersAndBody() async throws {
        let server = try LoopbackHTTPServer { request in
            .json(#"{"path":"\#(request.path)"}"#, status: 201, headers: [(name: "X-Custom", value: "abc")])
        }
        defer { server.stop() }
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(server.port)")

        let (data, response) = try await fetch(URLRequest(url: try url(server, "/hello")), with: makeSession())

        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(response.value(forHTTPHeaderField: "x-custom"), "abc")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "application/json; charset=utf-8")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Length"), "\(data.count)")
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"path":"/hello"}"#)
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(server.requests.first?.method, "GET")
    }

    func testRequestHeadersAreRecordedAndLookedUpCaseInsensitively() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }
        var request = URLRequest(url: try url(server, "/headers"))
        request.setValue("LoopbackTests/1.0", forHTTPHeaderField: "User-Agent")
        request.setValue("\"etag-1\"", forHTTPHeaderField: "If-None-Match")
        request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
        request.setValue("yes", forHTTPHeaderField: "X-Mixed-Case")

        let (_, response) = try await fetch(request, with: makeSession())
        XCTAssertEqual(response.statusCode, 200)

        let recorded = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(recorded.header("user-agent"), "LoopbackTests/1.0")
        XCTAssertEqual(recorded.header("IF-NONE-MATCH"), "\"etag-1\"")
        XCTAssertEqual(recorded.header("authorization"), "Bearer secret-token")
        XCTAssertEqual(recorded.header("x-mixed-case"), "yes")
        XCTAssertNil(recorded.header("X-Not-Sent"))
        XCTAssertTrue(recorded.headers.contains { $0.name == "X-Mixed-Case" && $0.value == "yes" })
    }

    func testTargetPathAndQueryAreParsed() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }
        let target = "/users/octo%20cat/repos?per_page=100&page=2&q=a%20b%26c&page=3&flag"

        let (_, response) = try await fetch(URLRequest(url: try url(server, target)), with: makeSession())
        XCTAssertEqual(response.statusCode, 200)

        let recorded = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(recorded.target, target)
        XCTAssertEqual(recorded.path, "/users/octo%20cat/repos")
        XCTAssertEqual(recorded.query, ["per_page": "100", "page": "3", "q": "a b&c", "flag": ""])
    }

    func testNotModifiedHasNoBody() async throws {
        let server = try LoopbackHTTPServer { request in
            if request.header("If-None-Match") == "\"v1\"" {
                return LoopbackHTTPServer.Response(
                    status: 304,
                    headers: [(name: "ETag", value: "\"v1\"")],
                    body: Data("must not be sent".utf8)
                )
            }
            return .json("[]", headers: [(name: "ETag", value: "\"v1\"")])
        }
        defer { server.stop() }
        var request = URLRequest(url: try url(server, "/repos"))
        request.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")

        let (data, response) = try await fetch(request, with: makeSession())
        XCTAssertEqual(response.statusCode, 304)
        XCTAssertEqual(data.count, 0)

        let raw = try rawExchange(port: server.port, ["GET /repos HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"v1\"\r\n\r\n"])
        XCTAssertTrue(raw.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), raw)
        XCTAssertTrue(raw.contains("\r\nContent-Length: 0\r\n"), raw)
        XCTAssertTrue(raw.hasSuffix("\r\n\r\n"), "304 must end after the head: \(raw)")
    }

    func testPOSTBodyIsReceivedWhole() async throws {
        let server = try LoopbackHTTPServer { request in .text("\(request.body.count)") }
        defer { server.stop() }
        let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var request = URLRequest(url: try url(server, "/upload"))
        request.httpMethod = "POST"
        request.httpBody = payload
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")

        let (data, response) = try await fetch(request, with: makeSession())
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "300000")

        let recorded = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(recorded.method, "POST")
        XCTAssertEqual(recorded.header("content-length"), "300000")
        XCTAssertEqual(recorded.body, payload)
    }

    func testHEADResponseHasNoBody() async throws {
        let server = try LoopbackHTTPServer { _ in .text("four") }
        defer { server.stop() }
        var request = URLRequest(url: try url(server, "/head"))
        request.httpMethod = "HEAD"

        let (data, response) = try await fetch(request, with: makeSession())
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(data.count, 0)

        let raw = try rawExchange(port: server.port, ["HEAD /head HTTP/1.1\r\nHost: x\r\n\r\n"])
        XCTAssertTrue(raw.hasPrefix("HTTP/1.1 200 OK\r\n"), raw)
        XCTAssertTrue(raw.contains("\r\nContent-Length: 4\r\n"), raw)
        XCTAssertTrue(raw.hasSuffix("\r\n\r\n"), "HEAD must end after the head: \(raw)")
    }

    func testEightConcurrentRequestsAreServedInParallel() async throws {
        // Every handler waits until all 8 requests have arrived: a serial server would
        // never get there, time out at the barrier and answer 500.
        let count = 8
        let arrived = Mutex(0)
        let barrier = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { request in
            let arrivedNow = arrived.withLock { value -> Int in
                value += 1
                return value
            }
            if arrivedNow == count {
                for _ in 0..<count { barrier.signal() }
            }
            guard barrier.wait(timeout: .now() + 5) == .success else {
                return .text("barrier timed out", status: 500)
            }
            return LoopbackHTTPServer.Response(status: 200, body: Data(request.path.utf8), delay: .milliseconds(50))
        }
        defer { server.stop() }
        // FoundationNetworking enforces httpMaximumConnectionsPerHost (default 6), so raise it.
        let session = makeSession(maxConnectionsPerHost: 16)
        let urls = try (0..<count).map { try url(server, "/page/\($0)") }

        // Children never throw: cancelling sibling URLSession tasks after a failure can deadlock
        // FoundationNetworking, which would turn a failing test into a hanging one.
        let results = await withTaskGroup(of: (index: Int, status: Int, body: String).self) { group in
            for (index, pageURL) in urls.enumerated() {
                group.addTask {
                    var request = URLRequest(url: pageURL)
                    request.timeoutInterval = 15
                    do {
                        let (data, response) = try await session.data(for: request)
                        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
                        return (index, status, String(decoding: data, as: UTF8.self))
                    } catch {
                        return (index, -1, "\(error)")
                    }
                }
            }
            var collected: [(index: Int, status: Int, body: String)] = []
            for await result in group { collected.append(result) }
            return collected
        }

        XCTAssertEqual(results.count, count)
        for result in results {
            XCTAssertEqual(result.status, 200, "request \(result.index): \(result.body)")
            XCTAssertEqual(result.body, "/page/\(result.index)")
        }
        XCTAssertEqual(server.requests.count, count)
    }

    // MARK: Stalls, stop and lifetime

    func testStalledResponseMakesClientTimeOut() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response()
            response.stall = true
            return response
        }
        defer { server.stop() }
        var request = URLRequest(url: try url(server, "/stall"))
        // FoundationNetworking truncates timeoutInterval to whole seconds (`Int(t) * 1000` ms), so 0.5
        // would time out immediately whether or not the server stalls; 1 s is the smallest real timeout.
        request.timeoutInterval = 1

        do {
            let (_, response) = try await fetch(request, with: makeSession())
            XCTFail("expected a timeout, got status \(response.statusCode)")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .timedOut, "\(error)")
        }
        XCTAssertEqual(server.requests.count, 1)
    }

    func testStopReleasesStalledConnection() async throws {
        let (arrivals, arrival) = AsyncStream<Void>.makeStream()
        let server = try LoopbackHTTPServer { _ in
            arrival.yield()
            var response = LoopbackHTTPServer.Response()
            response.stall = true
            return response
        }
        var request = URLRequest(url: try url(server, "/stall"))
        request.timeoutInterval = 60  // far longer than the test should take
        let session = makeSession()
        let client = Task { () -> Result<Int, URLError> in
            do {
                let (_, response) = try await session.data(for: request)
                return .success((response as? HTTPURLResponse)?.statusCode ?? -1)
            } catch let error as URLError {
                return .failure(error)
            } catch {
                return .failure(URLError(.unknown))
            }
        }
        var iterator = arrivals.makeAsyncIterator()
        _ = await iterator.next()

        server.stop()

        switch await client.value {
        case .success(let status):
            XCTFail("expected the connection to be dropped, got status \(status)")
        case .failure(let error):
            XCTAssertNotEqual(error.code, .timedOut, "stop() did not release the stalled connection")
            // FoundationNetworking (curl): "Empty reply from server" -> .badServerResponse; Darwin: .networkConnectionLost.
            XCTAssertTrue([.badServerResponse, .networkConnectionLost].contains(error.code), "\(error)")
        }
    }

    func testStopIsIdempotentAndLaterRequestsFailToConnect() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        let session = makeSession()
        let target = try url(server, "/before")
        let (_, response) = try await fetch(URLRequest(url: target), with: session)
        XCTAssertEqual(response.statusCode, 200)

        server.stop()
        server.stop()

        do {
            let (_, response) = try await fetch(URLRequest(url: try url(server, "/after")), with: session)
            XCTFail("expected a connection failure, got status \(response.statusCode)")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost, "\(error)")
        }
        XCTAssertEqual(server.requests.map(\.path), ["/before"])
    }

    func testDeinitStopsTheServer() async throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _ in .text("ok") }
        let target = try XCTUnwrap(server.map { try url($0, "/gone") })
        server = nil
        XCTAssertNil(server)

        do {
            _ = try await fetch(URLRequest(url: target), with: makeSession())
            XCTFail("expected a connection failure after deinit")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost, "\(error)")
        }
    }

    // MARK: Wire format (raw sockets)

    func testRequestSplitAcrossSeveralWritesIsParsed() throws {
        let server = try LoopbackHTTPServer { request in
            .text(String(decoding: request.body, as: UTF8.self), status: 429)
        }
        defer { server.stop() }

        let raw = try rawExchange(port: server.port, [
            "POST /split?x=1 HT",
            "TP/1.1\r\nHost: 127.0.0.1\r\nContent-Le",
            "ngth: 10\r\nX-Trace: abc\r\n\r",
            "\n01234",
            "56789",
        ])

        XCTAssertTrue(raw.hasPrefix("HTTP/1.1 429 Too Many Requests\r\n"), raw)
        XCTAssertTrue(raw.contains("\r\nContent-Type: text/plain; charset=utf-8\r\n"), raw)
        XCTAssertTrue(raw.contains("\r\nContent-Length: 10\r\n"), raw)
        XCTAssertTrue(raw.contains("\r\nConnection: close\r\n"), raw)
        XCTAssertTrue(raw.hasSuffix("\r\n\r\n0123456789"), raw)

        let recorded = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(recorded.method, "POST")
        XCTAssertEqual(recorded.target, "/split?x=1")
        XCTAssertEqual(recorded.query, ["x": "1"])
        XCTAssertEqual(recorded.header("x-trace"), "abc")
        XCTAssertEqual(recorded.body, Data("0123456789".utf8))
    }

    func testChunkedRequestBodyIsDecoded() throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }

        let raw = try rawExchange(port: server.port, [
            "PUT /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
            "5\r\nhello\r\n",
            "7;ext=1\r\n, world\r\n0\r\n\r\n",
        ])

        XCTAssertTrue(raw.hasPrefix("HTTP/1.1 200 OK\r\n"), raw)
        XCTAssertEqual(server.requests.first?.body, Data("hello, world".utf8))
    }

    func testReasonPhrasesAndServerManagedHeaders() throws {
        let expected: [Int: String] = [
            200: "OK", 304: "Not Modified", 403: "Forbidden", 404: "Not Found",
            429: "Too Many Requests", 500: "Internal Server Error", 418: "Client Error",
        ]
        let server = try LoopbackHTTPServer { request in
            let status = Int(request.path.dropFirst()) ?? 0
            // Handler-supplied Content-Length / Connection are replaced by the server's own.
            return .text("x", status: status, headers: [
                (name: "Content-Length", value: "999"), (name: "Connection", value: "keep-alive"),
            ])
        }
        defer { server.stop() }

        for (status, phrase) in expected.sorted(by: { $0.key < $1.key }) {
            let raw = try rawExchange(port: server.port, ["GET /\(status) HTTP/1.1\r\nHost: x\r\n\r\n"])
            XCTAssertTrue(raw.hasPrefix("HTTP/1.1 \(status) \(phrase)\r\n"), raw)
            XCTAssertFalse(raw.contains("999"), raw)
            XCTAssertFalse(raw.contains("keep-alive"), raw)
            XCTAssertTrue(raw.contains("\r\nContent-Length: \(status == 304 ? 0 : 1)\r\n"), raw)
        }
    }

    func testMalformedRequestGets400AndSkipsTheHandler() throws {
        let handled = Mutex(0)
        let server = try LoopbackHTTPServer { _ in
            handled.withLock { $0 += 1 }
            return .text("ok")
        }
        defer { server.stop() }

        let raw = try rawExchange(port: server.port, ["this is not http\r\n\r\n"])

        XCTAssertTrue(raw.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), raw)
        XCTAssertEqual(handled.withLock { $0 }, 0)
        XCTAssertTrue(server.requests.isEmpty)
    }
}
