import ViewModelKit
import ViewModelKitTesting

/// Small view models with a bug that may be planted, each the kind an exploration must find: the
/// mutant suite (`MutantExplorationTests`).
enum Mutant: String, CaseIterable, Sendable {
    /// The toggle that stops the timer forgets to cancel it.
    case timerNotCancelled
    /// A search's answer is not tied to its query: an older one that answers last overwrites a newer one.
    case staleAnswerOverwrites
    /// A failed load leaves the loading flag on.
    case loadingLeftOnAfterFailure
    /// A load runs in a task the view model does not own, which holds it.
    case taskOutlivesViewModel
}

/// Answers searches: the mutants' only client.
protocol QueryClient: Sendable {
    func results(for query: String) async throws -> [String]
}

/// The one double of `QueryClient`, for explorations and scripted tests.
struct QueryClientDouble: QueryClient {
    let answers: any ClientAnswers

    func results(for query: String) async throws -> [String] {
        try await answers.answer("QueryClient", "results", for: query)
    }
}

/// Why a search failed.
struct SearchFailed: Error, Equatable {}

/// A timer, a search and a load, with one bug planted or none.
@MainActor
final class MutantModel: ViewModel {
    @Observed private(set) var count = 0
    @Observed private(set) var isTimerRunning = false
    @Observed private(set) var query = ""
    @Observed private(set) var results: [String] = []
    @Observed private(set) var resultsQuery = ""
    @Observed private(set) var isLoading = false
    @Observed private(set) var failed = false

    private let clock: any Clock<Duration>
    private let client: any QueryClient
    private let bug: Mutant?

    init(clock: any Clock<Duration>, client: any QueryClient, bug: Mutant?) {
        self.clock = clock
        self.client = client
        self.bug = bug
        super.init()
    }

    func increment() { count += 1 }

    func toggleTimer() {
        isTimerRunning.toggle()
        guard isTimerRunning else {
            if bug != .timerNotCancelled { cancelTask(id: "timer") }
            return
        }
        task(id: "timer") { [weak self, clock] in
            try await repeatEvery(.seconds(1), on: clock) { self?.count += 1 }
        }
    }

    func search(_ query: String) {
        self.query = query
        // The bug: each search a task of its own, so an older one is not cancelled.
        let id = bug == .staleAnswerOverwrites ? "search \(query)" : "search"
        task(id: id) { [weak self, client] in
            let results = try await client.results(for: query)
            self?.results = results
            self?.resultsQuery = query
        }
    }

    func load() {
        isLoading = true
        failed = false
        let operation: @MainActor @Sendable () async -> Void = { [weak self, client, bug] in
            do {
                _ = try await client.results(for: "load")
                self?.isLoading = false
            } catch is CancellationError {
                self?.isLoading = false
            } catch {
                self?.failed = true
                if bug != .loadingLeftOnAfterFailure { self?.isLoading = false }
            }
        }
        guard bug == .taskOutlivesViewModel else {
            task(id: "load", operation: operation)
            return
        }
        // The bug: a task the view model does not own, holding it until the answer comes.
        Task { [self] in
            await operation()
            _ = self.isLoading
        }
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
        name: "MutantExploredRun", imports: ["Mutants"],
        subject: "MutantModel(clock: clock, client: QueryClientDouble(answers: answers), bug: \(bug.map { ".\($0)" } ?? "nil"))",
        clients: [ScriptedClient(
            name: "QueryClient", typeName: "QueryClientDouble", conformances: ["QueryClient"],
            methods: [.init(name: "results", signature: "func results(for query: String) async throws -> [String]", key: "query")]
        )]
    ))
}
