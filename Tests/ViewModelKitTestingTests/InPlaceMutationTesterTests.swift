import ViewModelKit
import ViewModelKitTesting
import XCTest

private struct Entry: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A list whose intents and task mutate its collection in place.
@MainActor
private final class EntryListModel: ViewModel {
    @Observed private(set) var entries: IdentifiedArrayOf<Entry> = []

    func addButtonTapped(id: Int) { entries.append(Entry(id: id, title: "entry \(id)")) }

    func renameButtonTapped(id: Int, to title: String) { entries[id: id]?.title = title }

    /// Appends an entry from a task, as a response would.
    func loadButtonTapped(id: Int) {
        task(id: "load") { [weak self] in self?.entries.append(Entry(id: id, title: "loaded")) }
    }
}

@MainActor
final class InPlaceMutationTesterTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    private func makeTester() -> ViewModelTester<EntryListModel> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(EntryListModel(), timeout: .seconds(5), reporter: reporter)
    }

    func testTheTesterSeesEachInPlaceMutationOfAnIntent() async {
        let tester = makeTester()
        await tester.send({ $0.addButtonTapped(id: 1) }) { $0.entries = [Entry(id: 1, title: "entry 1")] }
        await tester.send({ $0.renameButtonTapped(id: 1, to: "first") }) { $0.entries[id: 1]?.title = "first" }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testTheTesterReceivesAnInPlaceMutationOfATask() async {
        let tester = makeTester()
        await tester.send({ $0.loadButtonTapped(id: 7) })
        await tester.receive { $0.entries.append(Entry(id: 7, title: "loaded")) }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAnUnassertedInPlaceMutationFails() async {
        let tester = makeTester()
        await tester.send({ $0.addButtonTapped(id: 1) })
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains("State was not expected to change") ?? false, "\(reporter.messages)")
        await tester.finish()
    }

    /// A thousand intents, each appending one row: each step snapshots the whole list.
    func testAThousandAppendsThroughIntents() async {
        let tester = makeTester()
        for id in 1...1_000 {
            await tester.send({ $0.addButtonTapped(id: id) }) { $0.entries.append(Entry(id: id, title: "entry \(id)")) }
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
        XCTAssertEqual(tester.viewModel.entries.count, 1_000)
    }
}
