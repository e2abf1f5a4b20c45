/// Turns raw input bytes into keys; bytes of one key may arrive split across reads.
///
/// An incomplete sequence at the end of a read (`ESC`, `ESC [`, `ESC [ 1 ;`, part of a
/// UTF-8 scalar) is kept for the next ``decode(_:)``. When no more bytes come within a
/// short time, call ``flush()``: a lone `ESC` then becomes ``Key/escape``.
///
/// Printable characters decoded from one call are grouped into grapheme clusters, so a
/// pasted `"e\u{301}"` or `"👍🏽"` is one ``Key/character(_:)``; a cluster split across two
/// reads arrives as two keys.
public struct KeyDecoder: Sendable {
    /// Bytes of an incomplete sequence, kept for the next call.
    private var pending: [UInt8] = []

    /// The longest escape sequence it waits for; longer ones are reported as unknown.
    static let maximumSequenceLength = 32

    /// Creates a decoder with no pending bytes.
    public init() {}

    /// Whether an incomplete sequence is waiting for more bytes (or for ``flush()``).
    public var hasPendingBytes: Bool { !pending.isEmpty }

    /// Decodes `bytes` (after any pending bytes) and returns the keys they complete.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var text = String.UnicodeScalarView()
        var index = 0

        func flushText() {
            guard !text.isEmpty else { return }
            keys.append(contentsOf: String(text).map(Key.character))
            text = String.UnicodeScalarView()
        }

