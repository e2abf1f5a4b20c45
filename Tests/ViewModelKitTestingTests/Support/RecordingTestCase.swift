import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A test case whose issues go to ``recorder`` instead of failing, so tests can pin the messages.
class RecordingTestCase: XCTestCase {
    private(set) var recorder = RecordingIssueReporter()
    private var previous: (any IssueReporter)?

    override func setUp() {
        super.setUp()
        recorder = RecordingIssueReporter()
        previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
    }

    override func tearDown() {
        IssueReporting.reporter = previous
        super.tearDown()
    }
}
