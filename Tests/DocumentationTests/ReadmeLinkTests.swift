import Foundation
import TestSupport
import XCTest

/// Every link of the README and CONTRIBUTING.md leads to a file of the repository (or a heading of
/// the same page), so that a reader of a fresh clone finds what it names.
final class ReadmeLinkTests: XCTestCase {
    func testEveryLinkResolvesWithinTheRepository() throws {
        let root = TestPaths.packageRoot
        var problems: [String] = []
        for name in ["README.md", "CONTRIBUTING.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            let headings = Set(text.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map(Self.anchor))
            for target in Self.linkTargets(in: text) {
                if target.hasPrefix("#") {
                    if !headings.contains(String(target.dropFirst())) { problems.append("\(name): no heading for \(target)") }
                } else if target.contains("://") || target.hasPrefix("mailto:") {
                    problems.append("\(name): \(target) leads outside the repository")
                } else {
                    let path = String(target.prefix { $0 != "#" })
                    if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                        problems.append("\(name): \(target) does not exist")
                    }
                }
            }
        }
        if !problems.isEmpty { XCTFail(problems.joined(separator: "\n")) }
    }

    func testLinksAreFoundOutsideCodeOnly() {
        let text = "See [a](A.md) and [b](B.md#x).\n```text\n[c](C.md)\n```\n`[d](D.md)`"
        XCTAssertEqual(Self.linkTargets(in: text), ["A.md", "B.md#x"])
    }

    /// The targets of the inline links `[text](target)` outside code blocks and code spans.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var inBlock = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inBlock.toggle(); continue }
            if inBlock { continue }
            // Code spans: drop the text between pairs of backticks.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
        }
        return targets
    }

    /// GitHub's anchor for a heading line: lower-cased, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            .replacingOccurrences(of: " ", with: "-")
    }
}
