public import Foundation
public import ViewModelKitExampleGitHub
public import TerminalUI

/// The interactive `repos` screen: a pure function from state and terminal size to a frame.
public enum ReposScreen {
    /// What the screen shows.
    public struct State: Equatable, Sendable {
        /// The user-name field's text.
        public var userName: String
        /// The focused part.
        public var focus: ReposBrowser.Focus
        /// The major repositories (`nil` before the first load).
        public var repositories: [GitHubRepository]?
        /// How many repositories the user has in all.
        public var totalCount: Int?
        /// The star threshold.
        public var minimumStars: Int
        /// The threshold being typed.
        public var thresholdText: String
        /// The selected row.
        public var selection: Int
        /// Whether a load is in flight.
        public var isLoading: Bool
        /// The last load's error.
        public var error: FetcherError?
        /// The spinner's frame.
        public var spinner: String
        /// How many screens are stacked under this list (0 at the root).
        public var depth: Int

        /// Creates a state value.
        public init(
            userName: String = "", focus: ReposBrowser.Focus = .search, repositories: [GitHubRepository]? = nil,
            totalCount: Int? = nil, minimumStars: Int = 50, thresholdText: String = "", selection: Int = 0,
            isLoading: Bool = false, error: FetcherError? = nil, spinner: String = "⠋", depth: Int = 0
        ) {
            self.userName = userName
            self.focus = focus
            self.repositories = repositories
            self.totalCount = totalCount
            self.minimumStars = minimumStars
            self.thresholdText = thresholdText
            self.selection = selection
            self.isLoading = isLoading
            self.error = error
            self.spinner = spinner
            self.depth = depth
        }

        /// The state of `browser`.
        @MainActor
        public init(_ browser: ReposBrowser, spinner: String) {
            let model = browser.repositories
            self.init(
                userName: model.userName, focus: browser.focus, repositories: model.majorRepositories,
                totalCount: model.repositories?.count, minimumStars: model.minimumStars,
                thresholdText: browser.thresholdText, selection: browser.selection, isLoading: model.isLoading,
                error: model.error, spinner: spinner, depth: browser.navigation.path.count
            )
        }
    }

    /// The frame for `state` in a terminal of `columns` × `rows`. Times (a rate limit's reset) are
    /// shown as HH:MM in `timeZone`.
    public static func render(_ state: State, columns: Int, rows: Int, timeZone: TimeZone = .current) -> Frame {
        let width = max(1, columns)
        let height = max(1, rows)
        var lines: [String] = []
        let title = state.depth == 0 ? "GitHub repositories" : String(repeating: "‹ ", count: state.depth) + "Repositories of the owner"
        lines.append(CounterScreen.spread(title, "≥ \(state.minimumStars)★", width: width))
        let cursor = state.focus == .search ? "▏" : ""
        let status = state.isLoading ? "  \(state.spinner) loading…" : ""
        lines.append("User: " + TextLayout.sanitize(state.userName) + cursor + status)
        lines.append(String(repeating: "─", count: width))

        let listHeight = max(0, height - lines.count - 2)
        var body: [String] = []
        if let error = state.error {
            body.append("✖ " + message(for: error, timeZone: timeZone))
        }
        if let repositories = state.repositories {
            if repositories.isEmpty {
                body.append("No repository with \(state.minimumStars) or more stars (\(state.totalCount ?? 0) checked).")
            } else {
                body += listRows(for: repositories, selection: state.selection, width: width, height: max(0, listHeight - body.count))
            }
        } else if state.error == nil && !state.isLoading {
            body.append("Type a GitHub user name.")
        }
        lines += body.prefix(listHeight)
        while lines.count < height - 2 { lines.append("") }
        lines = Array(lines.prefix(max(0, height - 2)))
        if state.focus == .threshold {
            lines.append("Minimum stars: " + state.thresholdText + "▏  (Enter apply, Esc cancel)")
        } else {
            lines.append(state.repositories.map { "\($0.count) of \(state.totalCount ?? $0.count) repositories" } ?? "")
        }
        lines.append(help(for: state.focus, canGoBack: state.depth > 0))
        return Frame(width: width, height: height, lines: Array(lines.suffix(height)))
    }

    /// The help line for the focused part.
    public static func help(for focus: ReposBrowser.Focus, canGoBack: Bool = false) -> String {
        switch focus {
        case .search: return "type a user  Enter/↓ list  Ctrl-C quit"
        case .list: return "j/k move  Enter open  " + (canGoBack ? "Esc back  " : "") + "r refresh  m stars  / user  q quit"
        case .threshold: return "digits  Enter apply  Esc cancel"
        }
    }

    /// The list rows, scrolled so that the selection shows: marker, name, stars, bar, description.
    static func listRows(for repositories: [GitHubRepository], selection: Int, width: Int, height: Int) -> [String] {
        guard height > 0 else { return [] }
        let maxStars = max(1, repositories.map(\.stargazersCount).max() ?? 1)
        let nameWidth = min(max(4, repositories.map { TextLayout.width(of: TextLayout.sanitize($0.name)) }.max() ?? 4), max(4, width / 3))
        let starWidth = String(maxStars).count
        let barWidth = max(0, min(20, width / 5))
        let first = min(max(0, selection - height + 1), max(0, repositories.count - height))
        return repositories[first..<min(repositories.count, first + height)].enumerated().map { offset, repository in
            let index = first + offset
            let marker = index == selection ? "› " : "  "
            let name = TextLayout.pad(TextLayout.sanitize(repository.name), toWidth: nameWidth)
            let stars = String(repeating: " ", count: max(0, starWidth - String(repository.stargazersCount).count)) + String(repository.stargazersCount)
            let bar = TextLayout.pad(starBar(repository.stargazersCount, of: maxStars, width: barWidth), toWidth: barWidth)
            let description = TextLayout.sanitize(repository.description ?? "")
            return TextLayout.truncate("\(marker)\(name)  \(stars)★ \(bar)  \(description)", toWidth: width)
        }
    }

    /// A bar of `width` eighth-blocks scaled so that `maxStars` fills it.
    static func starBar(_ stars: Int, of maxStars: Int, width: Int) -> String {
        guard width > 0, maxStars > 0 else { return "" }
        let eighths = Int((Double(stars) / Double(maxStars) * Double(width * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    }

    /// A short, inline message for `error`: "rate limited until 14:05" rather than a full date.
    static func message(for error: FetcherError, timeZone: TimeZone) -> String {
        switch error {
        case .rateLimited(let resetAt?):
            return "rate limited until \(clockTime(resetAt, timeZone: timeZone)); set GITHUB_TOKEN for more"
        case .secondaryRateLimited(let retryAt):
            return "too many requests at once; retry after \(clockTime(retryAt, timeZone: timeZone))"
        default:
            return error.description
        }
    }

    private static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
