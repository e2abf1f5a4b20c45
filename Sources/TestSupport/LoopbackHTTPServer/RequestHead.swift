import Foundation

/// A request's line and header fields, parsed.
struct RequestHead {
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
