public import Foundation
public import ViewModelKit

/// Lists a GitHub user's major repositories: those with at least ``minimumStars`` stars.
///
/// Built on `ViewModel`: every property a screen shows is `@Observed`.
///
/// ```swift
/// let viewModel = GitHubRepositoryViewModel(client: FixtureGithubAPIClient(directory: fixtures))
/// try await viewModel.load(user: "apple")
/// viewModel.majorRepositories   // the repositories with 50 or more stars, in GitHub's order
/// ```
///
/// A new load cancels the one in flight, and a late answer never overwrites a newer one. A failed
/// load sets ``error`` and keeps the repositories already shown.
///
/// ## Topics
///
/// ### Creating the view model
///
/// - ``init(client:minimumStars:clock:now:)``
/// - ``defaultMinimumStars``
/// - ``searchDebounce``
///
/// ### State
///
/// - ``userName``
/// - ``repositories``
/// - ``majorRepositories``
/// - ``minimumStars``
/// - ``isLoading``
/// - ``error``
/// - ``lastRefreshed``
///
/// ### Intents
///
/// - ``load(user:)``
/// - ``load(user:completion:)``
/// - ``userNameChanged(_:)``
/// - ``refresh()``
/// - ``minimumStarsChanged(_:)``
/// - ``repositoryTapped(_:)``
/// - ``fetchMajorRepositories()``
///
/// ### Telling the owner
///
/// - ``delegate``
/// - ``Event``
@MainActor
public final class GitHubRepositoryViewModel: ViewModel {
    /// The star count from which a repository is major, unless the initializer says otherwise.
    public nonisolated static let defaultMinimumStars = 50

    /// The user name in the search field: the user whose repositories are loading or shown, or empty
    /// once the field is emptied (the last user's repositories then stay shown).
    @Observed public private(set) var userName: String
    /// Every repository of the last successful load, in GitHub's order; `nil` before the first.
    @Observed public private(set) var repositories: [GitHubRepository]?
    /// The repositories with at least ``minimumStars`` stars; `nil` until the list is first filtered
    /// (by a load or ``minimumStarsChanged(_:)``), and empty when it is filtered before any load.
    @Observed public private(set) var majorRepositories: [GitHubRepository]?
    /// Whether a load is in flight.
    @Observed public private(set) var isLoading: Bool
    /// Why the last load failed; `nil` after a success and while loading.
    @Observed public private(set) var error: FetcherError?
    /// The star threshold. Changing it re-filters ``majorRepositories`` at once.
    @Observed public private(set) var minimumStars: Int
    /// When the last successful load finished; `nil` before the first.
    @Observed public private(set) var lastRefreshed: Date?

    /// What the list tells its owner.
    public enum Event: Equatable, Sendable {
        /// The user picked a repository.
        case repositorySelected(GitHubRepository)
    }

    /// Where the list's events go (a navigation stack opens the repository).
    public let delegate = Delegate<Event>()

    /// How long ``userNameChanged(_:)`` waits for more typing before it loads.
    public nonisolated static let searchDebounce: Duration = .milliseconds(300)

    private let client: any GithubAPIClientProtocol
    private let clock: any Clock<Duration>
    private let now: DateGenerator

    /// The id of the load task.
    private enum TaskID: Hashable, Sendable { case load }

    /// The user whose repositories ``repositories`` holds: ``userName`` may already name the next one.
    private(set) var repositoriesUser = ""

    /// Counts the loads started, so that a cancelled load can tell whether a newer one replaced it.
    private var loadGeneration = 0

    /// Creates the view model.
    /// - Parameters:
    ///   - client: Where repositories come from. Defaults to the live ``GithubAPIClient``.
    ///   - minimumStars: The star threshold. Defaults to ``defaultMinimumStars``.
    ///   - clock: What the search debounce sleeps on. Tests pass a `TestClock`.
    ///   - now: Tells the time for ``lastRefreshed``. Tests pass a constant.
    public init(
        client: any GithubAPIClientProtocol = GithubAPIClient(),
        minimumStars: Int = defaultMinimumStars,
        clock: any Clock<Duration> = ContinuousClock(),
        now: DateGenerator = .live
    ) {
        self.client = client
        self.clock = clock
        self.now = now
        self._lastRefreshed = Observed(wrappedValue: nil)
        self._userName = Observed(wrappedValue: "")
        self._repositories = Observed(wrappedValue: nil)
        self._majorRepositories = Observed(wrappedValue: nil)
        self._isLoading = Observed(wrappedValue: false)
        self._error = Observed(wrappedValue: nil)
        self._minimumStars = Observed(wrappedValue: minimumStars)
        super.init()
    }

