import ViewModelKit
import ViewModelKitTesting
import XCTest

/// An editor whose intent starts its task through a private helper.
@MainActor
private final class AutosavingEditor: ViewModel {
    @Observed private(set) var title = ""
    @Observed private(set) var savedTitle = ""
    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
        self.clock = clock
        super.init()
    }

    func titleChanged(_ title: String) {
        recordIntent(title)
        self.title = title
        scheduleAutosave()
    }

    func saveNowTapped() {
        scheduleAutosave()
    }

    private func scheduleAutosave() {
        task(id: "autosave") { [weak self, clock] in
            try await clock.sleep(for: .seconds(1))
            self?.savedTitle = self?.title ?? ""
        }
    }
}

/// What a task is named after in the tester's failures: the intent the test sent.
@MainActor
final class TaskOriginTests: XCTestCase {
    func test_aTaskStartedByAPrivateHelper_isNamedAfterTheIntentSent() async {
        let clock = TestClock()
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(AutosavingEditor(clock: clock), reporter: reporter)
        tester.timeout = .milliseconds(50)
        await tester.send({ $0.titleChanged("Draft") }) { $0.title = "Draft" }
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1, "\(reporter.messages)")
        XCTAssertTrue(reporter.messages.first?.contains("started by titleChanged(_:)") == true, "\(reporter.messages)")
    }

    /// An intent that does not report itself leaves the task named after the method that started it.
    func test_anIntentThatDoesNotReportItself_leavesTheHelpersName() async {
        let clock = TestClock()
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(AutosavingEditor(clock: clock), reporter: reporter)
        tester.timeout = .milliseconds(50)
        await tester.send({ $0.saveNowTapped() })
        await tester.finish()
        XCTAssertTrue(reporter.messages.first?.contains("started by scheduleAutosave()") == true, "\(reporter.messages)")
    }
}
