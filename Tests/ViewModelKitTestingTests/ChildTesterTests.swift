import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A detail that loads a title.
@MainActor
private final class Detail: ViewModel {
    nonisolated let name: String
    @Observed private(set) var title: String?
    @Observed private(set) var isLoading = false
    private let load: @Sendable (String) async throws -> String

    init(name: String, load: @escaping @Sendable (String) async throws -> String) {
        self.name = name
        self.load = load
    }

    func onAppear() {
        isLoading = true
        task(id: "load") { [weak self, load, name] in
            let title = try await load(name)
            self?.title = title
            self?.isLoading = false
        }
    }

    func closeButtonTapped() { dismiss() }
}

/// A second kind of screen, for stacks of mixed types.
@MainActor
private final class Note: ViewModel {
    @Observed var text = ""
}

private enum Screen: ViewModelContainer {
    case detail(Detail)
    case note(Note)

    var childViewModels: [ViewModel] {
        switch self {
        case .detail(let model): [model]
        case .note(let model): [model]
        }
    }
}

@MainActor
private final class Master: ViewModel {
    @Observed private(set) var selected: String?
    @Child private(set) var detail: Detail?
    @Child private(set) var path: [Screen] = []
    let load: @Sendable (String) async throws -> String

    init(load: @escaping @Sendable (String) async throws -> String = { "Title of \($0)" }) {
        self.load = load
    }

    func open(_ name: String) {
        selected = name
        let detail = Detail(name: name, load: load)
        detail.onAppear()
        self.detail = detail
    }

    func push(_ name: String) {
        let detail = Detail(name: name, load: load)
        detail.onAppear()
        path.append(.detail(detail))
    }

    func pushNote(_ text: String) {
        let note = Note()
        note.text = text
        path.append(.note(note))
    }

    func back() { path.removeLast() }
}

@MainActor
final class ChildTesterTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    private func makeTester(_ model: Master = Master()) -> ViewModelTester<Master> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(model, timeout: .seconds(5), reporter: reporter)
    }

    /// What a freshly opened detail looks like.
    private func opened(_ name: String) -> Detail {
        let detail = Detail(name: name) { _ in "" }
        detail.onAppear()
        detail.cancelAllTasks()
        return detail
    }

    func testPresentLoadAndDismissThroughTheParent() async {
        let tester = makeTester()
        await tester.send({ $0.open("swift") }) {
            $0.selected = "swift"
            $0.detail = ViewModelState(self.opened("swift"))
        }
        await tester.receive {
            $0.detail?.title = "Title of swift"
            $0.detail?.isLoading = false
        }
        await tester.send({ $0.detail?.closeButtonTapped() }) {
            $0.detail = nil
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAnUnassertedChildChangeFailsWithANestedDiff() async {
        let tester = makeTester()
        await tester.send({ $0.open("swift") }) {
            $0.selected = "swift"
            $0.detail = ViewModelState(self.opened("swift"))
        }
        await tester.receive {
            $0.detail?.title = "Title of swift"
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                Master(
                  selected: "swift",
                  detail: Detail(
                    name: "swift",
                    title: "Title of swift",
              −     isLoading: true
              +     isLoading: false
                  ),
                  path: []
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testAChildTaskStillRunningAtTheEndIsReported() async {
        let gate = AsyncStream<Never>.makeStream()
        let tester = makeTester(Master(load: { _ in
            for await _ in gate.stream {}
            throw CancellationError()
        }))
        await tester.send({ $0.open("swift") }) {
            $0.selected = "swift"
            $0.detail = ViewModelState(self.opened("swift"))
        }
        await tester.finish(timeout: .milliseconds(1))
        XCTAssertEqual(reporter.messages, [
            """
            A task is still running at the end of the test: id "load", started by Detail.onAppear().

            Cancel it (for example by sending the intent that stops it) or let it finish before the test ends.
            """,
        ])
        gate.continuation.finish()
    }

    func testAStackOfMixedScreens() async {
        let tester = makeTester()
        await tester.send({ $0.pushNote("hello") }) {
            let note = Note()
            note.text = "hello"
            $0.path.append(ViewModelState(note).erased)
        }
        await tester.send({ $0.push("swift") }) {
            $0.path.append(ViewModelState(self.opened("swift")).erased)
        }
        await tester.receive {
            $0.path[1].modify(as: Detail.self) {
                $0.title = "Title of swift"
                $0.isLoading = false
            }
        }
        await tester.send({ $0.back() }) {
            $0.path.removeLast()
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAWrongScreenInTheStackFails() async {
        let tester = makeTester()
        await tester.send({ $0.pushNote("hello") }) {
            $0.path.append(ViewModelState(Note()).erased)
        }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains("−       text: \"\"") == true, reporter.messages.first ?? "")
        XCTAssertTrue(reporter.messages.first?.contains("+       text: \"hello\"") == true, reporter.messages.first ?? "")
    }

    func testNonExhaustiveComparesOnlyTheChildFieldsWritten() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(Master(), exhaustivity: .off, timeout: .seconds(5), reporter: reporter)
        await tester.send({ $0.open("swift") })
        await tester.receive { $0.detail?.isLoading = false }
        XCTAssertEqual(reporter.messages, [], "the title, not written, is not compared")
        await tester.send({ $0.detail?.closeButtonTapped() })
        await tester.send({ $0.open("nio") })
        await tester.receive { $0.detail?.isLoading = false }
        tester.assert { $0.detail?.title = "wrong" }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.contains("−     title: \"wrong\"") == true, reporter.messages.first ?? "")
        await tester.finish()
    }
}
