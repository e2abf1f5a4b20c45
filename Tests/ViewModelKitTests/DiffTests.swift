import Foundation
import XCTest
@testable import ViewModelKit


private struct Empty {}

private struct Point {
    var x: Int
    var y: Int
}

private struct Owner {
    var login: String
    var url: URL
}

private struct Repository {
    var id: Int
    var fullName: String
    var description: String?
    var stars: Int
    var owner: Owner
}

private enum Loading {
    case idle
    case loaded(Int)
    case failed(code: Int, message: String)
    case pair(Int, name: String)
    case repository(Repository)
}

private enum Described: CustomStringConvertible {
    case first
    var description: String { "DESCRIBED" }
}

private struct Outer {
    struct Inner {
        var value: Int
    }
}

private struct Box<Value> {
    var value: Value
}

private final class Node {
    let name: String
    var next: Node?

    init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }
}

private struct Tagged: CustomDumpStringConvertible {
    var raw: Int
    var customDumpDescription: String { "Tagged<\(raw)>" }
}

private struct Todo: Identifiable {
    var id: Int
    var title: String
    var done: Bool
}

private struct State {
    var count: Int
    var fact: String?
    var tags: [String]
}

private struct Profile {
    var name: String
    var repository: Repository
    var scores: [String: Int]
}

private let sampleOwner = Owner(login: "apple", url: URL(fileURLWithPath: "/apple"))

private func repository(stars: Int = 67_000, description: String? = "The Swift Programming Language") -> Repository {
    Repository(
        id: 1, fullName: "apple/swift", description: description, stars: stars,
        owner: Owner(login: "apple", url: URL(string: "https://github.com/apple") ?? sampleOwner.url)
    )
}

final class DumpTests: XCTestCase {
    func testScalars() {
        XCTAssertEqual(dumpText(42), "42")
        XCTAssertEqual(dumpText(-7), "-7")
        XCTAssertEqual(dumpText(1.5), "1.5")
        XCTAssertEqual(dumpText(2.0), "2.0")
        XCTAssertEqual(dumpText(true), "true")
        XCTAssertEqual(dumpText(UInt8(255)), "255")
    }

