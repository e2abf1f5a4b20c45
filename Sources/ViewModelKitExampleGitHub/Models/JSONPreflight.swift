package import Foundation
internal import ViewModelKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import ViewModelKitStateDump

/// A look at a body around `JSONDecoder`, so that what GitHub, a proxy or a hand-edited fixture sends
/// fails with a reason a person can act on instead of "The given data was not valid JSON".
///
/// Before decoding (``check(_:expecting:elementKeys:)``, one pass that skips string contents with
/// `memchr`, without recursing): an empty body, an HTML page, a JSON
/// object where an array was expected (quoting GitHub's `message`), a scalar, nesting deeper than
/// ``maximumDepth``, and a key the decoder reads occurring twice in one element. After the decoder
/// refused a body (``explain(_:)``): invalid UTF-8 and where, a string or container left open.
package enum JSONPreflight {
    /// What the top level must be.
    package enum Shape: Sendable {
        case array
        case object
    }

    /// A reason a body was refused.
    package struct Failure: Error, Equatable, Sendable {
        /// The phrase, e.g. `"the body is empty"`.
        package var reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }

    /// The deepest nesting accepted. GitHub's repository objects nest 3 levels; Foundation's parser
    /// gives up at 512 with an unhelpful message.
    package static let maximumDepth = 100

    /// Checks `data` before decoding; returns the bytes the decoder should read (without a UTF-8
    /// byte-order mark).
    /// - Parameter elementKeys: The keys the decoder reads from each element (each object of the top
    ///   array, or the top object itself); one of them twice in the same element is refused, because
    ///   which value wins would be arbitrary. Duplicates of other keys change nothing and pass.
    /// - Throws: ``Failure`` with the reason, for the caller to place in an error naming the input.
    package static func check(_ data: Data, expecting shape: Shape, elementKeys: [String]) throws(Failure) -> Data {
        let body = try checkShape(data, expecting: shape)
        try checkContents(body, expecting: shape, elementKeys: elementKeys)
        return body
    }

    /// The checks of ``check(_:expecting:elementKeys:)`` that read only the start of the body: empty,
    /// HTML, a scalar, the wrong kind of container. Returns the body without a byte-order mark.
    package static func checkShape(_ data: Data, expecting shape: Shape) throws(Failure) -> Data {
        var body = data
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let first = body.first(where: { !isWhitespace($0) }) else {
            throw Failure(data.isEmpty ? "the body is empty" : "the body is only white space")
        }
        let expected = shape == .array ? "array" : "object"
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            break
        case UInt8(ascii: "<"):
            throw Failure("not JSON (looks like HTML\(htmlTitle(body).map { ": \(dumpStringLiteral($0))" } ?? ""))")
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = String(decoding: body.drop { isWhitespace($0) }.prefix(16), as: UTF8.self)
            throw Failure("expected a JSON \(expected), but the body is \(dumpStringLiteral(start))…")
        default:
            throw Failure(utf8Problem(body) ?? "not JSON (it starts with \(dumpStringLiteral(String(decoding: body.prefix(16), as: UTF8.self))))")
        }
        if shape == .array, first == UInt8(ascii: "{") {
            let message = messageField(body).map { " with message \(dumpStringLiteral($0))" } ?? ""
            throw Failure("expected a JSON array, but the body is a JSON object" + message)
        }
        if shape == .object, first == UInt8(ascii: "[") {
            throw Failure("expected a JSON object, but the body is a JSON array")
        }
        return body
    }

    /// The checks of ``check(_:expecting:elementKeys:)`` that read the whole body (nesting depth,
    /// duplicate element keys), for a body ``checkShape(_:expecting:)`` returned.
    package static func checkContents(_ body: Data, expecting shape: Shape, elementKeys: [String]) throws(Failure) {
        try scan(body, elementDepth: shape == .array ? 2 : 1, elementKeys: elementKeys.map { Array($0.utf8) })
    }

    /// Why the decoder may have refused `body`, if it is one of the faults the decoder words poorly:
    /// invalid UTF-8 (and where), a string or containers never closed, or something after a complete
    /// array or object. `nil` if none of those.
    package static func explain(_ body: Data) -> String? {
        if let problem = utf8Problem(body) { return problem }
        var depth = 0
        var closed = false
        var index = body.startIndex
        while index < body.endIndex {
            if closed, !isWhitespace(body[index]) {
                return "valid JSON followed by something else at byte \(index - body.startIndex) (it starts with "
                    + "\(dumpStringLiteral(String(decoding: body[index...].prefix(16), as: UTF8.self))))"
            }
            switch body[index] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(body, openingQuote: index) else {
                    return "truncated: a string starting at byte \(index - body.startIndex) is never closed"
                }
                index = end
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                closed = depth == 0
            default:
                break
            }
            index += 1
        }
        return depth > 0 ? "truncated: \(depth) array(s) or object(s) are never closed" : nil
    }

    // MARK: - The fast scan

    /// Checks nesting depth and duplicate element keys, skipping string contents with `memchr`.
    private static func scan(_ body: Data, elementDepth: Int, elementKeys: [[UInt8]]) throws(Failure) {
        let failure: Failure? = body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Failure? in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            var depth = 0
            var index = 0
            var element = -1  // the index of the current element of the top array
            var inElementObject = false
            var expectsKey = false
            var seen: UInt64 = 0  // which of `elementKeys` the current element has
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = closingQuote(base, count: count, openingQuote: index) else { return nil }  // the decoder reports it
                    if expectsKey, depth == elementDepth, inElementObject {
                        expectsKey = false
                        let key = UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<end])
                        if let slot = elementKeys.firstIndex(where: { $0.count == key.count && $0.elementsEqual(key) }), slot < 64 {
                            let bit: UInt64 = 1 << UInt64(slot)
                            if seen & bit != 0 {
                                let place = elementDepth == 2 ? "the element at [\(element)]" : "the object"
                                return Failure("duplicate key \(dumpStringLiteral(String(decoding: key, as: UTF8.self))) in \(place) (at byte \(index))")
                            }
                            seen |= bit
                        }
                    }
                    index = end
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard depth < maximumDepth else {
                        return Failure("nested more than \(maximumDepth) levels deep (at byte \(index))")
                    }
                    depth += 1
                    if depth == elementDepth {
                        if elementDepth == 2 { element += 1 }
                        inElementObject = bytes[index] == UInt8(ascii: "{")
                        expectsKey = inElementObject
                        seen = 0
                    }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == elementDepth, inElementObject { expectsKey = true }
                default:
                    break
                }
                index += 1
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// The index of the quote that closes the string opened at `openingQuote`, found with `memchr`.
    private static func closingQuote(_ base: UnsafeRawPointer, count: Int, openingQuote: Int) -> Int? {
        var from = openingQuote + 1
        while from < count {
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), count - from) else { return nil }
            let quote = base.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while quote - backslashes - 1 > openingQuote,
                  base.load(fromByteOffset: quote - backslashes - 1, as: UInt8.self) == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return nil
    }

    /// The same as ``closingQuote(_:count:openingQuote:)`` on `Data` indices (for the slow path).
    private static func stringEnd(_ body: Data, openingQuote: Data.Index) -> Data.Index? {
        body.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            return closingQuote(base, count: bytes.count, openingQuote: openingQuote - body.startIndex).map { $0 + body.startIndex }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Where `body` stops being UTF-8, if it does.
    private static func utf8Problem(_ body: Data) -> String? {
        guard String(validating: body, as: UTF8.self) == nil else { return nil }
        return "not UTF-8 text (invalid byte sequence at byte \(firstInvalidUTF8Offset(body)))"
    }

    /// The offset of the first byte that breaks UTF-8.
    private static func firstInvalidUTF8Offset(_ body: Data) -> Int {
        var bytes = body.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error, .emptyInput: return offset
            }
        }
    }

    /// The text of an HTML page's `<title>`, if short and present.
    private static func htmlTitle(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        guard let open = text.range(of: "<title>", options: .caseInsensitive),
              let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
        else { return nil }
        let title = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? nil : String(title.prefix(120))
    }

    /// GitHub's error bodies say what went wrong in `message`.
    private static func messageField(_ body: Data) -> String? {
        guard body.count <= 1 << 20,
              let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let message = object["message"] as? String
        else { return nil }
        return String(message.prefix(200))
    }
}
