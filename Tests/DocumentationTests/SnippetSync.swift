import Foundation

// The documentation's Swift code is compiled: every ```swift block of the README and of the DocC
// articles is a copy of a marked region of a Swift file in this package, or says why it is not.
//
// In a Swift file (a test here, or a source file):
//
//     // snippet: counter-view-model
//     @MainActor final class CounterViewModel: ViewModel { … }
//     // end snippet
//
// In the Markdown, on the line before the block:
//
//     <!-- snippet: counter-view-model -->
//     ```swift
//     …
//     ```
//
// or `<!-- not compiled: why -->` for a block that cannot be compiled here (SwiftUI, TCA). A region's
// lines are taken as written, less their common indentation; marker lines of other regions inside it
// are left out. `VMK_UPDATE_SNIPPETS=1 swift test --filter DocumentationTests` rewrites the blocks from
// the regions.

/// A marked region of a Swift file.
struct Snippet: Equatable {
    /// The region's name.
    var name: String
    /// Where it starts, as `path:line`, for messages.
    var location: String
    /// Its lines, less their common indentation.
    var lines: [String]
}

/// A ```swift block of a Markdown file and what the line before it says about it.
struct MarkdownCodeBlock: Equatable {
    /// What the line before the opening fence marks the block as.
    enum Marker: Equatable {
        /// `<!-- snippet: name -->`: a copy of the region `name`.
        case snippet(String)
        /// `<!-- not compiled: why -->`.
        case notCompiled(String)
        /// Nothing: a defect.
        case none
    }

    var marker: Marker
    /// The 1-based line of the opening fence.
    var fenceLine: Int
    /// The block's lines, between the fences.
    var lines: [String]
    /// The 0-based range of `lines` in the file's lines.
    var range: Range<Int>
}

/// Parsing and checking of snippets. Pure functions over text, so that the checks are tested too.
enum SnippetSync {
    /// The regions marked in `text`, the Swift file at `path`. A region that is never ended, or a name
    /// used twice in one file, is reported in `problems`.
    static func snippets(in text: String, path: String) -> (snippets: [Snippet], problems: [String]) {
        let lines = text.components(separatedBy: "\n")
        var open: [(name: String, start: Int, lines: [String])] = []
        var found: [Snippet] = []
        var problems: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let name = value(of: "// snippet:", in: trimmed) {
                if open.contains(where: { $0.name == name }) || found.contains(where: { $0.name == name }) {
                    problems.append("\(path):\(index + 1): the snippet \"\(name)\" is marked twice")
                }
                open.append((name, index + 1, []))
            } else if trimmed == "// end snippet" {
                guard let last = open.popLast() else {
                    problems.append("\(path):\(index + 1): \"// end snippet\" without a \"// snippet: name\" before it")
                    continue
                }
                found.append(Snippet(name: last.name, location: "\(path):\(last.start)", lines: dedented(last.lines)))
            } else {
                for i in open.indices { open[i].lines.append(line) }
            }
        }
        for region in open {
            problems.append("\(path):\(region.start): the snippet \"\(region.name)\" has no \"// end snippet\"")
        }
        return (found, problems)
    }

    /// The ```swift blocks of the Markdown `text`.
    static func swiftBlocks(in text: String) -> [MarkdownCodeBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [MarkdownCodeBlock] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { index += 1; continue }
            let language = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let start = index + 1
            var end = start
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            if language == "swift" {
                blocks.append(MarkdownCodeBlock(
                    marker: marker(before: index, in: lines), fenceLine: index + 1,
                    lines: Array(lines[start..<min(end, lines.count)]), range: start..<min(end, lines.count)
                ))
            }
            index = end + 1
        }
        return blocks
    }

    /// What each ```swift block of `text` (the Markdown file at `path`) does wrong against `snippets`.
    static func problems(inMarkdown text: String, path: String, snippets: [String: Snippet]) -> [String] {
        swiftBlocks(in: text).compactMap { block in
            switch block.marker {
            case .notCompiled(let why) where !why.isEmpty:
                return nil
            case .notCompiled:
                return "\(path):\(block.fenceLine): \"not compiled\" needs a reason: <!-- not compiled: why -->"
            case .none:
                return "\(path):\(block.fenceLine): a swift block that is not compiled; put its code in a test "
                    + "between \"// snippet: NAME\" and \"// end snippet\" and mark the block <!-- snippet: NAME -->, "
                    + "or say why not: <!-- not compiled: why -->"
            case .snippet(let name):
                guard let snippet = snippets[name] else {
                    return "\(path):\(block.fenceLine): no Swift file marks the snippet \"\(name)\""
                }
                guard snippet.lines != block.lines else { return nil }
                return "\(path):\(block.fenceLine): the block differs from the snippet \"\(name)\" at "
                    + "\(snippet.location); rewrite it with VMK_UPDATE_SNIPPETS=1 swift test --filter DocumentationTests\n"
                    + firstDifference(block.lines, snippet.lines)
            }
        }
    }

    /// `text` with each snippet block replaced by its snippet's current lines.
    static func updated(_ text: String, snippets: [String: Snippet]) -> String {
        var lines = text.components(separatedBy: "\n")
        for block in swiftBlocks(in: text).reversed() {
            guard case .snippet(let name) = block.marker, let snippet = snippets[name] else { continue }
            lines.replaceSubrange(block.range, with: snippet.lines)
        }
        return lines.joined(separator: "\n")
    }

    private static func marker(before fence: Int, in lines: [String]) -> MarkdownCodeBlock.Marker {
        guard fence > 0 else { return .none }
        let line = lines[fence - 1].trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return .none }
        let inner = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if let name = value(of: "snippet:", in: inner) { return .snippet(name) }
        if let why = value(of: "not compiled:", in: inner) { return .notCompiled(why) }
        if inner == "not compiled" { return .notCompiled("") }
        return .none
    }

    private static func value(of prefix: String, in text: String) -> String? {
        guard text.hasPrefix(prefix) else { return nil }
        return text.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }

    private static func dedented(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }
    }

    private static func firstDifference(_ block: [String], _ snippet: [String]) -> String {
        var index = 0
        while index < block.count, index < snippet.count, block[index] == snippet[index] { index += 1 }
        let shown = index < block.count ? block[index] : "(the block ends)"
        let expected = index < snippet.count ? snippet[index] : "(the snippet ends)"
        return "  line \(index + 1) of the block:\n  − \(shown)\n  + \(expected)"
    }
}
