import ViewModelKitExampleCounter
import Foundation
import ViewModelKitExampleGitHub
import Synchronization
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Controlling time" (ControllingTime.md).

enum ControllingTimeArticle {
    typealias NumberFactClientMock = TestingArticle.NumberFactClientMock

    // snippet: time-stopwatch
    @MainActor
    final class StopwatchViewModel: ViewModel {
        @Observed private(set) var seconds = 0
        private let clock: any Clock<Duration>

        init(clock: any Clock<Duration> = ContinuousClock()) { self.clock = clock }

        func startButtonTapped() {
            task(id: "tick") { [weak self, clock] in
                try await repeatEvery(.seconds(1), on: clock) {
                    self?.seconds += 1
                }
            }
        }

        func stopButtonTapped() { cancelTask(id: "tick") }
    }
    // end snippet

    @MainActor
    static func advance() async {
        // snippet: time-advance
        let clock = TestClock()
        let stopwatch = StopwatchViewModel(clock: clock)
        stopwatch.startButtonTapped()
        await clock.checkSuspension()                  // the timer has reached its first sleep
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(stopwatch.seconds, 3)
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline.offset), [.seconds(4)])
        stopwatch.stopButtonTapped()
        XCTAssertTrue(clock.pendingSleepers.isEmpty)   // cancelling the task ended its sleep
        // end snippet
    }

    @MainActor
    static func runWithATimerLeft() async -> Int {
        // snippet: time-run-timeout
        let clock = TestClock()
        let stopwatch = StopwatchViewModel(clock: clock)
        stopwatch.startButtonTapped()
        await clock.run(timeout: .seconds(10))         // fails: the timer never stops sleeping
        XCTAssertEqual(stopwatch.seconds, 10)
        stopwatch.stopButtonTapped()
        // end snippet
        return stopwatch.seconds
    }

    @MainActor
    static func tenMinutes() async {
        // snippet: time-ten-minutes
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(600))         // ten minutes, one tick a second
        for count in 1...600 {
            await tester.receive { $0.count = count }
        }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func timerDoesNotDrift() async -> [Duration] {
        // snippet: time-timer-sequence
        let clock = TestClock()
        let ticks = Task { @MainActor in
            var deadlines: [Duration] = []
            for await deadline in clock.timer(interval: .seconds(1)) {
                deadlines.append(deadline.offset)
                if deadlines.count == 3 { break }
                try? await clock.sleep(for: .milliseconds(700))   // work that takes most of a second
            }
            return deadlines
        }
        await clock.advance(by: .seconds(3))
        let deadlines = await ticks.value
        XCTAssertEqual(deadlines, [.seconds(1), .seconds(2), .seconds(3)])   // not 1, 2.7, 4.4
        // end snippet
        return deadlines
    }

    // MARK: - The debounce of the GitHub feature

    // snippet: time-github-mock
    struct GithubAPIClientMock: GithubAPIClientProtocol {
        var fetch: @Sendable (String) async throws -> [GitHubRepository]
            = unimplemented("GithubAPIClientProtocol.fetchRepositories(user:)")

        func fetchRepositories(user: String) async throws -> [GitHubRepository] { try await fetch(user) }
    }
    // end snippet

    /// The users the mock was asked for, from any thread.
    final class RequestLog: Sendable {
        private let storage = Mutex<[String]>([])
        var users: [String] { storage.withLock { $0 } }
        func append(_ user: String) { storage.withLock { $0.append(user) } }
    }

    static let swift = GitHubRepository(id: 1, name: "swift", fullName: "apple/swift", stargazersCount: 67_000)
    static let refreshed = Date(timeIntervalSince1970: 1_700_000_000)

    @MainActor
    static func debounce() async {
        let requests = RequestLog()
        var client = GithubAPIClientMock()
        client.fetch = { user in requests.append(user); return [swift] }
        // snippet: time-debounce
        let clock = TestClock()
        let tester = ViewModelTester(
            GitHubRepositoryViewModel(client: client, clock: clock, now: .constant(refreshed)), clocks: [clock]
        )
        for text in ["a", "ap", "app", "apple"] {      // typed 100 ms apart
            await tester.send({ $0.userNameChanged(text) }) { $0.userName = text }
            await clock.advance(by: .milliseconds(100))
        }
        XCTAssertEqual(requests.users, [])              // nothing is requested while typing
        await clock.advance(by: .milliseconds(200))     // 300 ms after the last keystroke
        await tester.receive { $0.isLoading = true }
        await tester.receive {
            $0.repositories = [swift]
            $0.majorRepositories = [swift]
            $0.lastRefreshed = refreshed
            $0.isLoading = false
        }
        XCTAssertEqual(requests.users, ["apple"])
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func immediate() async {
        var client = GithubAPIClientMock()
        client.fetch = { _ in [swift] }
        // snippet: time-immediate
        let clock = ImmediateClock()
        let tester = ViewModelTester(
            GitHubRepositoryViewModel(client: client, clock: clock, now: .constant(refreshed)), exhaustivity: .off
        )
        await tester.send({ $0.userNameChanged("apple") })
        await tester.receive { $0.majorRepositories = [swift] }   // no clock to advance
        XCTAssertEqual(clock.now.offset, .milliseconds(300))       // how long it would have waited
        await tester.finish()
        // end snippet
    }

    /// What the scheduling snippet records, on the main actor.
    @MainActor
    final class Events {
        var list: [String] = []
        func append(_ event: String) { list.append(event) }
    }

    @MainActor
    static func mainActorScheduling() async {
        // snippet: time-main-actor-scheduling
        await withMainActorScheduling {
            var outcomes: Set<[String]> = []
            for _ in 0..<1_000 {
                let clock: any Clock<Duration> = ImmediateClock()
                let events = Events()
                let timer = Task { @MainActor in
                    for second in 1...3 {
                        try await clock.sleep(for: .seconds(1))   // ready work runs before it returns
                        events.list.append("tick \(second)")
                    }
                }
                let transcript = Task.detached {                 // off the main actor, scheduled on it
                    for word in ["hello", "world"] { await events.append(word) }
                }
                _ = await (timer.result, transcript.value)
                outcomes.insert(events.list)
            }
            XCTAssertEqual(outcomes.count, 1)                     // one interleaving, every time
        }
        // end snippet
    }

    @MainActor
    static func unimplementedClock() async throws {
        var client = GithubAPIClientMock()
        client.fetch = { _ in [swift] }
        // snippet: time-unimplemented-clock
        let viewModel = GitHubRepositoryViewModel(
            client: client, clock: UnimplementedClock(name: "GitHubRepositoryViewModel.clock"), now: .constant(refreshed)
        )
        try await viewModel.load(user: "apple")   // a load that is not typed has no debounce
        viewModel.userNameChanged("swiftlang")    // fails: the debounce reads the clock and sleeps on it
        // end snippet
        // The debounced load runs on its own: let it end before the test looks at the failures.
        while !viewModel.runningTaskIDs.isEmpty { await Task.yield() }
    }
}

