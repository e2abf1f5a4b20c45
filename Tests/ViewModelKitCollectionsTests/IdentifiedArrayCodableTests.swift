import Foundation
import ViewModelKitCollections
import XCTest

final class IdentifiedArrayCodableTests: XCTestCase {
    private struct Todo: Identifiable, Codable, Equatable {
        var id: String
        var done = false
    }

    func testEncodesAsAnArrayAndDecodesBack() throws {
        let todos: IdentifiedArrayOf<Todo> = [Todo(id: "milk"), Todo(id: "eggs", done: true)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(todos)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"[{"done":false,"id":"milk"},{"done":true,"id":"eggs"}]"#)
        let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
        XCTAssertEqual(decoded, todos)
        XCTAssertEqual(decoded.index(id: "eggs"), 1)
    }

    func testDecodingADuplicateIdThrowsNamingIt() {
        let json = Data(#"[{"id":"milk","done":false},{"id":"eggs","done":false},{"id":"milk","done":true}]"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)) { error in
            guard case let DecodingError.dataCorrupted(context) = error else {
                return XCTFail("expected dataCorrupted, got \(error)")
            }
            XCTAssertEqual(context.debugDescription, #"Duplicate id "milk" at offset 2: it first appeared at offset 0."#)
            XCTAssertEqual(context.codingPath.map(\.intValue), [2])
        }
    }

    func testAnElementThatFailsToDecodeStillThrowsItsOwnError() {
        let json = Data(#"[{"id":"milk"}]"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else {
                return XCTFail("expected keyNotFound, got \(error)")
            }
            XCTAssertEqual(key.stringValue, "done")
        }
    }
}
