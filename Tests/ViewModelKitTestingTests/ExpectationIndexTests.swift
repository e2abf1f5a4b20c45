import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A wrong index in an expectation (`$0.path[0]` on an expected stack that is empty) is a failure
/// naming the index and the count, never a crash that takes the test process, and every later
/// suite, with it.
@MainActor
final class ExpectationIndexTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    @MainActor
    private final class Detail: ViewModel {
        @Observed var title = ""
    }

    private enum Screen: ViewModelContainer {
        case detail(Detail)
        case note(String)
    }

    @MainActor
    private final class Row: ViewModel, Identifiable {
        nonisolated let id: Int
        @Observed var title = ""
        init(id: Int) { self.id = id }
    }

    @MainActor
    private final class Stack: ViewModel {
        @Observed var count = 0
        @Child var path: [Screen] = []
        @Child var rows: IdentifiedArrayOf<Row> = []
    }

    private func makeTester() -> ViewModelTester<Stack> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(Stack(), reporter: reporter)
    }

    /// Sends an intent that counts, expecting the count and what `write` writes, and checks that
    /// exactly `messages` were reported; then finishes.
    private func assertCounting(
        writing write: @escaping @MainActor (inout ViewModelState<Stack>) -> Void,
        failsWith messages: [String], file: StaticString = #filePath, line: UInt = #line
    ) async {
        let tester = makeTester()
        await tester.send({ $0.count += 1 }) {
            $0.count = 1
            write(&$0)
        }
        XCTAssertEqual(reporter.messages, messages, file: file, line: line)
        await tester.finish()
    }

    func testAnIndexIntoAnEmptyExpectedStackFailsNamingItAndTheTestGoesOn() async {
        let tester = makeTester()
        await tester.send({ $0.count += 1 }) {
            $0.count = 1
            $0.path[0][case: Screen.detail]?.title = "Never there"
        }
        XCTAssertEqual(reporter.messages, [
            "ExpectationIndexTests.Stack.path[0] is out of range: the expected path is empty. Add the entry first (`$0.path.append(…)`), "
                + "then change it through its index.",
        ])
        await tester.send({ $0.count += 1 }) { $0.count = 2 }
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1, "the wrong index broke nothing after it")
    }

    func testModifyingAnEntryPastTheEndFailsOnceNamingTheCount() async {
        let tester = makeTester()
        await tester.send({ $0.path.append(.note("a")) }) {
            $0.path.append(.note("a"))
            $0.path[1].modify(as: Detail.self) { $0.title = "Never there" }
        }
        XCTAssertEqual(reporter.messages, [
            "ExpectationIndexTests.Stack.path[1] is out of range: the expected path has 1 entry (index 0). Use an index below 1, or add "
                + "the entries first (`$0.path.append(…)`).",
        ])
        await tester.finish()
    }

    func testWritingAnEntryPastTheEndFailsAndWritesNothing() async {
        let tester = makeTester()
        await tester.send({ $0.path.append(.note("a")) }) {
            $0.path = [.entry(Screen.note("a"))]
            $0.path[3] = .entry(Screen.note("b"))
        }
        XCTAssertEqual(reporter.messages, [
            "ExpectationIndexTests.Stack.path[3] is out of range: the expected path has 1 entry (index 0). Use an index below 1, or add "
                + "the entries first (`$0.path.append(…)`).",
        ])
        await tester.finish()
    }

    func testRemovingFromAnEmptyExpectedStackFailsNamingIt() async {
        await assertCounting(writing: {
            $0.path.removeLast()
            $0.path.removeFirst()
            $0.path.remove(at: 2)
        }, failsWith: [
            "ExpectationIndexTests.Stack.path.removeLast() has nothing to remove: the expected path is empty.",
            "ExpectationIndexTests.Stack.path.removeFirst() has nothing to remove: the expected path is empty.",
            "ExpectationIndexTests.Stack.path.remove(at: 2) is out of range: the expected path is empty. Add the entry first "
                + "(`$0.path.append(…)`), then change it through its index.",
        ])
    }

    func testInsertingPastTheEndAndReplacingARangePastTheEndFailNamingThem() async {
        await assertCounting(writing: {
            $0.path.insert(.note("b"), at: 2)
            $0.path.replaceSubrange(1..<3, with: [])
            $0.path.swapAt(0, 1)
        }, failsWith: [
            "ExpectationIndexTests.Stack.path.insert(_:at: 2) is out of range: the expected path is empty. Insert at an index up to 0.",
            "ExpectationIndexTests.Stack.path.replaceSubrange(1..<3, with:) is out of range: the expected path is empty. Use a range "
                + "within 0..<0.",
            "ExpectationIndexTests.Stack.path.swapAt(0, 1) is out of range: the expected path is empty. Add the entry first "
                + "(`$0.path.append(…)`), then change it through its index.",
        ])
    }

    func testAnIndexIntoAnEmptyExpectedCollectionFailsNamingIt() async {
        await assertCounting(writing: {
            $0.rows[0].modify(as: Row.self) { $0.title = "Never there" }
        }, failsWith: [
            "ExpectationIndexTests.Stack.rows[0] is out of range: the expected rows is empty. Add the entry first (`$0.rows.append(…)`), "
                + "then change it through its index.",
        ])
    }

    func testReadingAnEntryOfTheAssertedStateThatIsNotThereFails() async {
        let tester = makeTester()
        XCTAssertNil(tester.state.path[0].entry(as: Screen.self))
        XCTAssertEqual(reporter.messages, [
            "ExpectationIndexTests.Stack.path[0] is out of range: the expected path is empty. Add the entry first (`$0.path.append(…)`), "
                + "then change it through its index.",
        ])
        await tester.finish()
    }
}
