import Foundation

// MARK: - Public surface

/// A type that supplies its own single-line text for `dumpText(_:)` and `diffText(_:_:)`,
/// replacing the structure that `Mirror` would otherwise reveal.
package protocol CustomDumpStringConvertible {
    /// The single line rendered in place of the value's reflected children.
    var customDumpDescription: String { get }
}

/// A type that names itself in dumps (e.g. a view model snapshot that renders as the view model).
package protocol CustomDumpTypeName {
    /// The name rendered before the opening parenthesis.
    var customDumpTypeName: String { get }
}

/// Renders `value` as Swift-like text, one element per line, indented by two spaces per level.
///
/// Rules (applied recursively through `Mirror`):
/// - Structs and classes render as `TypeName(` … `)` with one `label: value,` line per child
///   (no comma after the last child); type names drop the module prefix (`Outer.Inner`,
///   `Box<[Int]>`). A childless type renders `TypeName()`. A class instance that is already
///   being rendered further up renders `TypeName(↩︎)`.
/// - Enums render `.case`, `.case(payload)` or `.case(label: value, …)`; optionals render
///   `nil` or the wrapped value.
/// - Arrays render `[0]: value` lines, sets the same after sorting elements by their text,
///   dictionaries `key: value` lines sorted by the key's text; empty forms are `[]` and `[:]`.
/// - Strings are Swift literals with escapes (`"a\nb"`), `URL(…)`, `Date(ISO 8601, UTC)`,
///   `UUID(…)`, `Data(N bytes)`; numbers and Bool as Swift prints them.
/// - `CustomDumpStringConvertible` values render as their `customDumpDescription`.
/// - A container whose children are all single lines and whose one-line form
///   (`TypeName(a: 1, b: "x")`, `[1, 2]`, `["k": 1]`) is at most 80 characters stays on one line.
/// - A value conforming to ``CustomDumpTypeName`` renders under that name instead of its type's.
/// - A snapshot's shared value renders at the place nearest the root that holds it; every other
///   place reads `(shared: see AppViewModel.stats)`.
package func dumpText(_ value: Any) -> String {
    var builder = DumpTreeBuilder()
    return builder.node(for: dumpedRoot(value)).render()
}

/// `value` as a dump starts from it: a snapshot shows each shared value once.
func dumpedRoot(_ value: Any) -> Any {
    (value as? StateSnapshot)?.showingSharedValuesOnce() ?? value
}

/// `old` and `new` as a diff starts from them: each snapshot shows each shared value once, and a
/// place both have shows the value on both sides when only one would name another place.
func dumpedRoots(_ old: Any, _ new: Any) -> (old: Any, new: Any) {
    guard let old = old as? StateSnapshot, let new = new as? StateSnapshot else {
        return (dumpedRoot(old), dumpedRoot(new))
    }
    return StateSnapshot.showingSharedValuesOnce(old, new)
}

// MARK: - Intermediate tree

/// One rendered value: either a scalar line or a container of labelled children.
struct DumpNode {
    /// What the node represents; two nodes are structurally comparable only if kinds match.
    enum Kind: Equatable {
        case scalar
        case structure(String)
        case enumCase(type: String, name: String)
        case tuple
        case collection(String)
        case set(String)
        case dictionary(String)
    }

    /// The node's kind.
    var kind: Kind
    /// Opening text for containers (`State(`, `[`, `.loaded(`); the full text for scalars.
    var open: String
    /// Closing text for containers (`)` or `]`).
    var close: String
    /// Children in display order.
    var children: [DumpEntry]
    /// The complete value on a single line, regardless of length.
    var flat: String
    /// Whether the dump renders this node on a single line.
    var fitsOnOneLine: Bool
    /// `Identifiable.id` of the value, when it has one (used to align array elements).
    var identity: AnyHashable?

    /// The maximum length of a container's one-line form.
    static let inlineLimit = 80

    /// A leaf rendered as `text`.
    static func scalar(_ text: String) -> DumpNode {
        DumpNode(
            kind: .scalar, open: text, close: "", children: [], flat: text,
            fitsOnOneLine: true, identity: nil
        )
    }

