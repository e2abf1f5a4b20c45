import Foundation
import XCTest
@testable import ViewModelKitStateDump

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
