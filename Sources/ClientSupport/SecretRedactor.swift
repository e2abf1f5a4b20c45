package import Foundation

/// Removes a secret from text or bytes that may quote it, whole or in part.
///
/// Any run of ``minimumRun`` or more consecutive characters of the secret counts as the secret, so a
/// message cut in the middle of a quoted token, or a token split across two lines, shows none of it.
/// Redact before cutting a text to length: afterwards no cut can leave a piece of the secret behind.
///
/// ```swift
/// let redactor = SecretRedactor(secret: "ghp_0123456789abcdef")
/// redactor.redact("Authorization: Bearer ghp_0123456789a")  // "Authorization: Bearer [token]"
/// redactor.redact("…56789abc…")                              // "…[token]…"
/// ```
package struct SecretRedactor: Sendable {
    /// The shortest run of the secret's characters that is replaced (shorter secrets: all of it).
    package static let minimumRun = 8

    /// What a redacted run is replaced with.
    package let replacement: String
    private let secret: [UInt8]
    private let window: Int
    /// Every `window`-byte piece of the secret, packed into an integer, for a quick first test.
    private let pieces: Set<UInt64>

    /// A redactor for `secret` (`nil` or empty: everything passes unchanged).
    package init(secret: String?, replacement: String = "[token]") {
        let bytes = Array((secret ?? "").utf8)
        self.secret = bytes
        self.replacement = replacement
        self.window = min(Self.minimumRun, bytes.count)
        var pieces = Set<UInt64>()
        if window > 0 {
            for start in 0...(bytes.count - window) { pieces.insert(Self.pack(bytes, start, window)) }
        }
        self.pieces = pieces
    }

    /// `text` with every run of the secret (``minimumRun`` characters or more) replaced by ``replacement``.
    package func redact(_ text: String) -> String {
        guard let redacted = redacted(Array(text.utf8)) else { return text }
        return String(decoding: redacted, as: UTF8.self)
    }

    /// `data` with every run of the secret replaced by ``replacement``.
    package func redact(_ data: Data) -> Data {
        guard window > 0, data.count >= window, let redacted = redacted(Array(data)) else { return data }
        return Data(redacted)
    }

    /// Whether `text` holds a run of the secret that ``redact(_:)`` would replace.
    package func reveals(_ text: String) -> Bool {
        firstRun(in: Array(text.utf8), from: 0) != nil
    }

    /// Whether `data` holds a run of the secret.
    package func reveals(_ data: Data) -> Bool {
        guard window > 0, data.count >= window else { return false }
        return firstRun(in: Array(data), from: 0) != nil
    }

    /// The bytes with every run replaced, or `nil` if there is none.
    private func redacted(_ bytes: [UInt8]) -> [UInt8]? {
        guard var run = firstRun(in: bytes, from: 0) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        while true {
            output += bytes[copied..<run.start]
            output += replacement.utf8
            copied = run.start + run.length
            guard let next = firstRun(in: bytes, from: copied) else { break }
            run = next
        }
        output += bytes[copied...]
        return output
    }

    /// The first run of the secret at or after `from`: where it starts and how long it is.
    private func firstRun(in bytes: [UInt8], from: Int) -> (start: Int, length: Int)? {
        guard window > 0, bytes.count - from >= window else { return nil }
        for start in from...(bytes.count - window) where pieces.contains(Self.pack(bytes, start, window)) {
            return (start, longestRun(in: bytes, at: start))
        }
        return nil
    }

    /// The length of the longest prefix of `bytes[start...]` that occurs somewhere in the secret.
    private func longestRun(in bytes: [UInt8], at start: Int) -> Int {
        var best = 0
        for offset in secret.indices where secret[offset] == bytes[start] {
            var length = 0
            while start + length < bytes.count, offset + length < secret.count, bytes[start + length] == secret[offset + length] {
                length += 1
            }
            best = max(best, length)
        }
        return best
    }

    private static func pack(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + count) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