    /// A container; `inlineLabels` says whether labels appear in the one-line form.
    static func group(
        _ kind: Kind, open: String, close: String, empty: String,
        inlineLabels: Bool, children: [DumpEntry]
    ) -> DumpNode {
        guard !children.isEmpty else {
            return DumpNode(
                kind: kind, open: open, close: close, children: [], flat: empty,
                fitsOnOneLine: true, identity: nil
            )
        }
        let parts = children.map { entry -> String in
            if inlineLabels, let label = entry.label { return "\(label): \(entry.node.flat)" }
            return entry.node.flat
        }
        let flat = open + parts.joined(separator: ", ") + close
        let fits = flat.count <= inlineLimit && children.allSatisfy { $0.node.fitsOnOneLine }
        return DumpNode(
            kind: kind, open: open, close: close, children: children, flat: flat,
            fitsOnOneLine: fits, identity: nil
        )
    }

    /// Whether the node is a container (as opposed to a scalar line).
    var isContainer: Bool { kind != .scalar }

    /// Relative depth and text of each rendered line, with an optional `label: ` prefix and
    /// trailing comma.
    func lines(label: String?, comma: Bool) -> [(depth: Int, text: String)] {
        let prefix = label.map { "\($0): " } ?? ""
        let suffix = comma ? "," : ""
        if fitsOnOneLine { return [(0, prefix + flat + suffix)] }
        var result: [(depth: Int, text: String)] = [(0, prefix + open)]
        for (index, child) in children.enumerated() {
            let childLines = child.node.lines(label: child.label, comma: index < children.count - 1)
            result += childLines.map { ($0.depth + 1, $0.text) }
        }
        result.append((0, close + suffix))
        return result
    }

    /// The full multi-line dump text.
    func render() -> String {
        lines(label: nil, comma: false)
            .map { String(repeating: "  ", count: $0.depth) + $0.text }
            .joined(separator: "\n")
    }

    /// A one-line stand-in: the full text when it fits, else `TypeName(…)` / `[… N elements]`.
    var folded: String {
        if fitsOnOneLine { return flat }
        switch kind {
        case .collection, .set, .dictionary:
            return "[… \(children.count) \(children.count == 1 ? "element" : "elements")]"
        case .scalar, .structure, .enumCase, .tuple:
            return "\(open)…\(close)"
        }
    }
}

/// A child of a container: its multi-line label (`name`, `[0]`, `"key"`) and its node.
struct DumpEntry {
    /// Label shown before the value, without the `: ` separator.
    var label: String?
    /// The child's rendering.
    var node: DumpNode
}

// MARK: - Building the tree

/// Walks values with `Mirror`, tracking class instances on the current path to cut cycles.
struct DumpTreeBuilder {
    private var visiting: Set<ObjectIdentifier> = []

