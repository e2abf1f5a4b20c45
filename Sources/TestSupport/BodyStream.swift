public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response body sent piece by piece, the way a hostile or broken server sends it: endless, huge,
/// trickling, or compressed to inflate far past its size.
///
/// ```swift
/// LoopbackHTTPServer.Response(
///     headers: [("Content-Type", "application/json")],
///     stream: .endless(piece: Data("[".utf8) + Data(repeating: 0x20, count: 65_536))
/// )
/// ```
///
/// The server sends pieces until ``next`` returns `nil`, the client hangs up or the server stops.
public struct BodyStream: Sendable {
    /// Whether pieces go out with `Transfer-Encoding: chunked`; otherwise the end of the connection ends the body.
    public var chunked: Bool
    /// The `Content-Length` the head declares when the body is not chunked (whatever the pieces add
    /// up to); `nil` for none.
    public var declaredLength: Int?
    /// How long the server waits before each piece after the first (`stop()` cuts it short).
    public var interval: Duration
    /// The piece with the given index (from 0), or `nil` when the body is complete.
    public var next: @Sendable (Int) -> Data?

    /// A body made by `next`, sent chunked unless `chunked` is `false`.
    public init(chunked: Bool = true, interval: Duration = .zero, next: @escaping @Sendable (Int) -> Data?) {
        self.chunked = chunked
        self.interval = interval
        self.next = next
    }

    /// A body that declares `length` bytes in `Content-Length` and sends `piece` over and over until
    /// the client hangs up.
    public static func declaring(length: Int, piece: Data) -> BodyStream {
        var stream = BodyStream(chunked: false) { _ in piece }
        stream.declaredLength = length
        return stream
    }

    /// A chunked body that never ends: `piece`, over and over.
    public static func endless(piece: Data) -> BodyStream {
        BodyStream { _ in piece }
    }

    /// `prefix`, then `piece` `count` times, then `suffix`: a body of known content far larger than
    /// is ever held in the server's memory.
    public static func repeating(_ piece: Data, count: Int, prefix: Data = Data(), suffix: Data = Data(), chunked: Bool = true) -> BodyStream {
        BodyStream(chunked: chunked, next: { index -> Data? in
            if index == 0 { return prefix }
            if index <= count { return piece }
            return index == count + 1 ? suffix : nil
        })
    }

    /// `body` one byte at a time, `interval` apart.
    public static func trickle(_ body: Data, every interval: Duration) -> BodyStream {
        let bytes = Array(body)
        return BodyStream(interval: interval) { index in index < bytes.count ? Data([bytes[index]]) : nil }
    }
}

extension ServerCore {
    /// Sends the head and then the stream's pieces; returns `false` if the connection failed or the
    /// server stopped.
    func sendStreamed(_ response: LoopbackHTTPServer.Response, _ stream: BodyStream, on connection: Connection) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reasonPhrase(for: response.status))\r\n"
        let managed: Set<String> = ["content-length", "connection", "transfer-encoding"]
        for header in response.headers where !managed.contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        if stream.chunked {
            head += "Transfer-Encoding: chunked\r\n"
        } else if let length = stream.declaredLength {
            head += "Content-Length: \(length)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        guard send(Array(head.utf8), on: connection) else { return false }
        var index = 0
        while let piece = stream.next(index) {
            if index > 0, stream.interval > .zero, waitForStop(upTo: stream.interval) { return false }
            index += 1
            guard !piece.isEmpty else { continue }
            var bytes: [UInt8] = []
            if stream.chunked { bytes += Array((String(piece.count, radix: 16) + "\r\n").utf8) }
            bytes += piece
            if stream.chunked { bytes += Array("\r\n".utf8) }
            guard send(bytes, on: connection) else { return false }
        }
        if stream.chunked { return send(Array("0\r\n\r\n".utf8), on: connection) }
        return true
    }
}