    /// Loads `user`'s repositories and calls `completion` once, on the main actor: with `nil` on
    /// success, with the error otherwise (`CancellationError` if a newer load replaced this one).
    public func load(user: String, completion: @escaping @MainActor ((any Error)?) -> Void) {
        recordIntent(user, completion)
        startLoad(user: user, debounce: nil, completion: completion)
    }

    /// Loads `user`'s repositories.
    /// - Throws: A ``FetcherError`` (also stored in ``error``), or `CancellationError` if a newer load
    ///   replaced this one or the calling task was cancelled.
    public func load(user: String) async throws {
        await recordIntent(user, throwing: true)
        let task = startLoad(user: user, debounce: nil, completion: nil)
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// The user typed in the search field: loads `text`'s repositories once typing pauses for
    /// ``searchDebounce``, cancelling the pending and the in-flight load. An empty field loads nothing.
    public func userNameChanged(_ text: String) {
        recordIntent(text)
        if text.isEmpty {
            cancelTask(id: TaskID.load)
            userName = text
            isLoading = false
            error = nil
            return
        }
        startLoad(user: text, debounce: Self.searchDebounce, completion: nil)
    }

    /// Loads the current user again.
    public func refresh() async throws {
        await recordIntent(throwing: true)
        try await load(user: userName)
    }

    /// The user picked `repository`: tells the owner, which opens it.
    public func repositoryTapped(_ repository: GitHubRepository) {
        recordIntent(repository)
        delegate.send(.repositorySelected(repository))
    }

    /// Sets the star threshold and re-filters.
    public func minimumStarsChanged(_ stars: Int) {
        recordIntent(stars)
        minimumStars = stars
        fetchMajorRepositories()
    }

    /// Recomputes ``majorRepositories`` from ``repositories`` and ``minimumStars``; an empty list if
    /// nothing was loaded yet. Loads call it themselves; call it after changing the list by other means.
    public func fetchMajorRepositories() {
        recordIntent()
        majorRepositories = (repositories ?? []).filter { $0.stargazersCount >= minimumStars }
    }

    @discardableResult
    private func startLoad(
        user: String, debounce: Duration?, completion: (@MainActor ((any Error)?) -> Void)?
    ) -> Task<Void, any Error> {
        userName = user
        error = nil
        // A debounced load shows no spinner until it really starts.
        isLoading = debounce == nil
        loadGeneration &+= 1
        let generation = loadGeneration
        return task(id: TaskID.load) { [weak self, client, clock] in
            do {
                if let debounce {
                    try await clock.sleep(for: debounce)
                    // Typing went on while the pause was ending: the newer load owns the spinner.
                    try Task.checkCancellation()
                    self?.isLoading = true
                }
                let repositories = try await client.fetchRepositories(user: user)
                try Task.checkCancellation()
                guard let self else { throw CancellationError() }
                self.repositories = repositories
                self.repositoriesUser = user
                self.fetchMajorRepositories()
                self.lastRefreshed = self.now()
                self.isLoading = false
                completion?(nil)
            } catch {
                // A load replaced by a newer one leaves the state to it. One cancelled by its caller
                // (a view's task ending) and not replaced stops the spinner.
                if Task.isCancelled || error is CancellationError {
                    if let self, self.loadGeneration == generation { self.isLoading = false }
                    completion?(CancellationError())
                    throw CancellationError()
                }
                let failure = error as? FetcherError ?? .network(String(describing: error))
                self?.error = failure
                self?.isLoading = false
                completion?(failure)
                throw failure
            }
        }
    }
}
