import Foundation
import TestSupport
import ViewModelKit
@testable import ViewModelKitTesting
import XCTest

/// Planted bugs of several kinds, each found by exploring and shrunk to a minimal run: a timer not
/// cancelled, a stale answer that overwrites a newer one, a loading flag left on after a failure, and
/// a task that outlives its view model (see `Support/Mutants.swift`).
///
/// A plain `swift test` tries 1 seed per bug (the campaign of seed 1, which the other tests check
/// too); `VMK_FULL_STRESS=1` (without a sanitizer) tries 20, and needs each bug found
/// within 300 runs of at most 40 steps for 19 of them, shrunk to the minimal length (or one step
/// more) for 95% of the pairs.
@MainActor
final class MutantExplorationTests: XCTestCase {
    /// Each bug's invariant, and the length of its shortest failing run (the release counts as a step).
    private static let expected: [Mutant: (invariant: String, minimal: Int)] = [
        .timerNotCancelled: ("the count moves only by an intent while the timer is off", 3),
        .staleAnswerOverwrites: ("the results shown are the latest query's, once it answered", 3),
        .loadingLeftOnAfterFailure: ("the loading flag is off once a load failed", 2),
        .taskOutlivesViewModel: ("no task outlives the view model", 2),
    ]

    /// Seed 1, and nineteen more under `VMK_FULL_STRESS`, but not under a sanitizer, where the plain
    /// run has covered them.
    private var seeds: [UInt64] {
        FullStress.isOn && NestedPackage.sanitizer == nil ? [1] + (2...20).map { $0 * 1_000 } : [1]
    }

    func test_everyPlantedBug_isFound_andShrunkToAMinimalRun() async {
        var pairs = 0
        var minimalOrOneMore = 0
        for mutant in Mutant.allCases {
            let (invariant, minimal) = Self.expected[mutant]!
            var found = 0
            for seed in seeds {
                let (report, messages) = await MutantCampaigns.outcome(mutant, seed: seed)
                guard let failure = report.failure else { continue }
                found += 1
                pairs += 1
                XCTAssertEqual(failure.invariant, invariant, "\(mutant), seed \(seed):\n\(failure)")
                XCTAssertNil(failure.nondeterminism, "\(mutant), seed \(seed)")
                XCTAssertEqual(messages, [failure.description + "\n" + report.timing])
                if failure.steps.count <= minimal + 1 { minimalOrOneMore += 1 }
                XCTAssertGreaterThanOrEqual(failure.steps.count, minimal, "\(mutant): shorter than the shortest run?\n\(failure)")
            }
            XCTAssertGreaterThanOrEqual(found, seeds.count - seeds.count / 20, "\(mutant) found for \(found) of \(seeds.count) seeds")
        }
        XCTAssertGreaterThanOrEqual(Double(minimalOrOneMore), 0.95 * Double(pairs), "\(minimalOrOneMore) of \(pairs) shrunk to the minimal length or one more")
    }

    func test_theTimerThatIsNotCancelled_shrinksToOnOffAndTime() async {
        let report = await MutantCampaigns.report(.timerNotCancelled)
        guard let failure = report.failure else { return XCTFail("not found") }
        XCTAssertEqual(failure.steps.count, 3, "\(failure)")
        XCTAssertEqual(Array(failure.steps.prefix(2)), ["toggleTimer()", "toggleTimer()"])
        XCTAssertEqual(failure.steps.last, "advance(by: .milliseconds(2000))", "the shortest advance that ticks twice")
        XCTAssertEqual(failure.step, 3)
        XCTAssertLessThanOrEqual(failure.steps.count, failure.unshrunkLength)
        XCTAssertGreaterThan(failure.shrinkReplays, 0)
        // A continuation that turns the timer on again replaces the forgotten one: no earlier step is
        // a point of no return.
        XCTAssertEqual(failure.pointOfNoReturn, 3, "\(failure)")
    }

