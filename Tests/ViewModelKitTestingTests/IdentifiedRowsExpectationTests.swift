import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A list of rows in an expectation, as TCA users write one for an `IdentifiedArrayOf<RowModel>`:
/// a row through its id (`$0.rows[id: id]?.count = 1`) or its position (`$0.rows[0].count = 1`),
/// as its own type, and a removal by id. A wrong id or position fails the test, naming it.
@MainActor
final class IdentifiedRowsExpectationTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    @MainActor
    private final class RowModel: ViewModel, Identifiable {
        nonisolated let id: Int
        @Observed private(set) var count = 0
        @Observed private(set) var title = ""

        init(id: Int) { self.id = id }

        func incrementButtonTapped() { count += 1 }
        func titleChanged(_ title: String) { self.title = title }
    }

    @MainActor
    private final class ListModel: ViewModel {
        @Child private(set) var rows: IdentifiedArrayOf<RowModel>
        @Observed private(set) var isEditing = false

        init(ids: [Int]) {
            _rows = Child(wrappedValue: IdentifiedArray(uniqueElements: ids.map(RowModel.init)))
            super.init()
        }

        func addButtonTapped(id: Int) { rows.append(RowModel(id: id)) }
        func removeButtonTapped(id: Int) { rows.remove(id: id) }
        func editButtonTapped() { isEditing = true }
    }

    private func makeTester(_ ids: [Int] = [1, 2], exhaustivity: Exhaustivity = .on) -> ViewModelTester<ListModel> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(ListModel(ids: ids), exhaustivity: exhaustivity, reporter: reporter)
    }

    // MARK: - The spellings

    /// Before: "subscript 'subscript(dynamicMember:)' requires that 'IdentifiedArrayOf<RowModel>'
    /// inherit from 'ViewModel'" (did not compile).
    func testARowChangesThroughItsID() async {
        let tester = makeTester()
        await tester.send({ $0.rows[id: 2]?.incrementButtonTapped() }) {
            $0.rows[id: 2]?.count = 1
        }
        await tester.send({ $0.rows[id: 2]?.titleChanged("Two") }) {
            $0.rows[id: 2]?.title = "Two"
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    /// Before: did not compile without `modify(as: RowModel.self)`.
    func testARowChangesThroughItsPositionAsItsOwnType() async {
        let tester = makeTester()
        await tester.send({ $0.rows[1].incrementButtonTapped() }) {
            $0.rows[1].count = 1
        }
        await tester.send({ $0.rows[0].incrementButtonTapped() }) {
            $0.rows[0].count += 1
        }
        XCTAssertEqual(tester.state.rows[1].count, 1)
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    /// Before: it compiled, and failed with advice about navigation stacks
    /// (`$0.path.append(.meeting(meeting))`).
    func testARowIsRemovedByID() async {
        let tester = makeTester([1, 2, 3])
        await tester.send({ $0.removeButtonTapped(id: 2) }) {
            $0.rows.remove(id: 2)
        }
        await tester.send({ $0.removeButtonTapped(id: 1) }) {
            $0.rows[id: 1] = nil
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testARowIsAddedUnderItsID() async {
        let tester = makeTester()
        await tester.send({ $0.addButtonTapped(id: 3) }) {
            $0.rows[id: 3] = ViewModelState(RowModel(id: 3))
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testTheEarlierSpellingsStillWork() async {
        let tester = makeTester()
        await tester.send({ $0.rows[id: 1]?.incrementButtonTapped() }) {
            $0.rows[0].modify(as: RowModel.self) { $0.count = 1 }
        }
        await tester.send({ $0.addButtonTapped(id: 3) }) {
            $0.rows.append(ViewModelState(RowModel(id: 3)))
        }
        await tester.send({ $0.removeButtonTapped(id: 1) }) {
            $0.rows.removeFirst()
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    /// A non-exhaustive test compares only what the closure wrote through the row.
    func testANonExhaustiveTestComparesOnlyWhatItWroteThroughARow() async {
        let tester = makeTester(exhaustivity: .off)
        await tester.send({ model in
            model.rows[id: 1]?.incrementButtonTapped()
            model.rows[id: 2]?.titleChanged("Two")
        }) {
            $0.rows[id: 2]?.title = "Two"
        }
        await tester.send({ $0.rows[id: 2]?.incrementButtonTapped() }) {
            $0.rows[id: 2]?.count = 2   // wrong: it is 1
        }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains("count: 2") == true, reporter.messages.joined())
        await tester.finish()
    }

    // MARK: - Wrong ids and positions

    func testAChangeThroughAnIDTheListDoesNotHaveFailsNamingIt() async {
        let tester = makeTester()
        await tester.send({ $0.rows[id: 2]?.incrementButtonTapped() }) {
            $0.rows[id: 2]?.count = 1
            $0.rows[id: 9]?.count = 1
        }
        XCTAssertEqual(reporter.messages, [
            "IdentifiedRowsExpectationTests.ListModel.rows[id: 9] is not there: the expected rows has the ids 1, 2. Use one of "
                + "them, or add the row first (`$0.rows.append(ViewModelState(row))`).",
        ])
        XCTAssertNil(tester.state.rows[id: 9], "reading an id that is not there answers nil, as IdentifiedArray does")
        XCTAssertEqual(reporter.messages.count, 1)
        await tester.finish()
    }

    func testRemovingAnIDTheListDoesNotHaveFailsNamingIt() async {
        let tester = makeTester([])
        await tester.send({ $0.addButtonTapped(id: 1) }) {
            $0.rows.remove(id: 1)
            $0.rows[id: 1] = ViewModelState(RowModel(id: 1))
        }
        XCTAssertEqual(reporter.messages, [
            "IdentifiedRowsExpectationTests.ListModel.rows.remove(id: 1) is not there: the expected rows is empty. Add the row "
                + "first (`$0.rows.append(ViewModelState(row))`).",
        ])
        await tester.finish()
    }

    func testARowGivenUnderAnotherIDFails() async {
        let tester = makeTester()
        await tester.send({ $0.addButtonTapped(id: 3) }) {
            $0.rows[id: 3] = ViewModelState(RowModel(id: 4))
            $0.rows.append(ViewModelState(RowModel(id: 3)))
        }
        XCTAssertEqual(reporter.messages, [
            "IdentifiedRowsExpectationTests.ListModel.rows[id: 3] was given a row whose id is 4: add a row under its own id.",
        ])
        await tester.finish()
    }

    /// A position past the end fails once, naming it and the count; a change through it (which
    /// reads the row first) reads another row's value, and writes nothing.
    func testAPositionPastTheEndFailsNamingItAndTheCount() async {
        let tester = makeTester()
        await tester.send({ $0.rows[id: 1]?.incrementButtonTapped() }) {
            $0.rows[0].count = 1
            $0.rows[5].count = 7
            $0.rows[2].count += 1
            $0.rows[3].title.append("!")
        }
        XCTAssertEqual(reporter.messages, [
            "IdentifiedRowsExpectationTests.ListModel.rows[5] is out of range: the expected rows has 2 entries (indices 0..<2). "
                + "Use an index below 2, or add the entries first (`$0.rows.append(…)`).",
            "IdentifiedRowsExpectationTests.ListModel.rows[2] is out of range: the expected rows has 2 entries (indices 0..<2). "
                + "Use an index below 2, or add the entries first (`$0.rows.append(…)`).",
            "IdentifiedRowsExpectationTests.ListModel.rows[3] is out of range: the expected rows has 2 entries (indices 0..<2). "
                + "Use an index below 2, or add the entries first (`$0.rows.append(…)`).",
        ])
        await tester.finish()
    }

    /// No row exists anywhere, in the expected list or in the view model: a change through a
    /// position still fails as a test failure, never as a crash.
    func testAPositionIntoAnEmptyListWithNoRowAnywhereFailsWithoutACrash() async {
        let tester = makeTester([])
        await tester.send({ $0.editButtonTapped() }) {
            $0.isEditing = true
            $0.rows[0].count += 1
            $0.rows[0].title += "?"
        }
        XCTAssertEqual(reporter.messages.count, 2)
        XCTAssertEqual(reporter.messages.first, "IdentifiedRowsExpectationTests.ListModel.rows[0] is out of range: the expected rows is "
            + "empty. Add the entry first (`$0.rows.append(…)`), then change it through its index.")
        await tester.finish()
    }

    /// An entry of another type in the list (appended by the test) is named, not read as a row.
    func testAnEntryOfAnotherTypeIsNamed() async {
        let tester = makeTester([])
        await tester.send({ $0.addButtonTapped(id: 1) }) {
            $0.rows.append(ViewModelState(ListModel(ids: [])))
            $0.rows[0].count = 1
            $0.rows = [ViewModelState(RowModel(id: 1)).erased]
        }
        XCTAssertEqual(reporter.messages, [
            "IdentifiedRowsExpectationTests.ListModel.rows[0] holds IdentifiedRowsExpectationTests.ListModel, not "
                + "IdentifiedRowsExpectationTests.RowModel.",
        ])
        await tester.finish()
    }

    // MARK: - Rows identified by a key path

    @MainActor
    private final class Tag: ViewModel {
        nonisolated let name: String
        @Observed private(set) var uses = 0

        init(name: String) { self.name = name }

        func used() { uses += 1 }
    }

    @MainActor
    private final class TagsModel: ViewModel {
        @Child private(set) var tags = IdentifiedArray<String, Tag>(id: \.name)

        func add(_ name: String) { tags.append(Tag(name: name)) }
    }

    /// An `IdentifiedArray` of rows that are not `Identifiable` takes its rows' ids the same way.
    func testRowsIdentifiedByAKeyPath() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(TagsModel(), reporter: reporter)
        await tester.send({ $0.add("swift") }) {
            $0.tags.append(ViewModelState(Tag(name: "swift")))
        }
        await tester.send({ $0.tags[id: "swift"]?.used() }) {
            $0.tags[id: "swift"]?.uses = 1
            $0.tags[id: "rust"]?.uses = 1
        }
        XCTAssertEqual(reporter.messages, [
            #"IdentifiedRowsExpectationTests.TagsModel.tags[id: "rust"] is not there: the expected tags has the ids "swift". "#
                + "Use one of them, or add the row first (`$0.tags.append(ViewModelState(row))`).",
        ])
        await tester.finish()
    }

    /// An expression Swift can only read as the live list names the rows' spellings, not a stack's.
    func testTheLiveListAdviceOfRowsNamesRows() async {
        let tester = makeTester()
        await tester.send({ $0.editButtonTapped() }) {
            $0.isEditing = true
            let live: IdentifiedArrayOf<RowModel> = $0[dynamicMember: \.rows]
            _ = live
        }
        XCTAssertEqual(reporter.messages, [
            "\\IdentifiedRowsExpectationTests.ListModel.rows was read as the live list, not as its entries' states in the "
                + "snapshot, so this expectation cannot change it. Change a row through its id or position "
                + "(`$0.rows[id: id]?.title = …`, `$0.rows[0].title = …`), remove one by id (`$0.rows.remove(id: id)`), or "
                + "add a row's state (`$0.rows.append(ViewModelState(row))`).",
        ])
        await tester.finish()
    }

    /// A whole list, as the article spells it: its rows' states made in place, or a state already
    /// typed as a row with `.erased` (a typed one alone does not convert).
    func testAWholeListIsItsRowsStatesMadeInPlaceOrErased() async {
        let tester = makeTester([1])
        await tester.send({ $0.addButtonTapped(id: 2) }) {
            $0.rows = [ViewModelState(RowModel(id: 1)), ViewModelState(RowModel(id: 2))]
        }
        let third: ViewModelState<RowModel> = ViewModelState(RowModel(id: 3))
        await tester.send({ $0.addButtonTapped(id: 3) }) {
            $0.rows = [ViewModelState(RowModel(id: 1)), ViewModelState(RowModel(id: 2)), third.erased]
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }
}