    /// Builds the render tree for `value`.
    mutating func node(for value: Any) -> DumpNode {
        if let snapshot = value as? StateSnapshot, let entry = snapshot.entry { return node(for: entry) }
        if let snapshot = value as? CaseSnapshot { return caseNode(snapshot) }
        if let shared = value as? SharedSnapshot {
            return shared.shownAt.map { .scalar("(shared: see \($0))") } ?? node(for: shared.value)
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .scalar("nil") }
            return node(for: wrapped)
        }
        if let scalar = scalarText(for: value) { return .scalar(scalar) }
        if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
            return node(for: hashable.base)
        }
        let name = (value as? any CustomDumpTypeName)?.customDumpTypeName ?? dumpTypeName(type(of: value))
        switch mirror.displayStyle {
        case .enum?:
            return enumNode(value, mirror: mirror, typeName: name)
        case .tuple?:
            return .group(
                .tuple, open: "(", close: ")", empty: "()", inlineLabels: true,
                children: tupleEntries(mirror)
            )
        case .collection?:
            let entries = mirror.children.enumerated().map { index, child -> DumpEntry in
                var element = node(for: child.value)
                element.identity = dumpIdentity(of: child.value)
                return DumpEntry(label: "[\(index)]", node: element)
            }
            return .group(
                .collection(name), open: "[", close: "]", empty: "[]", inlineLabels: false,
                children: entries
            )
        case .set?:
            let sorted = mirror.children.map { node(for: $0.value) }.sorted { $0.flat < $1.flat }
            let entries = sorted.enumerated().map { DumpEntry(label: "[\($0.offset)]", node: $0.element) }
            return .group(
                .set(name), open: "[", close: "]", empty: "[]", inlineLabels: false,
                children: entries
            )
        case .dictionary?:
            let entries = mirror.children.map { child -> DumpEntry in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return DumpEntry(label: nil, node: node(for: child.value)) }
                return DumpEntry(label: node(for: pair[0].value).flat, node: node(for: pair[1].value))
            }
            .sorted { ($0.label ?? "") < ($1.label ?? "") }
            return .group(
                .dictionary(name), open: "[", close: "]", empty: "[:]", inlineLabels: true,
                children: entries
            )
        case .class?:
            return classNode(value, mirror: mirror, typeName: name)
        default:
            if mirror.displayStyle == nil, mirror.children.isEmpty {
                return .scalar(String(describing: value))
            }
            return structureNode(mirrors: [mirror], typeName: name)
        }
    }

    /// Text for values rendered as a single fixed line, or nil to reflect the value.
    private func scalarText(for value: Any) -> String? {
        if let custom = value as? any CustomDumpStringConvertible { return custom.customDumpDescription }
        if let string = value as? String { return dumpStringLiteral(string) }
        if let substring = value as? Substring { return dumpStringLiteral(String(substring)) }
        if let character = value as? Character { return dumpStringLiteral(String(character)) }
        if let url = value as? URL { return "URL(\(url.absoluteString))" }
        if let date = value as? Date {
            let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
            return "Date(\(date.formatted(style)))"
        }
        if let uuid = value as? UUID { return "UUID(\(uuid.uuidString))" }
        if let data = value as? Data { return "Data(\(data.count) \(data.count == 1 ? "byte" : "bytes"))" }
        if let decimal = value as? Decimal { return decimal.description }
        if let duration = value as? Duration { return String(describing: duration) }
        if let metatype = value as? Any.Type { return "\(dumpTypeName(metatype)).self" }
        return nil
    }

    private mutating func enumNode(_ value: Any, mirror: Mirror, typeName: String) -> DumpNode {
        guard let payload = mirror.children.first else {
            return .scalar(".\(dumpEnumCaseName(value))")
        }
        let caseName = payload.label ?? dumpEnumCaseName(value)
        let payloadMirror = Mirror(reflecting: payload.value)
        let entries: [DumpEntry]
        if payloadMirror.displayStyle == .tuple {
            entries = tupleEntries(payloadMirror)
        } else {
            entries = [DumpEntry(label: nil, node: node(for: payload.value))]
        }
        return .group(
            .enumCase(type: typeName, name: caseName), open: ".\(caseName)(", close: ")",
            empty: ".\(caseName)()", inlineLabels: true, children: entries
        )
    }

    private mutating func caseNode(_ snapshot: CaseSnapshot) -> DumpNode {
        guard !snapshot.payload.isEmpty else { return .scalar(".\(snapshot.caseName)") }
        let entries = snapshot.payload.map { DumpEntry(label: $0.label, node: node(for: $0.value)) }
        return .group(
            .enumCase(type: snapshot.typeName, name: snapshot.caseName), open: ".\(snapshot.caseName)(", close: ")",
            empty: ".\(snapshot.caseName)()", inlineLabels: true, children: entries
        )
    }

    private mutating func tupleEntries(_ mirror: Mirror) -> [DumpEntry] {
        mirror.children.map { child in
            let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
            return DumpEntry(label: label, node: node(for: child.value))
        }
    }

    private mutating func classNode(_ value: Any, mirror: Mirror, typeName: String) -> DumpNode {
        guard type(of: value) is AnyClass else { return structureNode(mirrors: [mirror], typeName: typeName) }
        let id = ObjectIdentifier(value as AnyObject)
        if visiting.contains(id) { return .scalar("\(typeName)(\u{21A9}\u{FE0E})") }
        visiting.insert(id)
        defer { visiting.remove(id) }
        var chain: [Mirror] = []
        var current: Mirror? = mirror
        while let level = current {
            chain.insert(level, at: 0)
            current = level.superclassMirror
        }
        return structureNode(mirrors: chain, typeName: typeName)
    }

    private mutating func structureNode(mirrors: [Mirror], typeName: String) -> DumpNode {
        var entries: [DumpEntry] = []
        for mirror in mirrors {
            for child in mirror.children {
                entries.append(DumpEntry(label: child.label, node: node(for: child.value)))
            }
        }
        return .group(
            .structure(typeName), open: "\(typeName)(", close: ")", empty: "\(typeName)()",
            inlineLabels: true, children: entries
        )
    }
}

// MARK: - Helpers