        scanning: while index < pending.count {
            switch Self.scan(pending, at: index) {
            case .incomplete:
                break scanning
            case .key(let key, let length):
                flushText()
                keys.append(key)
                index += length
            case .ignored(let length):
                flushText()
                index += length
            case .scalar(let scalar, let length):
                text.append(scalar)
                index += length
            }
        }
        flushText()
        pending.removeFirst(index)
        return keys
    }

    /// Ends a pending sequence: a lone `ESC` becomes ``Key/escape``, anything else
    /// ``Key/unknown(_:)`` with its bytes. Returns `[]` when nothing is pending.
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let rest = pending
        pending = []
        return rest == [Byte.escape] ? [.escape] : [.unknown(rest)]
    }

    // MARK: - Scanning

    /// What the bytes at one position turned out to be.
    private enum Scanned {
        /// More bytes are needed to tell.
        case incomplete
        /// A key made of `length` bytes.
        case key(Key, length: Int)
        /// `length` bytes that produce no key (bracketed-paste markers).
        case ignored(length: Int)
        /// A printable scalar made of `length` bytes.
        case scalar(Unicode.Scalar, length: Int)
    }

    private enum Byte {
        static let escape: UInt8 = 0x1B
        static let leftBracket: UInt8 = 0x5B  // [
        static let letterO: UInt8 = 0x4F  // O
        static let tilde: UInt8 = 0x7E
        static let semicolon: UInt8 = 0x3B
    }

    private static func scan(_ bytes: [UInt8], at index: Int) -> Scanned {
        let byte = bytes[index]
        switch byte {
        case Byte.escape:
            guard index + 1 < bytes.count else { return .incomplete }
            switch bytes[index + 1] {
            case Byte.leftBracket: return scanCSI(bytes, at: index)
            case Byte.letterO: return scanSS3(bytes, at: index)
            default: return .key(.escape, length: 1)  // Alt-x: ESC, then x on its own
            }
        case 0x0D:
            let crlf = index + 1 < bytes.count && bytes[index + 1] == 0x0A
            return .key(.enter, length: crlf ? 2 : 1)
        case 0x0A:
            return .key(.enter, length: 1)
        case 0x09:
            return .key(.tab, length: 1)
        case 0x08, 0x7F:
            return .key(.backspace, length: 1)
        case 0x01...0x1A:
            return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x00, 0x1C...0x1F:
            return .key(.unknown([byte]), length: 1)
        case 0x20...0x7E:
            return .scalar(Unicode.Scalar(byte), length: 1)
        default:
            return scanUTF8(bytes, at: index)
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), final (0x40–0x7E).
    private static func scanCSI(_ bytes: [UInt8], at start: Int) -> Scanned {
        var end = start + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        let parameterEnd = end
        while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
        if end - start >= maximumSequenceLength { return overlong(bytes, at: start) }
        guard end < bytes.count else { return .incomplete }
        let final = bytes[end]
        guard (0x40...0x7E).contains(final) else {
            // Malformed: report what came so far and decode the odd byte on its own.
            return .key(.unknown(Array(bytes[start..<end])), length: end - start)
        }
        // The Linux console's F1–F5 are `ESC [ [ A`…`E`: one more byte belongs to them.
        if final == Byte.leftBracket, end == start + 2 {
            guard end + 1 < bytes.count else { return .incomplete }
            let length = (0x40...0x7E).contains(bytes[end + 1]) ? 4 : 3
            return .key(.unknown(Array(bytes[start..<start + length])), length: length)
        }
        let length = end - start + 1
        let hasIntermediates = parameterEnd != end
        let parameters = hasIntermediates ? nil : numericParameters(bytes[(start + 2)..<parameterEnd])
        switch parameters.map({ csiMeaning(parameters: $0, final: final) }) {
        case .key(let key)?: return .key(key, length: length)
        case .ignored?: return .ignored(length: length)
        case .unknown?, nil: return .key(.unknown(Array(bytes[start..<start + length])), length: length)
        }
    }

    /// `ESC O`, optional digits (a modifier some terminals send), then a final byte.
    private static func scanSS3(_ bytes: [UInt8], at start: Int) -> Scanned {
        var end = start + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        if end - start >= maximumSequenceLength { return overlong(bytes, at: start) }
        guard end < bytes.count else { return .incomplete }
        let final = bytes[end]
        guard (0x40...0x7E).contains(final) else {
            return .key(.unknown(Array(bytes[start..<end])), length: end - start)
        }
        let length = end - start + 1
        if numericParameters(bytes[(start + 2)..<end]) != nil, let key = cursorKey(final) {
            return .key(key, length: length)
        }
        return .key(.unknown(Array(bytes[start..<start + length])), length: length)
    }

    /// A sequence that reached ``maximumSequenceLength`` without ending: exactly that many bytes become
    /// one unknown key, the rest is decoded afresh. Cutting at the limit, not at the end of what this
    /// read happened to hold, gives the same keys however the bytes are split across reads.
    private static func overlong(_ bytes: [UInt8], at start: Int) -> Scanned {
        .key(.unknown(Array(bytes[start..<start + maximumSequenceLength])), length: maximumSequenceLength)
    }

    private enum Meaning {
        case key(Key)
        case ignored
        case unknown
    }

    /// The key of a CSI sequence from its numeric parameters and final byte.
    private static func csiMeaning(parameters: [Int?], final: UInt8) -> Meaning {
        let first = parameters.first ?? nil
        if final == Byte.tilde {
            switch first {
            case 1?, 7?: return .key(.home)
            case 4?, 8?: return .key(.end)
            case 3?: return .key(.delete)
            case 5?: return .key(.pageUp)
            case 6?: return .key(.pageDown)
            case 200?, 201?: return .ignored  // bracketed paste start and end
            default: return .unknown
            }
        }
        // `ESC [ A`, or `ESC [ 1 ; 5 A` with a modifier, which is ignored.
        guard first == nil || first == 1, let key = cursorKey(final) else { return .unknown }
        return .key(key)
    }

    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: return .up  // A
        case 0x42: return .down  // B
        case 0x43: return .right  // C
        case 0x44: return .left  // D
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        default: return nil
        }
    }

    /// Parameters made only of digits and `;`, each field a number or `nil` when empty;
    /// `nil` when other parameter bytes (`<`, `=`, `>`, `?`, `:`) occur.
    private static func numericParameters(_ bytes: ArraySlice<UInt8>) -> [Int?]? {
        guard !bytes.isEmpty else { return [] }
        var fields: [Int?] = [nil]
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let digit = Int(byte - 0x30)
                let current = fields[fields.count - 1] ?? 0
                // Saturate instead of overflowing on absurdly long numbers.
                fields[fields.count - 1] = current > 100_000 ? current : current * 10 + digit
            case Byte.semicolon:
                fields.append(nil)
            default:
                return nil
            }
        }
        return fields
    }

    private static func scanUTF8(_ bytes: [UInt8], at start: Int) -> Scanned {
        let lead = bytes[start]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return .key(.unknown([lead]), length: 1)  // stray continuation or invalid byte
        }
        for offset in 1..<length {
            guard start + offset < bytes.count else { return .incomplete }
            let byte = bytes[start + offset]
            // The second byte's range rules out overlong forms, surrogates and > U+10FFFF.
            let allowed: ClosedRange<UInt8>
            switch (offset, lead) {
            case (1, 0xE0): allowed = 0xA0...0xBF
            case (1, 0xED): allowed = 0x80...0x9F
            case (1, 0xF0): allowed = 0x90...0xBF
            case (1, 0xF4): allowed = 0x80...0x8F
            default: allowed = 0x80...0xBF
            }
            guard allowed.contains(byte) else {
                return .key(.unknown(Array(bytes[start..<start + offset])), length: offset)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let encoded = Array(bytes[start..<start + length])
        guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else {
            return .key(.unknown(encoded), length: length)  // C1 control characters
        }
        return .scalar(scalar, length: length)
    }
}
