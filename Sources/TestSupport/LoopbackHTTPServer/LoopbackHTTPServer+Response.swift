public import Foundation

extension LoopbackHTTPServer {
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
        public static func json(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Response {
            utf8(text, contentType: "application/json; charset=utf-8", status: status, headers: headers)
        }

        /// A UTF-8 plain-text response (`Content-Type: text/plain; charset=utf-8` unless `headers` sets one).
        public static func text(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Response {
            utf8(text, contentType: "text/plain; charset=utf-8", status: status, headers: headers)
        }

        /// `text` as UTF-8, with `Content-Type: contentType` unless `headers` sets one.
        private static func utf8(
            _ text: String, contentType: String, status: Int, headers: [(name: String, value: String)]
        ) -> Response {
            let typed = headers.contains { $0.name.lowercased() == "content-type" }
            return Response(
                status: status,
                headers: typed ? headers : [(name: "Content-Type", value: contentType)] + headers,
                body: Data(text.utf8)
            )
        }
    }
}
