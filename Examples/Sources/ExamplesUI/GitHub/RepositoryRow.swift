#if canImport(SwiftUI)
import SwiftUI
import ViewModelKitExampleGitHub

/// One repository in a list: its name and stars, its description and language.
struct RepositoryRow: View {
    /// The repository shown.
    let repository: GitHubRepository

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text(repository.name)
                    .font(.headline)
                Spacer()
                Label(repository.stargazersCount.formatted(), systemImage: "star.fill")
                    .font(.subheadline)
                    .monospacedDigit()
                    .foregroundStyle(.secondary)
            }
            if let description = repository.description {
                Text(description)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(2)
            }
            if let language = repository.language {
                Text(language)
                    .font(.caption)
                    .foregroundStyle(.tertiary)
            }
        }
    }
}
#endif
