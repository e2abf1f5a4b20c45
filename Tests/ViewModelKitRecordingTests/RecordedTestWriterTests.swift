import Foundation
import ViewModelKit
@testable import ViewModelKitRecording
import XCTest

@MainActor
final class RecordedTestWriterTests: XCTestCase {
    struct Item: Codable, Equatable {
        var id: Int
        var title: String
    }

    private func writer(secrets: [String] = []) -> RecordedTestWriter {
        RecordedTestWriter(test: RecordedTest(name: "Session", imports: [], subject: "Model()", secrets: secrets))
    }

    func testALargeCodableValueIsReadFromAFileNextToTheTest() async throws {
        var writer = writer()
        let items = (1...100).map { Item(id: $0, title: "item \($0)") }
        XCTAssertEqual(writer.value(items, named: "items", column: 0), #"try recorded("SessionTests.items.json", as: [RecordedTestWriterTests.Item].self)"#)
        // The same value again reads the same file.
        XCTAssertEqual(writer.value(items, named: "other", column: 0), #"try recorded("SessionTests.items.json", as: [RecordedTestWriterTests.Item].self)"#)
        XCTAssertEqual(writer.files.map(\.name), ["SessionTests.items.json"])
        let decoded = try JSONDecoder().decode([Item].self, from: writer.files[0].contents)
        XCTAssertEqual(decoded, items)
        // A small one is written inline.
        XCTAssertEqual(writer.value([items[0]], named: "one", column: 0), #"[RecordedTestWriterTests.Item(id: 1, title: "item 1")]"#)
    }

    func testNoSecretReachesTheDoubleOrAFile() async {
        var writer = writer(secrets: ["hunter2-hunter2-hunter2"])
        let client = RecordedClient(
            typeName: "RecordedEcho", conformances: ["Echo"], summary: "Echoes.",
            methods: [.init(name: "echo", signature: "func echo(_ text: String) async throws -> String", key: "text", unrecorded: "return text")]
        )
        let answers = [
            RecordedAnswers.Answer(client: "RecordedEcho", method: "echo", key: "a", result: .success("Bearer hunter2-hunter2-hunter2")),
            RecordedAnswers.Answer(client: "RecordedEcho", method: "echo", key: "b", result: .success("ghp_abcdefghijklmnopqrstuvwxyz0123")),
        ]
        let source = writer.double(client, answers: answers)
        XCTAssertFalse(source.contains("hunter2"), source)
        XCTAssertFalse(source.contains("ghp_"), source)
        XCTAssertTrue(source.contains(#"case "a": return "Bearer [token]""#), source)
        let items = (1...100).map { Item(id: $0, title: "ghp_abcdefghijklmnopqrstuvwxyz\($0)") }
        _ = writer.value(items, named: "items", column: 0)
        XCTAssertFalse(String(decoding: writer.files[0].contents, as: UTF8.self).contains("ghp_"))
    }

    /// A synchronous method's answer is logged as it passes, and its double answers it.
    func testASynchronousAnswerIsLoggedAndWritten() async throws {
        let answers = RecordedAnswers()
        let allowed: Bool = try answers.answerNow("Permissions", "isAllowed", for: "microphone") { true }
        XCTAssertTrue(allowed)
        var writer = writer()
        let client = RecordedClient(
            typeName: "RecordedPermissions", answeredAs: "Permissions", conformances: ["Permissions"], summary: "Permissions.",
            methods: [.init(name: "isAllowed", signature: "func isAllowed(_ name: String) -> Bool", key: "name", unrecorded: "return false")]
        )
        let source = writer.double(client, answers: answers.all)
        XCTAssertTrue(source.contains(#"case "microphone": return true"#), source)
    }

    func testIntentCallsKeepLabelsAndWriteClosuresAsEmptyOnes() async {
        let writer = writer()
        let completion: @MainActor ((any Error)?) -> Void = { _ in }
        XCTAssertEqual(
            writer.call(RecordedIntent(target: [.property("root")], function: "load(user:completion:)", arguments: ["apple", completion])),
            #"$0.root.load(user: "apple") { _ in }"#
        )
        XCTAssertEqual(
            writer.call(RecordedIntent(target: [.destination("path", 1, caseName: "repository")], function: "load()", arguments: [])),
            "if case .repository(let repository) = $0.path[1] { repository.load() }"
        )
        XCTAssertEqual(writer.call(RecordedIntent(target: [], function: "userNameChanged(_:)", arguments: ["k"])), #"$0.userNameChanged("k")"#)
    }
}

/// A list whose rows hold a value too large to write inline, for the writer's `try` placement.
@MainActor
final class ItemListModel: ViewModel {
    @Child private(set) var rows: [ItemRowModel] = []
    func add() { rows.append(ItemRowModel()) }
}

@MainActor
final class ItemRowModel: ViewModel {
    @Observed private(set) var items: [RecordedTestWriterTests.Item] = []
    func load(_ items: [RecordedTestWriterTests.Item]) { self.items = items }
}

extension RecordedTestWriterTests {
    /// `modify(as:)` rethrows: a change inside it that reads a file makes the call itself `try`, or
    /// the recorded test does not compile ("call can throw, but it is not marked with 'try'").
    func testAChangeReadFromAFileInsideAChildMarksItsModifyTry() {
        var writer = writer()
        let list = ItemListModel()
        list.add()
        let before = list.snapshot()
        list.rows[0].load((1...100).map { Item(id: $0, title: "item \($0)") })
        let statements = writer.assignments(from: before, to: list.snapshot(), on: "$0", context: "")
        XCTAssertEqual(statements, [
            """
            try $0.rows[0].modify(as: ItemRowModel.self) {
                $0.items = try recorded("SessionTests.items.json", as: [RecordedTestWriterTests.Item].self)
            }
            """,
        ])
        var small = self.writer()
        list.add()
        let two = list.snapshot()
        list.rows[1].load([Item(id: 1, title: "one")])
        XCTAssertEqual(
            small.assignments(from: two, to: list.snapshot(), on: "$0", context: ""),
            [
                """
                $0.rows[1].modify(as: ItemRowModel.self) {
                    $0.items = [RecordedTestWriterTests.Item(id: 1, title: "one")]
                }
                """,
            ],
            "no try where nothing throws"
        )
    }
}

/// A model with a `@Shared` value, for the writer's assignments.
@MainActor
final class SharedTotalModel: ViewModel {
    @Shared private(set) var total = 0
    func add() { total += 1 }
}

extension RecordedTestWriterTests {
    /// A `@Shared` property is written as its value (before: "a SharedSnapshot has no Swift expression").
    func testASharedValueIsWrittenAsItsValue() {
        let model = SharedTotalModel()
        let before = model.snapshot()
        model.add()
        var writer = writer()
        XCTAssertEqual(writer.assignments(from: before, to: model.snapshot(), on: "$0", context: "total"), ["$0.total = 1"])
        XCTAssertEqual(writer.problems, [])
    }
}
