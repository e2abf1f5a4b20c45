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
