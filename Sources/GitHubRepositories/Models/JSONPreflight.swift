package import Foundation
internal import ViewModelKit

/// A cheap look at a body before `JSONDecoder` sees it, so that what GitHub, a proxy or a hand-edited
/// fixture sends fails with a reason a person can act on instead of "not valid JSON".
///
/// One pass over the bytes, outside string literals, tells: an empty body, an HTML page, a JSON object
/// where an array was expected (with GitHub's `message`), invalid UTF-8, nesting deeper than
/// ``maximumDepth``, a string left open, and a key that occurs twice in one object. It does not
/// validate the rest of the grammar: the decoder does that.
package enum JSONPreflight {
    /// What the top level must be.
    package enum Shape: Sendable {
        case array
        case object
    }

    /// The deepest nesting accepted. GitHub's repository objects nest 3 levels; Foundation's parser
    /// gives up at 512 with an unhelpful message.
    package static let maximumDepth = 100

    /// Checks `data`; returns the bytes the decoder should read (without a UTF-8 byte-order mark).
    /// - Throws: The reason, as one phrase (`"the body is empty"`), for the caller to place in an error.
    package static func check(_ data: Data, expecting shape: Shape) throws(Failure) -> Data {
        var body = data
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let first = body.first(where: { !isWhitespace($0) }) else {
            throw Failure(data.isEmpty ? "the body is empty" : "the body is only white space")
        }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw Failure("not UTF-8 text (invalid byte sequence at byte \(firstInvalidUTF8Offset(body)))")
        }
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            break
        case UInt8(ascii: "<"):
            throw Failure("not JSON (looks like HTML\(htmlTitle(body).map { ": \(dumpStringLiteral($0))" } ?? ""))")
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = String(decoding: body.drop { isWhitespace($0) }.prefix(16), as: UTF8.self)
            throw Failure("expected a JSON \(shape == .array ? "array" : "object"), but the body is \(dumpStringLiteral(start))…")
        default:
            throw Failure("not JSON (it starts with \(dumpStringLiteral(String(decoding: body.prefix(16), as: UTF8.self))))")
        }
        try scan(body)
        switch (shape, first) {
        case (.array, UInt8(ascii: "{")):
            throw Failure("expected a JSON array, but the body is a JSON object" + messageField(body).map { " with message \(dumpStringLiteral($0))" }.orEmpty)
        case (.object, UInt8(ascii: "[")):
            throw Failure("expected a JSON object, but the body is a JSON array")
        default:
            return body
        }
    }

    /// A reason a body was refused.
    package struct Failure: Error, Equatable, Sendable {
        /// The phrase, e.g. `"the body is empty"`.
        package var reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }

    // MARK: - The scan

    /// An open container: an array, or an object with the keys seen so far and whether a key comes next.
    private struct Container {
        var isObject: Bool
        var expectsKey: Bool
        var keys: Set<[UInt8]> = []
    }

    /// Checks nesting, string termination and duplicate keys in one pass.
    private static func scan(_ body: Data) throws(Failure) {
        let failure: Failure? = body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Failure? in
            var stack: [Container] = []
            var index = 0
            let count = bytes.count
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    var end = index + 1
                    while end < count, bytes[end] != UInt8(ascii: "\"") {
                        end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    guard end < count else { return Failure("truncated: a string starting at byte \(index) is never closed") }
                    if let top = stack.indices.last, stack[top].isObject, stack[top].expectsKey {
                        let key = Array(bytes[(index + 1)..<end])
                        guard stack[top].keys.insert(key).inserted else {
                            return Failure("duplicate key \(dumpStringLiteral(String(decoding: key, as: UTF8.self))) in one object (at byte \(index))")
                        }
                        stack[top].expectsKey = false
                    }
                    index = end + 1
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard stack.count < maximumDepth else {
                        return Failure("nested more than \(maximumDepth) levels deep (at byte \(index))")
                    }
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    stack.append(Container(isObject: isObject, expectsKey: isObject))
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    _ = stack.popLast()
                case UInt8(ascii: ","):
                    if let top = stack.indices.last, stack[top].isObject { stack[top].expectsKey = true }
                default:
                    break
                }
                index += 1
            }
            return stack.isEmpty ? nil : Failure("truncated: \(stack.count) array(s) or object(s) are never closed")
        }
        if let failure { throw failure }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The offset of the first byte that breaks UTF-8 (only called when validation failed).
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
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let message = object["message"] as? String
        else { return nil }
        return String(message.prefix(200))
    }
}

extension Optional<String> {
    fileprivate var orEmpty: String { self ?? "" }
}
