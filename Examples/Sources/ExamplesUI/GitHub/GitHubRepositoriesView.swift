#if canImport(SwiftUI)
public import SwiftUI
import ViewModelKit
public import ViewModelKitExampleGitHub

/// A GitHub user's major repositories: those with at least the chosen number of stars, in GitHub's
/// order. The list loads in `.task`, reloads on pull-to-refresh (`.refreshable`), and filters again
/// at once when the star threshold changes; a failed load shows why above the repositories already
/// shown.
///
/// Tapping a repository tells the view model, whose owner (a navigation stack) opens it.
///
/// ```swift
/// GitHubRepositoriesView(viewModel: navigation.root, initialUser: "apple")
/// ```
public struct GitHubRepositoriesView: View {
    private let viewModel: GitHubRepositoryViewModel
    private let initialUser: String?

    /// The thresholds the star filter offers, besides the current one.
    private static let thresholds = [0, 10, 50, 100, 500, 1_000, 5_000, 10_000]

    /// Creates the list.
    /// - Parameters:
    ///   - viewModel: The list's view model; its owner keeps it.
    ///   - initialUser: The user to load when the list first appears with nothing loaded. `nil` for a
    ///     list that its owner loads (an owner's list pushed on the stack).
    public init(viewModel: GitHubRepositoryViewModel, initialUser: String? = nil) {
        self.viewModel = viewModel
        self.initialUser = initialUser
    }

    /// The error, the repositories and the star filter.
    public var body: some View {
        List {
            if let error = viewModel.error {
                Section {
                    Label(error.description, systemImage: "exclamationmark.triangle")
                    Button("Try Again") { Task { await refresh() } }
                }
            }
            Section {
                ForEach(viewModel.majorRepositories ?? []) { repository in
                    Button {
                        viewModel.repositoryTapped(repository)
                    } label: {
                        RepositoryRow(repository: repository)
                    }
                    .foregroundStyle(.primary)
                }
            } header: {
                summary
            }
        }
        .overlay { placeholder }
        .navigationTitle(viewModel.userName.isEmpty ? "Repositories" : viewModel.userName)
        .toolbar {
            ToolbarItem {
                Picker("Minimum stars", selection: viewModel.binding(\.minimumStars, send: GitHubRepositoryViewModel.minimumStarsChanged)) {
                    ForEach(starChoices, id: \.self) { stars in
                        Text("\(stars)+ ★").tag(stars)
                    }
                }
                .pickerStyle(.menu)
            }
            #if os(macOS)
            // A Mac has no pull-to-refresh.
            ToolbarItem {
                Button("Refresh", systemImage: "arrow.clockwise") { Task { await refresh() } }
                    .keyboardShortcut("r")
                    .disabled(viewModel.userName.isEmpty)
            }
            #endif
        }
        .task { await loadInitialUser() }
        .refreshable { await refresh() }
    }

    /// How many repositories pass the threshold, and when the list was loaded.
    @ViewBuilder private var summary: some View {
        if let repositories = viewModel.repositories, let major = viewModel.majorRepositories {
            VStack(alignment: .leading) {
                Text("\(major.count) of \(repositories.count) with \(viewModel.minimumStars)+ stars")
                if let lastRefreshed = viewModel.lastRefreshed {
                    Text("Updated \(lastRefreshed, style: .relative) ago")
                }
            }
        }
    }

    /// A spinner while an empty list loads, or why a loaded list is empty (an error says why itself).
    @ViewBuilder private var placeholder: some View {
        if viewModel.majorRepositories?.isEmpty ?? true {
            if viewModel.isLoading {
                ProgressView()
            } else if viewModel.error == nil, viewModel.majorRepositories != nil {
                ContentUnavailableView(
                    "No Major Repositories", systemImage: "star",
                    description: Text("No repository has \(viewModel.minimumStars) or more stars.")
                )
            }
        }
    }

    /// The filter's choices, with the current threshold among them.
    private var starChoices: [Int] {
        Set(Self.thresholds + [viewModel.minimumStars]).sorted()
    }

    /// Loads ``initialUser`` unless something was loaded or typed already: `.task` runs each time the
    /// list appears, as when the stack pops back to it.
    private func loadInitialUser() async {
        guard let initialUser, viewModel.repositories == nil, viewModel.userName.isEmpty else { return }
        // A failure is in `viewModel.error`, which the list shows; a cancelled load needs nothing.
        try? await viewModel.load(user: initialUser)
    }

    /// Loads the shown user again; pull-to-refresh waits for it.
    private func refresh() async {
        guard !viewModel.userName.isEmpty else { return }
        try? await viewModel.refresh()
    }
}

#if DEBUG
/// The list on answers from memory: three of the five sample repositories have 50 or more stars.
struct GitHubRepositoriesViewPreviews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            GitHubRepositoriesView(viewModel: GitHubRepositoryViewModel(client: SampleGitHubClient()), initialUser: "apple")
        }
    }
}
#endif
#endif
