import ViewModelKit
import ViewModelKitTesting

/// The one double of `QueryClient`, for explorations and scripted tests.
struct QueryClientDouble: QueryClient {
    let answers: any ClientAnswers

    func results(for query: String) async throws -> [String] {
        try await answers.answer("QueryClient", "results", for: query)
    }
}

/// The exploration of a `MutantModel`, with the invariants a reviewer would state.
@MainActor
func mutantExploration(_ bug: Mutant?) -> Exploration<MutantModel> {
    var exploration = Exploration { explorer in
        MutantModel(clock: explorer.clock, client: QueryClientDouble(answers: explorer.answers), bug: bug)
    }
    exploration = exploration
        .intent("increment()") { $0.increment() }
        .intent("toggleTimer()") { $0.toggleTimer() }
        .intent("search", weight: 2, arguments: { model, choices in
            let query = choices.element(of: ["a", "ab", "abc"]) ?? "a"
            model.search(query)
            return "search(\"\(query)\")"
        })
        .intent("load()") { $0.load() }
        .answers("QueryClient", "results", weight: 3, errors: [SearchFailed()]) { (query: String, _) in
            [query.uppercased()]
        }
    exploration = exploration
        .invariant("the count moves only by an intent while the timer is off", comparing: { $0.count }) { before, model in
            model.isTimerRunning || model.count <= before + 1
        }
        .invariant("the results shown are the latest query's, once it answered", comparing: { $0.resultsQuery }) { before, model in
            model.resultsQuery == before || model.resultsQuery == model.query
        }
        .invariant("the loading flag is off once a load failed") { model in
            !(model.isLoading && model.failed)
        }
    exploration.maximumAdvance = .seconds(3)
    return exploration.writingTests(ExploredTest(
        name: bug.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() + "ExploredRun" } ?? "ExploredRun", imports: ["Mutants"],
        subject: "MutantModel(clock: clock, client: QueryClientDouble(answers: answers), bug: \(bug.map { ".\($0)" } ?? "nil"))",
        clients: [ScriptedClient(
            name: "QueryClient", typeName: "QueryClientDouble", conformances: ["QueryClient"],
            methods: [.init(name: "results", signature: "func results(for query: String) async throws -> [String]", key: "query")]
        )]
    ))
}

/// Each planted bug's campaign of 300 runs of at most 40 steps from a seed, explored once per test
/// process: several tests check the same campaign (what it found, how it shrank, the test it
/// wrote), and exploring is deterministic, so a second exploration would only repeat the first.
@MainActor
enum MutantCampaigns {
    /// A campaign's report, and what it reported as issues.
    typealias Outcome = (report: ExplorationReport, messages: [String])

    private static var explored: [String: Outcome] = [:]

    /// The campaign of `bug` from `seed`.
    static func outcome(_ bug: Mutant, seed: UInt64) async -> Outcome {
        let key = "\(bug) \(seed)"
        if let known = explored[key] { return known }
        let reporter = RecordingIssueReporter()
        let report = await mutantExploration(bug).explore(ExplorationBudget(seed: seed, runs: 300, steps: 40), reporter: reporter)
        explored[key] = (report, reporter.messages)
        return (report, reporter.messages)
    }

    /// The report of the campaign of `bug` from `seed`.
    static func report(_ bug: Mutant, seed: UInt64 = 1) async -> ExplorationReport {
        await outcome(bug, seed: seed).report
    }
}
