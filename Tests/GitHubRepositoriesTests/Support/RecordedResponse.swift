import Foundation
import TestSupport

/// Turns a recorded GitHub response from `../shared/real-fixtures` (a `*.headers.txt` file and an
/// optional body file) into a loopback server response, so tests answer with what GitHub really sent.
enum RecordedResponse {
    /// Reads `headers` (comment lines starting with `#`, an `HTTP/1.1 <status>` line, then
    /// `Name: value` lines) and `body`, both relative to the real-fixtures `github/` folder.
    static func load(headers: String, body: String? = nil) throws -> LoopbackHTTPServer.Response {
        let text = try String(contentsOf: TestPaths.recordedGitHub.appendingPathComponent(headers), encoding: .utf8)
        var status = 200
        var fields: [(name: String, value: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("HTTP/") {
                status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 200
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            // The server computes these itself, and the stored bodies are already decoded.
            if ["content-length", "connection", "transfer-encoding", "content-encoding", "status"].contains(name.lowercased()) {
                continue
            }
            fields.append((name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let data = try body.map { try Data(contentsOf: TestPaths.recordedGitHub.appendingPathComponent($0)) } ?? Data()
        return LoopbackHTTPServer.Response(status: status, headers: fields, body: data)
    }

    /// The value of a header in a recorded response.
    static func header(_ name: String, in response: LoopbackHTTPServer.Response) -> String? {
        response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
