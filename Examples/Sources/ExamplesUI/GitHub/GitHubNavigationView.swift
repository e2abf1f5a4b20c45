#if canImport(SwiftUI)
public import SwiftUI
import ViewModelKit
public import ViewModelKitExampleGitHub

/// The GitHub app's window: a user's major repositories in a navigation stack, with a search field for
/// the user name. Picking a repository pushes its details; "More from <owner>" on a detail pushes that
/// owner's list.
///
/// It owns a `GitHubNavigationViewModel`, and the stack's path is the view model's: the view model
/// pushes when a list or a detail asks it to, and SwiftUI's back button pops through it (the path is
/// bound with `binding(_:send:)`: read from the view model, written through `setEntries(_:)`).
///
/// ```swift
/// WindowGroup {
///     GitHubNavigationView()                                // live GitHub, starting with apple
/// }
/// GitHubNavigationView(client: SampleGitHubClient())       // answers from memory
/// ```
public struct GitHubNavigationView: View {
    @State private var navigation: GitHubNavigationViewModel
    private let initialUser: String

    /// Creates the stack.
    /// - Parameters:
    ///   - client: Where lists and repositories come from. Defaults to ``LiveClients/github(environment:)``.
    ///   - initialUser: The user whose repositories load when the window first appears.
    public init(client: any GitHubClientProtocol = LiveClients.github(), initialUser: String = "apple") {
        _navigation = State(initialValue: GitHubNavigationViewModel(client: client))
        self.initialUser = initialUser
    }

    /// The list at the root, and the pushed screens above it.
    public var body: some View {
        NavigationStack(path: navigation.binding(\.entries, send: GitHubNavigationViewModel.setEntries)) {
            GitHubRepositoriesView(viewModel: navigation.root, initialUser: initialUser)
                // Typing loads the typed user's repositories once typing pauses.
                .searchable(
                    text: navigation.root.binding(\.userName, send: GitHubRepositoryViewModel.userNameChanged),
                    prompt: "GitHub user"
                )
                .navigationDestination(for: NavigationEntry.self) { entry in
                    switch entry.destination {
                    case .repository(let detail):
                        RepositoryDetailView(viewModel: detail)
                    case .ownerRepositories(let list):
                        GitHubRepositoriesView(viewModel: list)
                    }
                }
        }
    }
}

#if DEBUG
/// The stack on answers from memory.
struct GitHubNavigationViewPreviews: PreviewProvider {
    static var previews: some View {
        GitHubNavigationView(client: SampleGitHubClient())
    }
}
#endif
#endif
