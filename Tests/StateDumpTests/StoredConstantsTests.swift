import ViewModelKitStateDump
import XCTest

// `storedConstantNames(of:)` reads the runtime's field descriptors, which say which stored
// properties are `let`s. These pin what it returns for each kind of type, so that a runtime whose
// descriptors change fails here instead of silently dropping a child's constants from snapshots.

private class Base {
    let id: Int
    var title = ""
    init(id: Int) { self.id = id }
}

private final class Derived: Base {
    let kind: String
    var isOpen = false
    let createdBy: String
    init() {
        kind = "issue"
        createdBy = "blob"
        super.init(id: 1)
    }
}

private final class Generic<Element> {
    var items: [Element] = []
    let first: Element
    let count: Int
    init(first: Element) {
        self.first = first
        count = 1
    }
}

private struct Location {
    let x: Int
    var y: Int
    let label: String
}

private enum Screen {
    case login(email: String)
    case game(score: Int)
    static let title = "Game"
}

private struct NoConstants {
    var a = 1
    var b = ""
}

final class StoredConstantsTests: XCTestCase {
    func testAClassesConstantsComeAfterItsSuperclassesInDeclarationOrder() {
        XCTAssertEqual(storedConstantNames(of: Derived.self), ["id", "kind", "createdBy"])
        XCTAssertEqual(storedConstantNames(of: Base.self), ["id"])
    }

    func testAGenericClassListsItsConstantsWhateverItsArgument() {
        XCTAssertEqual(storedConstantNames(of: Generic<Int>.self), ["first", "count"])
        XCTAssertEqual(storedConstantNames(of: Generic<[String: Double]>.self), ["first", "count"])
    }

    func testAStructListsItsConstants() {
        XCTAssertEqual(storedConstantNames(of: Location.self), ["x", "label"])
        XCTAssertEqual(storedConstantNames(of: NoConstants.self), [])
    }

    func testAnEnumHasNoStoredConstants() {
        // Its cases' payloads are not properties, and a static `let` is not stored in a value.
        XCTAssertEqual(storedConstantNames(of: Screen.self), [])
    }

    func testATypeWithoutFieldsHasNone() {
        XCTAssertEqual(storedConstantNames(of: Int.self), [])
        XCTAssertEqual(storedConstantNames(of: (Int, String).self), [])
    }
}
