internal import Foundation
internal import ViewModelKitStateDump
internal import ViewModelKit

/// Writes values as Swift expressions, found by reflection: strings, numbers, booleans, dates,
/// optionals, arrays, dictionaries, tuples, enums (with their associated values) and structs (as a
/// call of their memberwise initializer). Anything else (a class, a closure) has no expression.
///
/// Every string goes through `scrub` first, so nothing secret reaches the source.
struct SwiftLiteralWriter {
    /// A value as an expression tree, laid out on one line or one element per line.
    indirect enum Expression: Equatable {
        /// Text that is never broken.
        case atom(String)
        /// `opening` elements separated by commas `closing`: a call (`Type(` … `)`) or a literal (`[` … `]`).
        case list(opening: String, elements: [Expression], closing: String)
        /// `label: value`.
        case labeled(String, Expression)
    }

    /// What every string passes through before it is written.
    var scrub: (String) -> String = { $0 }
    /// The longest line before a list is broken, one element per line.
    var width = 100
    /// The argument labels of initializers whose order is not the stored properties' order, by type.
    var initializerLabels: [ObjectIdentifier: [String]] = [:]

    /// `value` as a Swift expression, or `nil` if it has none. `column` is where it starts on its
    /// line; the lines after the first are indented relative to that line's start.
    func source(for value: Any, column: Int = 0) -> String? {
        expression(for: value, optional: false).map { render($0, column: column) }
    }

    /// `UUID(7)` (ViewModelKit's readable UUIDs, negative ones too) when `uuid` is one, otherwise
    /// `UUID(uuid: (0x…, …))`, which needs no force unwrap.
    static func uuidSource(_ uuid: UUID) -> String {
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let low = bytes[8...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        if bytes[..<7].allSatisfy({ $0 == 0 }), bytes[7] <= 1, low <= UInt64(Int.max) || (bytes[7] == 1 && low == UInt64(Int.max) + 1) {
            let candidate = bytes[7] == 0 ? Int(low) : (low == UInt64(Int.max) + 1 ? Int.min : -Int(low))
            if UUID(candidate) == uuid { return "UUID(\(candidate))" }
        }
        let hex = bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
        return "UUID(uuid: (" + hex.joined(separator: ", ") + "))"
    }

    /// `value` as an expression tree; `optional` when the value stands where an optional is expected.
    func expression(for value: Any, optional: Bool) -> Expression? {
        switch value {
        case let string as String: return .atom(dumpStringLiteral(scrub(string)))
        case let character as Character: return .atom(dumpStringLiteral(scrub(String(character))))
        case let bool as Bool: return .atom(bool ? "true" : "false")
        case let integer as any BinaryInteger: return .atom("\(integer)")
        case let double as Double: return double.isFinite ? .atom("\(double)") : nil
        case let float as Float: return float.isFinite ? .atom("\(float)") : nil
        case let date as Date: return .atom("Date(timeIntervalSince1970: \(date.timeIntervalSince1970))")
        case let duration as Duration: return .atom(Self.durationSource(duration))
        case let uuid as UUID: return .atom(Self.uuidSource(uuid))
        case let url as URL:
            // `URL(string:)` is optional: it only fits where an optional URL is expected.
            return optional ? .atom("URL(string: \(dumpStringLiteral(scrub(url.absoluteString))))") : nil
        default: break
        }
        let mirror = Mirror(reflecting: value)
        let typeName = dumpTypeName(type(of: value))
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return .atom("nil") }
            return expression(for: wrapped, optional: true)
        case .collection:
            guard let elements = expressions(mirror.children.map(\.value)) else { return nil }
            return .list(opening: "[", elements: elements, closing: "]")
        case .dictionary:
            var pairs: [(key: String, value: Expression)] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2, let key = expression(for: pair[0].value, optional: false),
                      let value = expression(for: pair[1].value, optional: false)
                else { return nil }
                pairs.append((render(key, column: 0), value))
            }
            guard !pairs.isEmpty else { return .atom("[:]") }
            return .list(opening: "[", elements: pairs.sorted { $0.key < $1.key }.map { .labeled($0.key, $0.value) }, closing: "]")
        case .tuple:
            guard let elements = labeledExpressions(mirror) else { return nil }
            return .list(opening: "(", elements: elements, closing: ")")
        case .enum:
            let caseName = dumpEnumCaseName(value)
            guard let payload = mirror.children.first else { return .atom("\(typeName).\(caseName)") }
            let payloadMirror = Mirror(reflecting: payload.value)
            let elements: [Expression]?
            if payloadMirror.displayStyle == .tuple {
                elements = labeledExpressions(payloadMirror)
            } else {
                elements = expression(for: payload.value, optional: false).map { [$0] }
            }
            guard let elements else { return nil }
            return .list(opening: "\(typeName).\(caseName)(", elements: elements, closing: ")")
        case .struct:
            guard var elements = labeledExpressions(mirror) else { return nil }
            if let labels = initializerLabels[ObjectIdentifier(type(of: value))] {
                elements.sort { Self.position(of: $0, in: labels) < Self.position(of: $1, in: labels) }
            }
            return .list(opening: "\(typeName)(", elements: elements, closing: ")")
        default:
            return nil
        }
    }

    private static func position(of element: Expression, in labels: [String]) -> Int {
        guard case .labeled(let label, _) = element else { return labels.count }
        return labels.firstIndex(of: label) ?? labels.count
    }

    /// `duration` as `.seconds(n)`, `.milliseconds(n)` or the finest unit that is whole.
    static func durationSource(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }

    private func expressions(_ values: [Any]) -> [Expression]? {
        var result: [Expression] = []
        for value in values {
            guard let expression = expression(for: value, optional: false) else { return nil }
            result.append(expression)
        }
        return result
    }

    /// The children of a struct or tuple mirror as `label: value` (positional ones without a label).
    private func labeledExpressions(_ mirror: Mirror) -> [Expression]? {
        var result: [Expression] = []
        for child in mirror.children {
            let optional = Mirror(reflecting: child.value).displayStyle == .optional
            guard let expression = expression(for: child.value, optional: optional) else { return nil }
            if let label = child.label, !label.hasPrefix(".") {
                result.append(.labeled(label, expression))
            } else {
                result.append(expression)
            }
        }
        return result
    }

    /// The expression as text: on one line if it fits in ``width`` starting at `column`, otherwise
    /// each element of the outermost list on its own line, four spaces in from the line the
    /// expression starts on (`indent` spaces in from that line's start), and so on inside.
    func render(_ expression: Expression, column: Int, indent: Int = 0) -> String {
        let flat = Self.flat(expression)
        guard column + flat.count > width else { return flat }
        switch expression {
        case .atom: return flat
        case .labeled(let label, let value): return "\(label): " + render(value, column: column + label.count + 2, indent: indent)
        case .list(let opening, let elements, let closing):
            guard !elements.isEmpty else { return flat }
            // The elements start four spaces in from the line this one starts on.
            let lineStart = column - indent
            let inner = String(repeating: " ", count: indent + 4)
            let lines = elements.map { inner + render($0, column: lineStart + indent + 4, indent: indent + 4) }
            return opening + "\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + closing
        }
    }

    private static func flat(_ expression: Expression) -> String {
        switch expression {
        case .atom(let text): text
        case .labeled(let label, let value): "\(label): " + flat(value)
        case .list(let opening, let elements, let closing): opening + elements.map(flat).joined(separator: ", ") + closing
        }
    }
}

extension String {
    /// The string with zeros in front, up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
