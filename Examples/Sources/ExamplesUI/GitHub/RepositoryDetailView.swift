#if canImport(SwiftUI)
public import SwiftUI
public import ViewModelKitExampleGitHub

/// One repository's page: stars, forks, open issues, language, licence, topics and last push, a
/// link to it on GitHub, and a button that opens its owner's other major repositories.
///
/// The view model starts loading when the stack pushes it; "More from <owner>" asks the stack,
/// through the view model, to push the owner's list.
public struct RepositoryDetailView: View {
    private let viewModel: RepositoryDetailViewModel

    /// Creates the page.
    /// - Parameter viewModel: The detail's view model; the navigation stack keeps it.
    public init(viewModel: RepositoryDetailViewModel) {
        self.viewModel = viewModel
    }

    /// The repository's facts, or why they could not be loaded.
    public var body: some View {
        List {
            if let error = viewModel.error {
                Section {
                    Label(error.description, systemImage: "exclamationmark.triangle")
                    Button("Try Again") { viewModel.load() }
                }
            }
            if let repository = viewModel.repository {
                Section {
                    if let description = repository.description {
                        Text(description)
                    }
                    LabeledContent("Stars", value: repository.stargazersCount.formatted())
                    LabeledContent("Forks", value: repository.forksCount.formatted())
                    LabeledContent("Open issues", value: repository.openIssuesCount.formatted())
                    if let language = repository.language {
                        LabeledContent("Language", value: language)
                    }
                    if let license = repository.license {
                        LabeledContent("Licence", value: license)
                    }
                    if !repository.topics.isEmpty {
                        LabeledContent("Topics", value: repository.topics.joined(separator: ", "))
                    }
                    if let pushedAt = repository.pushedAt {
                        LabeledContent("Last push") {
                            Text(pushedAt, style: .date)
                        }
                    }
                    if repository.isFork {
                        Label("Fork", systemImage: "tuningfork")
                    }
                    if repository.isArchived {
                        Label("Archived", systemImage: "archivebox")
                    }
                }
                Section {
                    Button("More from \(viewModel.owner)") { viewModel.ownerRepositoriesButtonTapped() }
                    if let url = repository.htmlURL {
                        Link("Open on GitHub", destination: url)
                    }
                }
            }
        }
        .overlay {
            if viewModel.isLoading, viewModel.repository == nil {
                ProgressView()
            }
        }
        .navigationTitle(viewModel.name)
    }
}

#if DEBUG
/// A detail on answers from memory.
struct RepositoryDetailViewPreviews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            RepositoryDetailView(viewModel: loadedDetail())
        }
    }

    /// A detail that starts loading at once, as the stack's details do.
    @MainActor
    private static func loadedDetail() -> RepositoryDetailViewModel {
        let detail = RepositoryDetailViewModel(owner: "apple", name: "ccc", client: SampleGitHubClient())
        detail.load()
        return detail
    }
}
#endif
#endif
