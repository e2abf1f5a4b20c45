import Foundation

// One request read from a connection: its head, its body (by length or chunked), and its query.

extension ServerCore {
    func readRequest(_ reader: inout ConnectionReader, on connection: Connection) throws -> LoopbackHTTPServer.Request {
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
}
