import Testing
import ViewModelKit
import ViewModelKitTesting

// Swift Testing runs the cases of a parameterized test in parallel. Here 300 cases, each with its
// own clock and tester, drive a timer, a debounce and a fetch at once; every tenth case also makes
// an assertion fail on purpose inside `withKnownIssue`, which passes only if that failure is
// recorded in its own case (a failure that landed in another case would fail both). One suite runs
// with the process's own scheduling, the other with main-actor scheduling on for each case.

/// A timer, a debounced search and a fetch, each a task of the view model.
@MainActor
final class StressModel: ViewModel {
    @Observed private(set) var ticks = 0
    @Observed private(set) var isTimerRunning = false
    @Observed private(set) var query = ""
    @Observed private(set) var results: [String] = []
    @Observed private(set) var fact: String?
    @Observed private(set) var isLoading = false

    private let clock: any Clock<Duration>
    private let fetch: @Sendable (String) async throws -> String

    init(clock: any Clock<Duration>, fetch: @escaping @Sendable (String) async throws -> String) {
        self.clock = clock
        self.fetch = fetch
    }

    func timerToggled() {
        isTimerRunning.toggle()
        guard isTimerRunning else { return cancelTask(id: "timer") }
        task(id: "timer") { [weak self, clock] in
            try await repeatEvery(.seconds(1), on: clock) { self?.ticks += 1 }
        }
    }

    func queryChanged(_ query: String) {
        self.query = query
        task(id: "search") { [weak self, clock] in
            try await clock.sleep(for: .milliseconds(300))
            self?.results = [query, query.uppercased()]
        }
    }

    func factTapped() {
        isLoading = true
        task(id: "fact") { [weak self, fetch, query] in
            let fact = try await fetch(query)
            self?.fact = fact
            self?.isLoading = false
        }
    }
}

/// One case: the timer ticks three times, a debounced search lands, a fetch answers, and the
/// tester finishes clean. With `failsOnPurpose`, one assertion is wrong, inside `withKnownIssue`.
@MainActor
private func runCase(_ index: Int, failsOnPurpose: Bool) async {
    let clock = TestClock()
    let model = StressModel(clock: clock, fetch: { "fact about \($0)" })
    let tester = ViewModelTester(model, timeout: .seconds(30), clocks: [clock])
    let query = "q\(index)"

    await tester.send({ $0.timerToggled() }) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await tester.receive { $0.ticks = 1 }
    await tester.send({ $0.queryChanged(query) }) { $0.query = query }
    await clock.advance(by: .milliseconds(300))
    await tester.receive { $0.results = [query, query.uppercased()] }
    await tester.send({ $0.factTapped() }) { $0.isLoading = true }
    if failsOnPurpose {
        await withKnownIssue {
            await tester.receive {
                $0.fact = "a wrong fact"
                $0.isLoading = false
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("A state change does not match expectation") }
        }
    } else {
        await tester.receive {
            $0.fact = "fact about \(query)"
            $0.isLoading = false
        }
    }
    await clock.advance(by: .milliseconds(700))
    await tester.receive { $0.ticks = 2 }
    await tester.send({ $0.timerToggled() }) { $0.isTimerRunning = false }
    await tester.finish()
    #expect(clock.pendingSleepers.isEmpty)
}

@MainActor
@Suite struct ParallelTesterStressTests {
    @Test(arguments: 0..<300)
    func manyTestersAtOnce(_ index: Int) async {
        await runCase(index, failsOnPurpose: index % 10 == 0)
    }
}

@MainActor
@Suite(.mainActorScheduling) struct ParallelTesterStressUnderMainActorSchedulingTests {
    @Test(arguments: 0..<300)
    func manyTestersAtOnce(_ index: Int) async {
        await runCase(index, failsOnPurpose: index % 10 == 0)
    }
}
