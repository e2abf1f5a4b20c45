public import ViewModelKit

/// The GitHub feature as a navigation stack: the repository list at the root, then any depth of
/// repository details and owners' repository lists.
///
/// ```swift
/// let navigation = GitHubNavigationViewModel(client: FixtureGithubAPIClient(directory: fixtures))
/// navigation.root.load(user: "apple") { _ in }
/// navigation.root.repositoryTapped(swift)        // pushes swift's detail, which loads
/// navigation.path.last                           // .repository(RepositoryDetailViewModel)
/// navigation.back()                              // pops it; its load is cancelled
/// navigation.replacePath(with: [.repository(owner: "apple", name: "swift"), .ownerRepositories("apple")])
/// ```
///
/// The children do not know the stack: lists say which repository was picked and details ask for
/// their owner's repositories through their delegates; the stack decides what to push.
///
/// ## Topics
///
/// ### Creating the stack
///
/// - ``init(client:minimumStars:clock:now:)``
///
/// ### The screens
///
/// - ``root``
/// - ``path``
/// - ``routes``
/// - ``Destination``
/// - ``Route``
///
/// ### Navigating
///
/// - ``push(_:)``
/// - ``back()``
/// - ``popToRoot()``
/// - ``replacePath(with:)``
@MainActor
public final class GitHubNavigationViewModel: ViewModel {
    /// A screen pushed on the stack.
    public enum Destination: ViewModelContainer {
        /// One repository's detail.
        case repository(RepositoryDetailViewModel)
        /// An owner's major repositories.
        case ownerRepositories(GitHubRepositoryViewModel)

        /// The destination's view model.
        public var childViewModels: [ViewModel] {
            switch self {
            case .repository(let model): [model]
            case .ownerRepositories(let model): [model]
            }
        }
    }

    /// A destination by name: what a deep link or a saved session holds.
    public enum Route: Hashable, Sendable {
        /// `owner/name`'s detail.
        case repository(owner: String, name: String)
        /// `owner`'s major repositories.
        case ownerRepositories(String)
    }

    /// The repository list at the bottom of the stack.
    @Child public private(set) var root: GitHubRepositoryViewModel
    /// The screens pushed on top of ``root``, bottom first.
    @Child public private(set) var path: [Destination] = []

    private let client: any GitHubClientProtocol
    private let makeList: @MainActor () -> GitHubRepositoryViewModel

    /// Creates the stack with an empty list at its root.
    /// - Parameters:
    ///   - client: Where lists and repositories come from. Defaults to the live ``GithubAPIClient``.
    ///   - minimumStars: Every list's star threshold.
    ///   - clock: What the lists' search debounce sleeps on.
    ///   - now: Tells the time for the lists' `lastRefreshed`.
    public init(
        client: any GitHubClientProtocol = GithubAPIClient(),
        minimumStars: Int = GitHubRepositoryViewModel.defaultMinimumStars,
        clock: any Clock<Duration> = ContinuousClock(),
        now: DateGenerator = .live
    ) {
        self.client = client
        let makeList: @MainActor () -> GitHubRepositoryViewModel = {
            GitHubRepositoryViewModel(client: client, minimumStars: minimumStars, clock: clock, now: now)
        }
        self.makeList = makeList
        self._root = Child(wrappedValue: makeList())
        super.init()
        connect(root)
    }

    /// The pushed screens by name.
    public var routes: [Route] {
        path.map { destination in
            switch destination {
            case .repository(let detail): .repository(owner: detail.owner, name: detail.name)
            case .ownerRepositories(let list): .ownerRepositories(list.userName)
            }
        }
    }

    /// Pushes `route`'s screen, which starts loading.
    public func push(_ route: Route) {
        recordIntent(route)
        path.append(makeDestination(route))
    }

    /// Pops the top screen (cancelling what it was loading). Does nothing at the root.
    public func back() {
        recordIntent()
        guard !path.isEmpty else { return }
        path.removeLast()
    }

    /// Pops every pushed screen.
    public func popToRoot() {
        recordIntent()
        path = []
    }

    /// Replaces the whole stack above the root with `routes` (a deep link); each new screen starts
    /// loading, and the screens it replaces stop.
    public func replacePath(with routes: [Route]) {
        recordIntent(routes)
        path = routes.map(makeDestination)
    }

    private func makeDestination(_ route: Route) -> Destination {
        switch route {
        case .repository(let owner, let name):
            let detail = RepositoryDetailViewModel(owner: owner, name: name, client: client)
            detail.delegate.connect(to: self) { navigation, event in
                switch event {
                case .showOwnerRepositories(let owner): navigation.push(.ownerRepositories(owner))
                }
            }
            detail.load()
            return .repository(detail)
        case .ownerRepositories(let owner):
            let list = makeList()
            connect(list)
            list.load(user: owner) { _ in }
            return .ownerRepositories(list)
        }
    }

    /// Whose `repository` is: the owner its `fullName` names (`owner/name`), else the user whose
    /// repositories the list shows (a `fullName` without an owner, as
    /// `GitHubRepository(id:name:stargazersCount:)` makes by default). An exploration found "tools"
    /// in apple's list opening `tools/tools`, and then the user of a load still in flight.
    nonisolated static func owner(of repository: GitHubRepository, listedFor user: String) -> String {
        guard let slash = repository.fullName.firstIndex(of: "/") else { return user }
        return String(repository.fullName[..<slash])
    }

    private func connect(_ list: GitHubRepositoryViewModel) {
        list.delegate.connect(to: self) { [weak list] navigation, event in
            switch event {
            case .repositorySelected(let repository):
                navigation.push(.repository(owner: Self.owner(of: repository, listedFor: list?.repositoriesUser ?? ""), name: repository.name))
            }
        }
    }
}