/// `value`'s `Identifiable.id`, type-erased, or nil when it is not `Identifiable`.
func dumpIdentity(of value: Any) -> AnyHashable? {
    guard let identifiable = value as? any Identifiable else { return nil }
    return erasedID(identifiable)
}

private func erasedID<Value: Identifiable>(_ value: Value) -> AnyHashable {
    AnyHashable(value.id)
}

@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?

/// The case name of an enum value, independent of any custom description.
package func dumpEnumCaseName(_ value: Any) -> String {
    func caseName<Value>(_ opened: Value) -> String? {
        runtimeEnumCaseName(opened).map { String(cString: $0) }
    }
    return _openExistential(value, do: caseName) ?? String(describing: value)
}

/// `string` as a double-quoted Swift literal with escapes for quotes, backslashes and controls:
/// safe to print on one line, whatever the string holds.
package func dumpStringLiteral(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default:
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// The type's name without module prefixes, with `[T]`, `T?` and `[K: V]` sugar.
package func dumpTypeName(_ type: Any.Type) -> String {
    dumpSimplifiedTypeName(String(reflecting: type))
}

/// Strips module qualifiers and anonymous-context markers from a reflected type name.
func dumpSimplifiedTypeName(_ reflected: String) -> String {
    var text = reflected
    // `Module.(unknown context at $10a3).Local` → `Module.Local`
    while let start = text.range(of: "(unknown context at ") {
        guard let end = text.range(of: ")", range: start.upperBound..<text.endIndex) else { break }
        var upper = end.upperBound
        if upper < text.endIndex, text[upper] == "." { upper = text.index(after: upper) }
        text.removeSubrange(start.lowerBound..<upper)
    }
    // `Module.(Private in _ABC123)` → `Module.Private`
    while let marker = text.range(of: " in _"),
          let open = text.range(of: "(", options: .backwards, range: text.startIndex..<marker.lowerBound),
          let close = text.range(of: ")", range: marker.upperBound..<text.endIndex) {
        let name = String(text[open.upperBound..<marker.lowerBound])
        text.replaceSubrange(open.lowerBound..<close.upperBound, with: name)
    }
    var parser = TypeNameParser(characters: Array(text))
    return parser.parse(stoppingAt: [])
}

/// A tiny recursive-descent reader for reflected type names.
private struct TypeNameParser {
    let characters: [Character]
    var index = 0

    init(characters: [Character]) {
        self.characters = characters
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    mutating func parse(stoppingAt stops: Set<Character>) -> String {
        var output = ""
        while let character = peek(), !stops.contains(character) {
            if character.isLetter || character == "_" {
                let name = readQualifiedName()
                if peek() == "<" {
                    index += 1
                    output += sugared(name, arguments: readGenericArguments())
                } else {
                    output += withoutModule(name)
                }
            } else if character == "(" {
                index += 1
                output += "(" + parse(stoppingAt: [")"])
                if peek() == ")" {
                    index += 1
                    output += ")"
                }
            } else if character == "-", peek(1) == ">" {
                index += 2
                output += "->"
            } else {
                output.append(character)
                index += 1
            }
        }
        return output
    }

    private mutating func readGenericArguments() -> [String] {
        var arguments: [String] = []
        while peek() != nil {
            arguments.append(parse(stoppingAt: [",", ">"]))
            guard let separator = peek() else { break }
            index += 1
            if separator == ">" { break }
            while peek() == " " { index += 1 }
        }
        return arguments
    }

    private mutating func readQualifiedName() -> [String] {
        var parts = [""]
        while let character = peek() {
            if character.isLetter || character.isNumber || character == "_" {
                parts[parts.count - 1].append(character)
                index += 1
            } else if character == ".", let next = peek(1), next.isLetter || next == "_" {
                parts.append("")
                index += 1
            } else {
                break
            }
        }
        return parts
    }

    private func withoutModule(_ parts: [String]) -> String {
        parts.count > 1 ? parts.dropFirst().joined(separator: ".") : parts.joined()
    }

    private func sugared(_ name: [String], arguments: [String]) -> String {
        switch (name.joined(separator: "."), arguments.count) {
        case ("Swift.Array", 1): return "[\(arguments[0])]"
        case ("Swift.Optional", 1): return "\(arguments[0])?"
        case ("Swift.Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return "\(withoutModule(name))<\(arguments.joined(separator: ", "))>"
        }
    }
}