@MainActor
final class ControllingTimeArticleTests: XCTestCase {
    /// Runs `body` with the process-wide issue reporter (where test clocks and unimplemented endpoints
    /// report) replaced by a recorder, and returns the recorded messages.
    private func recorded(_ body: () async throws -> Void) async rethrows -> [String] {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        defer { IssueReporting.reporter = previous }
        try await body()
        return recorder.messages
    }

    private func textBlocks() throws -> [String] {
        try TestingArticle.textBlocks(ofArticle: "ControllingTime")
    }

    func testAdvancingTheClockTicksTheStopwatch() async {
        let messages = await recorded { await ControllingTimeArticle.advance() }
        XCTAssertEqual(messages, [])
    }

    func testRunFailsForATimerThatNeverStops() async throws {
        var seconds = 0
        let messages = await recorded { seconds = await ControllingTimeArticle.runWithATimerLeft() }
        XCTAssertEqual(seconds, 10)
        XCTAssertEqual(messages, [
            "Expected all sleeps to finish, but some are still suspending after 10.0 seconds.\n\n"
                + "TestClock.run(timeout: 10.0 seconds): 1 sleep is still suspended at "
                + "TestClock.Instant(offset: 10.0 seconds): until TestClock.Instant(offset: 11.0 seconds) "
                + "(started at TestClock.Instant(offset: 10.0 seconds)). Advance further, raise the timeout, or cancel "
                + "the work that keeps sleeping.",
        ])
        XCTAssertTrue(try textBlocks().contains(messages.first ?? ""), "the article shows the message")
    }

    func testMainActorSchedulingGivesOneInterleaving() async {
        let messages = await recorded { await ControllingTimeArticle.mainActorScheduling() }
        XCTAssertEqual(messages, [])
    }

    func testTenSimulatedMinutesOfTheCounterTimer() async {
        let messages = await recorded { await ControllingTimeArticle.tenMinutes() }
        XCTAssertEqual(messages, [])
    }

    func testTheTimerSequenceDoesNotDrift() async {
        let deadlines = await ControllingTimeArticle.timerDoesNotDrift()
        XCTAssertEqual(deadlines, [.seconds(1), .seconds(2), .seconds(3)])
    }

    func testTypingQuicklyMakesOneRequestAfterThePause() async {
        let messages = await recorded { await ControllingTimeArticle.debounce() }
        XCTAssertEqual(messages, [])
    }

    func testAnImmediateClockRunsTheDebounceAtOnce() async {
        let messages = await recorded { await ControllingTimeArticle.immediate() }
        XCTAssertEqual(messages, [])
    }

    func testAnUnimplementedClockFailsOnlyWhenTheDebounceUsesIt() async throws {
        let messages = try await recorded { try await ControllingTimeArticle.unimplementedClock() }
        XCTAssertEqual(messages, [
            "Unimplemented: GitHubRepositoryViewModel.clock.now was called but has no test implementation.",
            "Unimplemented: GitHubRepositoryViewModel.clock.sleep was called but has no test implementation.",
        ])
        XCTAssertTrue(try textBlocks().contains(messages.joined(separator: "\n")), "the article shows the messages")
    }
}
