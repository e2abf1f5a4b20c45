public import Foundation

extension LoopbackHTTPServer {
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
}