    func testStringsAreEscapedLiterals() {
        XCTAssertEqual(dumpText("plain"), #""plain""#)
        XCTAssertEqual(dumpText("a\nb\tc"), #""a\nb\tc""#)
        XCTAssertEqual(dumpText("say \"hi\" \\ bye\r"), #""say \"hi\" \\ bye\r""#)
        XCTAssertEqual(dumpText("bell\u{7}"), #""bell\u{7}""#)
        XCTAssertEqual(dumpText("café ☕️"), #""café ☕️""#)
        XCTAssertEqual(dumpText(Character("x")), #""x""#)
    }

    func testFoundationScalars() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(dumpText(date), "Date(2023-11-14T22:13:20.000Z)")
        XCTAssertEqual(
            dumpText(Date(timeIntervalSince1970: 0.25)), "Date(1970-01-01T00:00:00.250Z)"
        )
        let url = URL(string: "https://api.github.com/repos?q=a%20b")
        XCTAssertEqual(dumpText(url as Any), "URL(https://api.github.com/repos?q=a%20b)")
        XCTAssertEqual(dumpText(Data([1, 2, 3])), "Data(3 bytes)")
    }

    func testOptionals() {
        XCTAssertEqual(dumpText(Int?.none as Any), "nil")
        XCTAssertEqual(dumpText(Int?.some(3) as Any), "3")
        XCTAssertEqual(dumpText(String??.some(.some("x")) as Any), #""x""#)
        XCTAssertEqual(dumpText(State(count: 1, fact: nil, tags: [])), "State(count: 1, fact: nil, tags: [])")
        XCTAssertEqual(
            dumpText(State(count: 1, fact: "cool", tags: [])),
            #"State(count: 1, fact: "cool", tags: [])"#
        )
    }

    func testEnums() {
        XCTAssertEqual(dumpText(Loading.idle), ".idle")
        XCTAssertEqual(dumpText(Loading.loaded(5)), ".loaded(5)")
        XCTAssertEqual(
            dumpText(Loading.failed(code: 404, message: "Not found")),
            #".failed(code: 404, message: "Not found")"#
        )
        XCTAssertEqual(dumpText(Loading.pair(1, name: "x")), #".pair(1, name: "x")"#)
        XCTAssertEqual(dumpText(Described.first), ".first")
        XCTAssertEqual(
            dumpText(Loading.repository(repository())),
            """
            .repository(
              Repository(
                id: 1,
                fullName: "apple/swift",
                description: "The Swift Programming Language",
                stars: 67000,
                owner: Owner(login: "apple", url: URL(https://github.com/apple))
              )
            )
            """
        )
    }

    func testStructsInlineAndNested() {
        XCTAssertEqual(dumpText(Empty()), "Empty()")
        XCTAssertEqual(dumpText(Point(x: 1, y: -2)), "Point(x: 1, y: -2)")
        XCTAssertEqual(dumpText(Outer.Inner(value: 3)), "Outer.Inner(value: 3)")
        XCTAssertEqual(dumpText(Box(value: [Point(x: 0, y: 0)])), "Box<[Point]>(value: [Point(x: 0, y: 0)])")
        XCTAssertEqual(dumpText(Box<Int?>(value: nil)), "Box<Int?>(value: nil)")
        XCTAssertEqual(
            dumpText(repository()),
            """
            Repository(
              id: 1,
              fullName: "apple/swift",
              description: "The Swift Programming Language",
              stars: 67000,
              owner: Owner(login: "apple", url: URL(https://github.com/apple))
            )
            """
        )
    }

    func testInlineLimitIsEightyCharacters() {
        let fits = String(repeating: "a", count: 80 - #"Box<String>(value: "")"#.count)
        XCTAssertEqual(dumpText(Box(value: fits)), #"Box<String>(value: ""# + fits + #"")"#)
        XCTAssertEqual(
            dumpText(Box(value: fits + "a")),
            "Box<String>(\n  value: \"\(fits)a\"\n)"
        )
    }

    func testCollections() {
        XCTAssertEqual(dumpText([Int]()), "[]")
        XCTAssertEqual(dumpText([String: Int]()), "[:]")
        XCTAssertEqual(dumpText(Set<Int>()), "[]")
        XCTAssertEqual(dumpText([1, 2, 3]), "[1, 2, 3]")
        XCTAssertEqual(dumpText(["b": 2, "a": 1, "c": 3]), #"["a": 1, "b": 2, "c": 3]"#)
        XCTAssertEqual(dumpText(Set(["pear", "apple", "fig"])), #"["apple", "fig", "pear"]"#)
        XCTAssertEqual(
            dumpText([repository(), repository(stars: 1, description: nil)]),
            """
            [
              [0]: Repository(
                id: 1,
                fullName: "apple/swift",
                description: "The Swift Programming Language",
                stars: 67000,
                owner: Owner(login: "apple", url: URL(https://github.com/apple))
              ),
              [1]: Repository(
                id: 1,
                fullName: "apple/swift",
                description: nil,
                stars: 1,
                owner: Owner(login: "apple", url: URL(https://github.com/apple))
              )
            ]
            """
        )
        let long = (0..<30).map { "item\($0)" }
        let dumped = dumpText(Set(long))
        XCTAssertTrue(dumped.hasPrefix("[\n  [0]: \"item0\",\n  [1]: \"item1\",\n  [2]: \"item10\","), dumped)
        XCTAssertTrue(dumped.hasSuffix("  [29]: \"item9\"\n]"), dumped)
        XCTAssertEqual(
            dumpText(["repo": repository(), "other": repository()]).components(separatedBy: "\n").first(where: { $0.hasPrefix("  \"") }),
            #"  "other": Repository("#
        )
    }

    func testClassCycle() {
        let first = Node(name: "a")
        let second = Node(name: "b", next: first)
        first.next = second
        XCTAssertEqual(dumpText(first), #"Node(name: "a", next: Node(name: "b", next: Node(↩︎)))"#)
        let shared = Node(name: "leaf")
        XCTAssertEqual(
            dumpText([shared, shared]),
            #"[Node(name: "leaf", next: nil), Node(name: "leaf", next: nil)]"#
        )
    }

    func testCustomDumpStringConvertible() {
        XCTAssertEqual(dumpText(Tagged(raw: 42)), "Tagged<42>")
        XCTAssertEqual(dumpText(Box(value: Tagged(raw: 1))), "Box<Tagged>(value: Tagged<1>)")
    }

    func testTypeNameSimplification() {
        XCTAssertEqual(dumpSimplifiedTypeName("App.Outer.Inner"), "Outer.Inner")
        XCTAssertEqual(
            dumpSimplifiedTypeName("App.Box<Swift.Dictionary<Swift.String, Swift.Array<Swift.Optional<Swift.Int>>>>"),
            "Box<[String: [Int?]]>"
        )
        XCTAssertEqual(dumpSimplifiedTypeName("App.(unknown context at $10a3f).Local"), "Local")
        XCTAssertEqual(dumpSimplifiedTypeName("App.Box<(Swift.Int) -> Swift.String>"), "Box<(Int) -> String>")
        XCTAssertEqual(dumpSimplifiedTypeName("App.Outer<Swift.Int>.Inner"), "Outer<Int>.Inner")
    }
}

final class DiffTests: XCTestCase {
    func testEqualValuesProduceNil() {
        XCTAssertNil(diffText(1, 1))
        XCTAssertNil(diffText(repository(), repository()))
        XCTAssertNil(diffText(["a": 1, "b": 2], ["b": 2, "a": 1]))
        XCTAssertNil(diffText(Int?.none as Any, Int?.none as Any))
    }

    func testScalarChange() {
        XCTAssertEqual(diffText(1, 2), "\u{2212} 1\n+ 2")
        XCTAssertEqual(diffText("a\nb", "a"), "\u{2212} \"a\\nb\"\n+ \"a\"")
    }

    func testSpecExampleWithArrayFolding() {
        let old = State(count: 0, fact: nil, tags: ["a", "b", "c", "d"])
        let new = State(count: 1, fact: nil, tags: ["a", "b", "x", "d"])
        XCTAssertEqual(
            diffText(old, new),
            """
              State(
            −   count: 0,
            +   count: 1,
                fact: nil,
                tags: [
                  … (2 unchanged)
            −     [2]: "c",
            +     [2]: "x",
                  … (1 unchanged)
                ]
              )
            """
        )
    }

    func testNestedStructChangeFoldsUnchangedMultiLineFields() {
        let old = Profile(name: "Ann", repository: repository(), scores: ["a": 1])
        var new = old
        new.repository.owner.login = "swiftlang"
        XCTAssertEqual(
            diffText(old, new),
            """
              Profile(
                name: "Ann",
                repository: Repository(
                  id: 1,
                  fullName: "apple/swift",
                  description: "The Swift Programming Language",
                  stars: 67000,
                  owner: Owner(
            −       login: "apple",
            +       login: "swiftlang",
                    url: URL(https://github.com/apple)
                  )
                ),
                scores: ["a": 1]
              )
            """
        )
        var renamed = old
        renamed.name = "Bo"
        XCTAssertEqual(
            diffText(old, renamed),
            """
              Profile(
            −   name: "Ann",
            +   name: "Bo",
                repository: Repository(…),
                scores: ["a": 1]
              )
            """
        )
    }

    func testArrayGrowthAndShrink() {
        XCTAssertEqual(
            diffText([1, 2], [1, 2, 3, 4]),
            """
              [
                … (2 unchanged)
            +   [2]: 3,
            +   [3]: 4
              ]
            """
        )
        XCTAssertEqual(
            diffText(["a", "b", "c"], ["a"]),
            """
              [
                … (1 unchanged)
            −   [1]: "b",
            −   [2]: "c"
              ]
            """
        )
        XCTAssertEqual(
            diffText([Int](), [7]),
            """
              [
            +   [0]: 7
              ]
            """
        )
    }

    func testMultiLineElementsAreFoldedAndRemovedWhole() {
        XCTAssertEqual(
            diffText([repository(), repository()], [repository()]),
            """
              [
                … (1 unchanged)
            −   [1]: Repository(
            −     id: 1,
            −     fullName: "apple/swift",
            −     description: "The Swift Programming Language",
            −     stars: 67000,
            −     owner: Owner(login: "apple", url: URL(https://github.com/apple))
            −   )
              ]
            """
        )
    }

    func testIdentifiableElementsAreMatchedByID() {
        let old = [
            Todo(id: 1, title: "Milk", done: false),
            Todo(id: 2, title: "Eggs", done: false),
            Todo(id: 3, title: "Bread", done: false),
        ]
        let new = [
            Todo(id: 2, title: "Eggs", done: true),
            Todo(id: 3, title: "Bread", done: false),
            Todo(id: 4, title: "Jam", done: false),
        ]
        XCTAssertEqual(
            diffText(old, new),
            """
              [
            −   [0]: Todo(id: 1, title: "Milk", done: false),
            −   [1]: Todo(
            +   [0]: Todo(
                  id: 2,
                  title: "Eggs",
            −     done: false
            +     done: true
                ),
                … (1 unchanged)
            +   [2]: Todo(id: 4, title: "Jam", done: false)
              ]
            """
        )
    }

    func testOptionalNilToValue() {
        XCTAssertEqual(
            diffText(State(count: 0, fact: nil, tags: []), State(count: 0, fact: "Zero is even", tags: [])),
            """
              State(
                count: 0,
            −   fact: nil,
            +   fact: "Zero is even",
                tags: []
              )
            """
        )
        XCTAssertEqual(diffText(Int?.none as Any, Int?.some(5) as Any), "\u{2212} nil\n+ 5")
    }

    func testEnumCaseChange() {
        XCTAssertEqual(
            diffText(Loading.idle, Loading.failed(code: 500, message: "Oops")),
            "\u{2212} .idle\n+ .failed(code: 500, message: \"Oops\")"
        )
        XCTAssertEqual(
            diffText(Box(value: Loading.loaded(1)), Box(value: Loading.repository(repository()))),
            """
              Box<Loading>(
            −   value: .loaded(1)
            +   value: .repository(
            +     Repository(
            +       id: 1,
            +       fullName: "apple/swift",
            +       description: "The Swift Programming Language",
            +       stars: 67000,
            +       owner: Owner(login: "apple", url: URL(https://github.com/apple))
            +     )
            +   )
              )
            """
        )
    }

    func testSameEnumCasePayloadChangeRecurses() {
        XCTAssertEqual(
            diffText(Loading.failed(code: 500, message: "Oops"), Loading.failed(code: 503, message: "Oops")),
            """
              .failed(
            −   code: 500,
            +   code: 503,
                message: "Oops"
              )
            """
        )
    }

    func testDictionaryKeyChange() {
        XCTAssertEqual(
            diffText(["a": 1, "b": 2, "c": 3], ["a": 1, "c": 3, "d": 2]),
            """
              [
                … (1 unchanged)
            −   "b": 2,
                … (1 unchanged)
            +   "d": 2
              ]
            """
        )
        XCTAssertEqual(
            diffText(["a": 1, "b": 2], ["a": 1, "b": 5]),
            """
              [
                … (1 unchanged)
            −   "b": 2
            +   "b": 5
              ]
            """
        )
    }

    func testSetChange() {
        XCTAssertEqual(
            diffText(Set([1, 2, 3]), Set([1, 3, 4])),
            """
              [
                … (1 unchanged)
            −   [1]: 2,
                … (1 unchanged)
            +   [2]: 4
              ]
            """
        )
    }

    func testTypeChangeReplacesWholeValue() {
        XCTAssertEqual(diffText(Point(x: 1, y: 2), Box(value: 1)), "\u{2212} Point(x: 1, y: 2)\n+ Box<Int>(value: 1)")
    }
}
