public import ViewModelKit

/// One repository's page: stars, forks, open issues, language, licence, topics and last push,
/// loaded from `GET /repos/{owner}/{repo}`.
///
/// ```swift
/// let detail = RepositoryDetailViewModel(owner: "apple", name: "swift", client: client)
/// detail.load()
/// ```
///
/// It does not know who shows it: it tells its owner through ``delegate`` that the user wants the
/// owner's other repositories, and leaves with `dismiss()`.
///
/// ## Topics
///
/// ### Creating the view model
///
/// - ``init(owner:name:client:)``
/// - ``owner``
/// - ``name``
/// - ``fullName``
///
/// ### State
///
/// - ``repository``
/// - ``isLoading``
/// - ``error``
///
/// ### Intents
///
/// - ``load()``
/// - ``ownerRepositoriesButtonTapped()``
/// - ``backButtonTapped()``
///
/// ### Telling the owner
///
/// - ``delegate``
/// - ``Event``
@MainActor
public final class RepositoryDetailViewModel: ViewModel {
    /// What the detail tells its owner.
    public enum Event: Equatable, Sendable {
        /// The user asked for the other major repositories of this owner.
        case showOwnerRepositories(owner: String)
    }

    /// The repository's owner.
    public nonisolated let owner: String
    /// The repository's name.
    public nonisolated let name: String
    /// The repository, once loaded.
    @Observed public private(set) var repository: GitHubRepositoryDetail?
    /// Whether a load is in flight.
    @Observed public private(set) var isLoading = false
    /// Why the last load failed; `nil` after a success and while loading.
    @Observed public private(set) var error: FetcherError?
    /// Where the detail's events go.
    public let delegate = Delegate<Event>()

    private let client: any RepositoryDetailClientProtocol

    /// The id of the load task.
    private enum TaskID: Hashable, Sendable { case load }

    /// Creates the view model; nothing loads until ``load()``.
    public init(owner: String, name: String, client: any RepositoryDetailClientProtocol) {
        self.owner = owner
        self.name = name
        self.client = client
        super.init()
    }

    /// `owner/name`.
    public nonisolated var fullName: String { "\(owner)/\(name)" }

    /// Loads (or reloads) the repository, cancelling a load in flight. A failure sets ``error`` and
    /// keeps what was shown.
    public func load() {
        recordIntent()
        isLoading = true
        error = nil
        task(id: TaskID.load) { [weak self, client, owner, name] in
            do {
                let repository = try await client.fetchRepository(owner: owner, name: name)
                try Task.checkCancellation()
                self?.repository = repository
                self?.isLoading = false
            } catch {
                if Task.isCancelled || error is CancellationError { return }
                self?.error = error as? FetcherError ?? .network(String(describing: error))
                self?.isLoading = false
            }
        }
    }

    /// The user asked for the owner's other repositories.
    public func ownerRepositoriesButtonTapped() {
        recordIntent()
        delegate.send(.showOwnerRepositories(owner: owner))
    }

    /// The user went back.
    public func backButtonTapped() {
        recordIntent()
        dismiss()
    }
}
