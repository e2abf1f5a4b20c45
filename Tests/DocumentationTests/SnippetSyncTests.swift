import Foundation
import TestSupport
import XCTest

/// Checks that the documentation's Swift code is the package's compiled code (see SnippetSync.swift).
final class SnippetSyncTests: XCTestCase {
    /// The Markdown files whose ```swift blocks are checked: the README and every DocC article.
    private static func documents(in root: URL) -> [URL] {
        var documents = [root.appendingPathComponent("README.md")]
        documents += files(under: root.appendingPathComponent("Sources")) {
            $0.pathExtension == "md" && $0.path.contains(".docc/")
        }
        return documents
    }

    /// The `.swift` files below `directory`, sorted, for which `include` holds.
    private static func files(under directory: URL, where include: (URL) -> Bool) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if include(url) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    func testEverySwiftBlockOfTheDocumentationIsCompiledCode() throws {
        let root = TestPaths.packageRoot
        let relative = { (url: URL) in String(url.path.dropFirst(root.path.count + 1)) }

        var snippets: [String: Snippet] = [:]
        var problems: [String] = []
        for directory in ["Sources", "Tests"] {
            for file in Self.files(under: root.appendingPathComponent(directory), where: { $0.pathExtension == "swift" }) {
                let found = SnippetSync.snippets(in: try String(contentsOf: file, encoding: .utf8), path: relative(file))
                problems += found.problems
                for snippet in found.snippets {
                    if let other = snippets[snippet.name] {
                        problems.append("\(snippet.location): the snippet \"\(snippet.name)\" is also marked at \(other.location)")
                    }
                    snippets[snippet.name] = snippet
                }
            }
        }

        let update = ProcessInfo.processInfo.environment["VMK_UPDATE_SNIPPETS"] == "1"
        var used: Set<String> = []
        let documents = Self.documents(in: root)
        XCTAssertGreaterThan(documents.count, 1, "no DocC article was found below Sources/")
        for document in documents {
            var text = try String(contentsOf: document, encoding: .utf8)
            if update {
                let updated = SnippetSync.updated(text, snippets: snippets)
                if updated != text { try updated.write(to: document, atomically: true, encoding: .utf8) }
                text = updated
            }
            problems += SnippetSync.problems(inMarkdown: text, path: relative(document), snippets: snippets)
            for block in SnippetSync.swiftBlocks(in: text) {
                if case .snippet(let name) = block.marker { used.insert(name) }
            }
        }
        for snippet in snippets.values.sorted(by: { $0.location < $1.location }) where !used.contains(snippet.name) {
            problems.append("\(snippet.location): no document shows the snippet \"\(snippet.name)\"")
        }
        if !problems.isEmpty { XCTFail(problems.joined(separator: "\n")) }
    }

    // MARK: The checks themselves

    /// A marker line, built so that this file marks no snippet of its own.
    private func start(_ name: String) -> String { "//" + " snippet: " + name }
    private let end = "//" + " end snippet"

    func testARegionIsTakenLessItsIndentationAndWithoutNestedMarkers() {
        let text = [
            "struct S {", "    " + start("outer"), "    func f() {", "        " + start("inner"),
            "        g()", "        " + end, "    }", "    " + end, "}",
        ].joined(separator: "\n")
        let found = SnippetSync.snippets(in: text, path: "S.swift")
        XCTAssertEqual(found.problems, [])
        XCTAssertEqual(found.snippets.map(\.name), ["inner", "outer"])
        XCTAssertEqual(found.snippets.first { $0.name == "outer" }?.lines, ["func f() {", "    g()", "}"])
        XCTAssertEqual(found.snippets.first { $0.name == "inner" }?.lines, ["g()"])
        XCTAssertEqual(found.snippets.first { $0.name == "outer" }?.location, "S.swift:2")
    }

    func testAnUnendedOrRepeatedRegionIsReported() {
        let text = [start("a"), "x()", end, start("a"), "y()", end, start("b"), "z()"].joined(separator: "\n")
        XCTAssertEqual(SnippetSync.snippets(in: text, path: "S.swift").problems, [
            "S.swift:4: the snippet \"a\" is marked twice",
            "S.swift:7: the snippet \"b\" has no \"// end snippet\"",
        ])
    }

    func testEachSwiftBlockMustBeASnippetOrSayWhyNot() {
        let snippets = ["a": Snippet(name: "a", location: "S.swift:1", lines: ["x()"])]
        let markdown = [
            "<!-- snippet: a -->", "```swift", "x()", "```",                 // matches
            "<!-- not compiled: SwiftUI -->", "```swift", "View()", "```",   // says why
            "```text", "plain", "```",                                       // not Swift
            "```swift", "y()", "```",                                        // unmarked
            "<!-- not compiled -->", "```swift", "z()", "```",               // no reason
            "<!-- snippet: a -->", "```swift", "x(1)", "```",                // drifted
            "<!-- snippet: b -->", "```swift", "w()", "```",                 // unknown
        ].joined(separator: "\n")
        let problems = SnippetSync.problems(inMarkdown: markdown, path: "A.md", snippets: snippets)
        XCTAssertEqual(problems.count, 4, problems.joined(separator: "\n"))
        XCTAssertTrue(problems[0].hasPrefix("A.md:12: a swift block that is not compiled"), problems[0])
        XCTAssertTrue(problems[1].hasPrefix("A.md:16: \"not compiled\" needs a reason"), problems[1])
        XCTAssertTrue(problems[2].hasPrefix("A.md:20: the block differs from the snippet \"a\" at S.swift:1"), problems[2])
        XCTAssertTrue(problems[2].hasSuffix("  line 1 of the block:\n  − x(1)\n  + x()"), problems[2])
        XCTAssertEqual(problems[3], "A.md:24: no Swift file marks the snippet \"b\"")
    }

    func testUpdatingRewritesOnlySnippetBlocks() {
        let snippets = ["a": Snippet(name: "a", location: "S.swift:1", lines: ["x()", "y()"])]
        let markdown = ["# T", "<!-- snippet: a -->", "```swift", "old()", "```", "```swift", "keep()", "```", ""]
        let updated = SnippetSync.updated(markdown.joined(separator: "\n"), snippets: snippets)
        XCTAssertEqual(updated, ["# T", "<!-- snippet: a -->", "```swift", "x()", "y()", "```", "```swift", "keep()", "```", ""]
            .joined(separator: "\n"))
    }
}
