public import Foundation
public import ViewModelKitExampleGitHub
public import TerminalUI

/// The interactive `repos` detail screen: a pure function from state and terminal size to a frame.
public enum RepositoryDetailScreen {
    /// What the screen shows.
    public struct State: Equatable, Sendable {
        /// `owner/name`.
        public var fullName: String
        /// The repository, once loaded.
        public var repository: GitHubRepositoryDetail?
        /// Whether a load is in flight.
        public var isLoading: Bool
        /// The last load's error.
        public var error: FetcherError?
        /// How many screens are stacked under this one.
        public var depth: Int
        /// The spinner's frame.
        public var spinner: String

        /// Creates a state value.
        public init(
            fullName: String, repository: GitHubRepositoryDetail? = nil, isLoading: Bool = false, error: FetcherError? = nil,
            depth: Int = 1, spinner: String = "⠋"
        ) {
            self.fullName = fullName
            self.repository = repository
            self.isLoading = isLoading
            self.error = error
            self.depth = depth
            self.spinner = spinner
        }

        /// The state of `detail`, shown `depth` screens deep.
        @MainActor
        public init(_ detail: RepositoryDetailViewModel, depth: Int, spinner: String) {
            self.init(
                fullName: detail.fullName, repository: detail.repository, isLoading: detail.isLoading, error: detail.error,
                depth: depth, spinner: spinner
            )
        }
    }

    /// The help line.
    public static let help = "Esc/⌫ back  o owner's repositories  r reload  q quit"

    /// The frame for `state` in a terminal of `columns` × `rows`. The last push is shown as a date in
    /// `timeZone`.
    public static func render(_ state: State, columns: Int, rows: Int, timeZone: TimeZone = .current) -> Frame {
        let width = max(1, columns)
        let height = max(1, rows)
        var lines: [String] = []
        let stars = state.repository.map { "\($0.stargazersCount)★" } ?? ""
        lines.append(CounterScreen.spread(String(repeating: "‹ ", count: state.depth) + TextLayout.sanitize(state.fullName), stars, width: width))
        lines.append(state.isLoading ? "\(state.spinner) loading…" : "")
        lines.append(String(repeating: "─", count: width))
        if let error = state.error {
            lines.append("✖ " + ReposScreen.message(for: error, timeZone: timeZone))
        }
        if let repository = state.repository {
            if let description = repository.description, !description.isEmpty {
                lines += TextLayout.wrap(TextLayout.sanitize(description), width: width)
                lines.append("")
            }
            let rows: [(String, String)] = [
                ("Stars", "\(repository.stargazersCount)"),
                ("Forks", "\(repository.forksCount)"),
                ("Open issues", "\(repository.openIssuesCount)"),
                ("Language", repository.language ?? "—"),
                ("Licence", repository.license ?? "—"),
                ("Topics", repository.topics.isEmpty ? "—" : repository.topics.joined(separator: ", ")),
                ("Last push", repository.pushedAt.map { date(of: $0, timeZone: timeZone) } ?? "—"),
                ("Page", repository.htmlURL?.absoluteString ?? "—"),
            ] + (repository.isArchived ? [("Archived", "yes (read-only)")] : []) + (repository.isFork ? [("Fork", "yes")] : [])
            for (label, value) in rows {
                lines.append(TextLayout.truncate(TextLayout.pad(label, toWidth: 12) + TextLayout.sanitize(value), toWidth: width))
            }
        }
        var frame = Array(lines.prefix(max(0, height - 1)))
        while frame.count < height - 1 { frame.append("") }
        frame.append(help)
        return Frame(width: width, height: height, lines: Array(frame.suffix(height)))
    }

    /// `2026-05-14` in `timeZone`.
    static func date(of date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }
}
