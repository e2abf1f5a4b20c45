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
    /// Every `window`-byte piece of the secret, packed into an integer, to confirm a candidate.
    private let pieces: Set<UInt64>
    /// The length of the grams the first test looks up (at most 3, at most `window`).
    private let gram: Int
    /// How far apart the first test looks: every run of `window` bytes holds a whole gram starting
    /// at one of these positions, so the bytes between them are never read unless a gram matches.
    private let stride: Int
    /// A bit for each hashed `gram`-byte piece of the secret: the first, quick test.
    private let grams: [UInt64]

    /// A redactor for `secret` (`nil` or empty: everything passes unchanged).
    package init(secret: String?, replacement: String = "[token]") {
        let bytes = Array((secret ?? "").utf8)
        self.secret = bytes
        self.replacement = replacement
        let window = min(Self.minimumRun, bytes.count)
        let gram = min(3, window)
        self.window = window
        self.gram = gram
        // A run of `window` bytes starting at p contains the first grid position g ≥ p (g ≤ p + stride − 1)
        // and the gram g..<g + gram ends by p + window − 1.
        self.stride = max(1, window - gram + 1)
        var pieces = Set<UInt64>()
        var grams = [UInt64](repeating: 0, count: Self.gramTableWords)
        bytes.withUnsafeBufferPointer { buffer in
            guard window > 0, let base = buffer.baseAddress else { return }
            for start in 0...(buffer.count - window) { pieces.insert(Self.pack(base + start, window)) }
            for start in 0...(buffer.count - gram) {
                let hash = Self.gramHash(base + start, gram)
                grams[hash >> 6] |= 1 << UInt64(hash & 63)
            }
        }
        self.pieces = pieces
        self.grams = grams
    }

    /// `text` with every run of the secret (``minimumRun`` characters or more) replaced by ``replacement``.
    package func redact(_ text: String) -> String {
        guard window > 0, text.utf8.count >= window else { return text }
        var text = text
        let output: [UInt8]? = text.withUTF8 { bytes in redacted(bytes) }
        guard let output else { return text }
        return String(decoding: output, as: UTF8.self)
    }

    /// `data` with every run of the secret replaced by ``replacement``.
    package func redact(_ data: Data) -> Data {
        guard window > 0, data.count >= window else { return data }
        let output: [UInt8]? = data.withUnsafeBytes { raw in redacted(raw.bindMemory(to: UInt8.self)) }
        guard let output else { return data }
        return Data(output)
    }

    /// Whether `text` holds a run of the secret that ``redact(_:)`` would replace.
    package func reveals(_ text: String) -> Bool {
        guard window > 0, text.utf8.count >= window else { return false }
        var text = text
        return text.withUTF8 { bytes in firstRun(in: bytes, from: 0) != nil }
    }

    /// Whether `data` holds a run of the secret.
    package func reveals(_ data: Data) -> Bool {
        guard window > 0, data.count >= window else { return false }
        return data.withUnsafeBytes { raw in firstRun(in: raw.bindMemory(to: UInt8.self), from: 0) != nil }
    }

    /// The bytes with every run replaced, or `nil` if there is none.
    private func redacted(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
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
    ///
    /// NB: the loop reads one gram every `stride` bytes and tests one bit, so that a body with no
    /// secret in it costs about a sixth of a byte-by-byte pass, in a debug build too (where `repos`
    /// runs with every page going through here).
    private func firstRun(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (start: Int, length: Int)? {
        guard window > 0, bytes.count - from >= window, let base = bytes.baseAddress else { return nil }
        let lastGram = bytes.count - gram
        let lastStart = bytes.count - window
        var position = from
        while position <= lastGram {
            let hash = Self.gramHash(base + position, gram)
            if grams[hash >> 6] & (1 << UInt64(hash & 63)) != 0 {
                // The runs whose first grid position is this one start in (position − stride, position].
                for start in max(from, position - stride + 1)...min(position, lastStart)
                where pieces.contains(Self.pack(base + start, window)) {
                    return (start, longestRun(in: bytes, at: start))
                }
            }
            position += stride
        }
        return nil
    }

    /// The length of the longest prefix of `bytes[start...]` that occurs somewhere in the secret.
    private func longestRun(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
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

    /// How many 64-bit words the gram table has (a bit per 16-bit hash).
    private static let gramTableWords = 1 << 10

    /// The `count` (at most 8) bytes at `bytes` as one integer.
    private static func pack(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<count { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// A 16-bit hash of the `count` (1 to 3) bytes at `bytes`.
    private static func gramHash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var value = UInt32(bytes[0])
        if count > 1 { value |= UInt32(bytes[1]) << 8 }
        if count > 2 { value |= UInt32(bytes[2]) << 16 }
        return Int((value &* 0x9E37_79B1) >> 16)
    }
}
