import Testing
import ViewModelKit
import ViewModelKitTesting

/// Under Swift Testing, the tester records its failures as Swift Testing issues.
@MainActor
@Suite struct SwiftTestingReporterTests {
    @Test func testerFailuresBecomeSwiftTestingIssues() async {
        await withKnownIssue {
            let tester = ViewModelTester(FactModel())
            await tester.send({ $0.incrementButtonTapped() }) { $0.count = 2 }
            await tester.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("A state change does not match expectation") }
        }
    }

    @Test func aCorrectTestRecordsNoIssue() async {
        let tester = ViewModelTester(FactModel())
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.finish()
    }
}
