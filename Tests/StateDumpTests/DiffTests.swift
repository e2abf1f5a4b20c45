import Foundation
import XCTest
@testable import ViewModelKitStateDump

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
