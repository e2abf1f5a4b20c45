// The view models of the mutant suite. MutantRoundTripTests copies this file, as it is, into a
// package of its own (module `Mutants`), where the tests the explorations wrote are built and run:
// so it imports only ViewModelKit, and what a written test names is public.
public import ViewModelKit

/// Small view models with a bug that may be planted, each the kind an exploration must find: the
/// mutant suite (`MutantExplorationTests`).
public enum Mutant: String, CaseIterable, Sendable {
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
public protocol QueryClient: Sendable {
    /// The results for `query`.
    func results(for query: String) async throws -> [String]
}

/// Why a search failed.
public struct SearchFailed: Error, Equatable {
    /// A failure.
    public init() {}
}

/// A timer, a search and a load, with one bug planted or none.
@MainActor
public final class MutantModel: ViewModel {
    @Observed public private(set) var count = 0
    @Observed public private(set) var isTimerRunning = false
    @Observed public private(set) var query = ""
    @Observed public private(set) var results: [String] = []
    @Observed public private(set) var resultsQuery = ""
    @Observed public private(set) var isLoading = false
    @Observed public private(set) var failed = false

    private let clock: any Clock<Duration>
    private let client: any QueryClient
    private let bug: Mutant?

    public init(clock: any Clock<Duration>, client: any QueryClient, bug: Mutant?) {
        self.clock = clock
        self.client = client
        self.bug = bug
        super.init()
    }

    public func increment() { count += 1 }

    public func toggleTimer() {
        isTimerRunning.toggle()
        guard isTimerRunning else {
            if bug != .timerNotCancelled { cancelTask(id: "timer") }
            return
        }
        task(id: "timer") { [weak self, clock] in
            try await repeatEvery(.seconds(1), on: clock) { self?.count += 1 }
        }
    }

    public func search(_ query: String) {
        self.query = query
        // The bug: each search a task of its own, so an older one is not cancelled.
        let id = bug == .staleAnswerOverwrites ? "search \(query)" : "search"
        task(id: id) { [weak self, client] in
            let results = try await client.results(for: query)
            self?.results = results
            self?.resultsQuery = query
        }
    }

    public func load() {
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

