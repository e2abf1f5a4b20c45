import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A feed loaded by an `async` intent, as a view's `.task` and `.refreshable` await it. With `bug`,
/// a failed load leaves the spinner on.
@MainActor
private final class FeedModel: ViewModel {
    @Observed private(set) var items: [String] = []
    @Observed private(set) var isLoading = false
    /// How many refreshes are still running: what the invariant needs and the screen does not show.
    private(set) var refreshing = 0
    private let answers: any ClientAnswers
    private let bug: Bool

    init(answers: any ClientAnswers, bug: Bool) {
        self.answers = answers
        self.bug = bug
        super.init()
    }

    func refresh() async {
        refreshing += 1
        isLoading = true
        defer { refreshing -= 1 }
        do {
            items = try await answers.answer("FeedClient", "latest", for: "")
            isLoading = refreshing > 1
        } catch {
            if !bug { isLoading = refreshing > 1 }
        }
    }

    func clear() { items = [] }
}

private struct LoadFailed: Error, Equatable {}

/// An exploration takes `async` intents: a step starts one and ends once it waits on the run's
/// answers; it goes on in later steps, and the end of the run cancels it as SwiftUI cancels a `.task`.
@MainActor
final class ExploredAsyncIntentTests: XCTestCase {
    private func feed(bug: Bool) -> Exploration<FeedModel> {
        Exploration { explorer in FeedModel(answers: explorer.answers, bug: bug) }
            .asyncIntent("refresh()") { await $0.refresh() }
            .intent("clear()") { $0.clear() }
            .answers("FeedClient", "latest", errors: [LoadFailed()]) { (_: String, _) in ["Hello"] }
            .invariant("the spinner shows only while a refresh runs") { $0.isLoading == ($0.refreshing > 0) }
            .writingTests(subject: "FeedModel(answers: answers, bug: true)")
    }

    func test_aCorrectFeed_passes_withTheIntentsRunningAcrossSteps() async {
        let report = await feed(bug: false).explore(ExplorationBudget(seed: 1, runs: 30, steps: 20), reporter: RecordingIssueReporter())
        XCTAssertNil(report.failure, "\(String(describing: report.failure))")
        XCTAssertGreaterThan(report.ran["refresh()"] ?? 0, 0)
        XCTAssertEqual(report.warnings, [], "a refresh never waited for its answer, or an intent never ran")
    }

    func test_aSpinnerLeftOnByAFailedRefresh_isFound_andShrunk_andWrittenWithAwait() async {
        let report = await feed(bug: true).explore(ExplorationBudget(seed: 1, runs: 50, steps: 20), reporter: RecordingIssueReporter())
        let failure = try? XCTUnwrap(report.failure)
        XCTAssertEqual(failure?.invariant, "the spinner shows only while a refresh runs")
        XCTAssertEqual(failure?.steps.first, "await refresh()")
        XCTAssertEqual(failure?.steps.count, 2, "\(String(describing: failure?.steps))")
        let source = failure?.testSource ?? ""
        XCTAssertTrue(source.contains("await tester.send({ await $0.refresh() })"), source)
        XCTAssertTrue(source.contains("await answers.respond(to: \"FeedClient\", \"latest\", for: \"\", call: 1, throwing: LoadFailed())"), source)
    }

    /// The written test's steps, as it writes them: it fails on the bug, and passes on the fix.
    func test_theWrittenSteps_failOnTheBug_andPassOnTheFix() async {
        for bug in [true, false] {
            let reporter = RecordingIssueReporter()
            let answers = ScriptedAnswers()
            let tester = ViewModelTester(
                FeedModel(answers: answers, bug: bug), exhaustivity: .off(showSkippedAssertions: false), reporter: reporter
            )
            await tester.send({ await $0.refresh() })
            await tester.skipReceivedChanges(strict: false)
            let before = tester.state
            await answers.respond(to: "FeedClient", "latest", for: "", call: 1, throwing: LoadFailed())
            await tester.skipReceivedChanges(strict: false)
            tester.assertNotReached(from: before, runningTaskIDs: [])
            await tester.skipInFlightTasks(strict: false)
            await tester.finish()
            XCTAssertEqual(reporter.issues.count, bug ? 1 : 0, "bug: \(bug): \(reporter.messages)")
        }
    }
}
