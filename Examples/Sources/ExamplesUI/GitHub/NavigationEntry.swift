import ViewModelKitExampleGitHub

/// One screen of the GitHub stack as SwiftUI's `NavigationStack(path:)` holds it: a destination of
/// `GitHubNavigationViewModel.path`, equal to another entry only when both hold the same view model.
///
/// `GitHubNavigationViewModel.Route` names a screen, but one route can be on the stack twice (apple's
/// list, swift's detail, apple's list again, swift's detail again), and each entry must lead SwiftUI
/// to its own view model; so entries compare by view-model identity.
struct NavigationEntry: Hashable {
    /// The screen.
    let destination: GitHubNavigationViewModel.Destination

    /// The identity of the screen's view model.
    private let id: ObjectIdentifier

    /// The entry for `destination`.
    init(_ destination: GitHubNavigationViewModel.Destination) {
        self.destination = destination
        switch destination {
        case .repository(let detail): id = ObjectIdentifier(detail)
        case .ownerRepositories(let list): id = ObjectIdentifier(list)
        }
    }

    /// Whether both entries hold the same view model.
    static func == (lhs: NavigationEntry, rhs: NavigationEntry) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the view model's identity.
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension GitHubNavigationViewModel {
    /// The stack as `NavigationStack(path:)` reads it.
    var entries: [NavigationEntry] {
        path.map(NavigationEntry.init)
    }

    /// Brings the stack to `newEntries`, the path SwiftUI writes back: its back button and its back menu
    /// keep a prefix of the stack, which pops the screens above it (cancelling what they load); any
    /// other path is rebuilt from its routes, as a deep link is.
    func setEntries(_ newEntries: [NavigationEntry]) {
        let current = entries
        guard newEntries != current else { return }
        if newEntries.isEmpty {
            popToRoot()
        } else if newEntries.count < current.count, Array(current.prefix(newEntries.count)) == newEntries {
            for _ in newEntries.count..<current.count { back() }
        } else {
            replacePath(with: newEntries.map(\.destination.route))
        }
    }
}

extension GitHubNavigationViewModel.Destination {
    /// The screen by name.
    @MainActor
    var route: GitHubNavigationViewModel.Route {
        switch self {
        case .repository(let detail): .repository(owner: detail.owner, name: detail.name)
        case .ownerRepositories(let list): .ownerRepositories(list.userName)
        }
    }
}