    func test_theShrunkRun_isWrittenAsATest_thatChecksTheBrokenStep() async throws {
        let report = await MutantCampaigns.report(.timerNotCancelled)
        let source = try XCTUnwrap(report.failure?.testSource)
        XCTAssertTrue(source.hasPrefix("// Written by an exploration: step 3 broke \"the count moves only by an intent while the timer is off\".\n// Seed 1; shrunk from "), source)
        let body = """
                    let tester = ViewModelTester(
                        MutantModel(clock: clock, client: QueryClientDouble(answers: answers), bug: .timerNotCancelled),
                        exhaustivity: .off(showSkippedAssertions: false)
                    )

                    await tester.send({ $0.toggleTimer() })
                    await tester.send({ $0.toggleTimer() })

                    // Step 3 broke "the count moves only by an intent while the timer is off".
                    // A view model that keeps it does not reach the state below, with the same tasks running.
                    await tester.skipReceivedChanges(strict: false)
                    let before = tester.state
                    await clock.advance(by: .milliseconds(2000))
                    await tester.skipReceivedChanges(strict: false)
                    tester.assertNotReached(from: before, runningTaskIDs: ["timer"]) { $0.count = 2 }
                    await tester.skipInFlightTasks(strict: false)
                    await tester.finish()
            """
        XCTAssertTrue(source.contains(body), source)
        XCTAssertTrue(source.contains("""
            private struct QueryClientDouble: QueryClient {
                let answers: ScriptedAnswers

                func results(for query: String) async throws -> [String] {
                    try await answers.answer("QueryClient", "results", for: query)
                }
            }
            """), source)
        XCTAssertEqual(report.failure?.testFiles.map(\.name), ["TimerNotCancelledExploredRunTests.swift"])
        // The article "Exploring a view model" shows this very file.
        let article = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/ViewModelKitTesting/Documentation.docc/ExploringAViewModel.md"),
            encoding: .utf8
        )
        XCTAssertTrue(article.contains("```swift\n" + source + "```\n"), "the article's written test is not the one written now:\n\(source)")
    }

    /// What the Done-when asks of twenty seeds: at most two distinct tests per bug, without the comment.
    func test_seedsThatFindOneBug_writeAtMostTwoDistinctTests() async throws {
        try XCTSkipIf(seeds.count < 2, "compares the tests of several seeds: VMK_FULL_STRESS=1 runs it")
        for mutant in Mutant.allCases {
            var sources: Set<String> = []
            for seed in seeds {
                guard let source = await MutantCampaigns.report(mutant, seed: seed).failure?.testSource else { continue }
                sources.insert(source.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n"))
            }
            XCTAssertLessThanOrEqual(sources.count, 2, "\(mutant):\n\(sources.joined(separator: "\n\n"))")
        }
    }

    func test_aLoadThatFails_leavesTheFlagOn_inTwoSteps() async {
        let report = await MutantCampaigns.report(.loadingLeftOnAfterFailure)
        guard let failure = report.failure else { return XCTFail("not found") }
        XCTAssertEqual(failure.steps, ["load()", "answer call 1, QueryClient.results(load), with the error SearchFailed()"])
    }

    func test_aTaskTheViewModelDoesNotOwn_outlivesIt() async {
        let report = await MutantCampaigns.report(.taskOutlivesViewModel)
        guard let failure = report.failure else { return XCTFail("not found") }
        XCTAssertEqual(failure.steps, ["load()", "release the view model"])
        XCTAssertTrue(failure.detail.contains("not released"), failure.detail)
    }

    func test_theCorrectModel_holdsForEveryRun_andEveryIntentRuns() async {
        let reporter = RecordingIssueReporter()
        let report = await mutantExploration(nil).explore(ExplorationBudget(seed: 1, runs: 50, steps: 40), reporter: reporter)
        XCTAssertNil(report.failure, "\(report.failure?.description ?? "")")
        XCTAssertEqual(reporter.messages, [])
        XCTAssertEqual(report.runs, 50)
        XCTAssertEqual(Set(report.ran.keys), ["increment()", "toggleTimer()", "search", "load()"])
        XCTAssertEqual(report.warnings, [])
    }

    func test_aSeed_replaysTheSameRun() async {
        let exploration = mutantExploration(.staleAnswerOverwrites)
        let first = await MutantCampaigns.report(.staleAnswerOverwrites)
        XCTAssertNotNil(first.failure)
        let replays = seeds.count > 1 ? 100 : 1
        for _ in 0..<replays {
            let again = await exploration.explore(ExplorationBudget(seed: 1, runs: 300, steps: 40), reporter: RecordingIssueReporter())
            XCTAssertEqual(again.failure, first.failure)
        }
    }

    func test_aCallWithoutAnswers_breaksTheBuiltInInvariant() async {
        var exploration = Exploration { explorer in
            MutantModel(clock: explorer.clock, client: QueryClientDouble(answers: explorer.answers), bug: nil)
        }
        exploration = exploration.intent("load()") { $0.load() }
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 10, steps: 5), reporter: RecordingIssueReporter())
        XCTAssertEqual(report.failure?.invariant, "no unexpected client call")
        XCTAssertEqual(report.failure?.steps, ["load()"])
    }

    func test_health_warnsOfAnIntentThatNeverRuns() async {
        let exploration = mutantExploration(nil).intent("never()", when: { (_: MutantModel) in false }) { (_: MutantModel) in }
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 5, steps: 10), reporter: RecordingIssueReporter())
        XCTAssertEqual(report.warnings, ["never() was never enabled in 5 runs: its precondition held before no step"])
        XCTAssertEqual(report.enabled["never()"], 0)
    }
}
