public import GitHubRepositories
public import TerminalUI
public import ViewModelKit

/// The interactive `repos` screen's own state: which part has the focus, the text being typed, the
/// selected row. The repositories themselves live in ``repositories``.
///
/// Focus moves between the user-name field (typing loads after a pause, as
/// `GitHubRepositoryViewModel.userNameChanged(_:)` does), the list, and the star-threshold field.
@MainActor
public final class ReposBrowser: ViewModel {
    /// Which part of the screen takes keys.
    public enum Focus: Equatable, Sendable {
        /// The user-name field.
        case search
        /// The repository list.
        case list
        /// The star-threshold field.
        case threshold
    }

    /// What a key asks the browser to do.
    public enum Intent: Equatable, Sendable {
        case type(Character), deleteBackward, focusList, focusSearch
        case moveUp, moveDown, refresh, editThreshold
        case thresholdDigit(Character), thresholdBackspace, applyThreshold, cancelThreshold
        case quit
    }

    /// The focused part.
    @Observed public private(set) var focus: Focus = .search
    /// The selected row of the list.
    @Observed public private(set) var selection = 0
    /// The threshold being typed.
    @Observed public private(set) var thresholdText = ""

    /// The repositories being browsed.
    public let repositories: GitHubRepositoryViewModel

    /// Creates the browser; with `initialUser`, loads that user's repositories at once.
    public init(repositories: GitHubRepositoryViewModel, initialUser: String? = nil) {
        self.repositories = repositories
        super.init()
        if let initialUser, !initialUser.isEmpty {
            repositories.load(user: initialUser) { _ in }
            focus = .list
        }
    }

    /// The intent for `key` in the focused part.
    public static func intent(for key: Key, focus: Focus) -> Intent? {
        if case .control("c") = key { return .quit }
        switch focus {
        case .search:
            switch key {
            case .character(let character): return .type(character)
            case .backspace, .delete: return .deleteBackward
            case .enter, .tab, .down, .escape: return .focusList
            default: return nil
            }
        case .list:
            switch key {
            case .character("q"), .control("d"): return .quit
            case .character("j"), .down: return .moveDown
            case .character("k"), .up: return .moveUp
            case .character("r"): return .refresh
            case .character("m"): return .editThreshold
            case .character("/"), .character("s"), .tab: return .focusSearch
            default: return nil
            }
        case .threshold:
            switch key {
            case .character(let character) where character.isASCII && character.isNumber: return .thresholdDigit(character)
            case .backspace, .delete: return .thresholdBackspace
            case .enter: return .applyThreshold
            case .escape: return .cancelThreshold
            default: return nil
            }
        }
    }

    /// Handles one key.
    public func handle(_ key: Key) -> KeyResult {
        guard let intent = Self.intent(for: key, focus: focus) else { return .continue }
        return apply(intent)
    }

    /// Carries out `intent`.
    public func apply(_ intent: Intent) -> KeyResult {
        switch intent {
        case .type(let character):
            repositories.userNameChanged(repositories.userName + String(character))
            selection = 0
        case .deleteBackward:
            repositories.userNameChanged(String(repositories.userName.dropLast()))
            selection = 0
        case .focusList:
            focus = .list
        case .focusSearch:
            focus = .search
        case .moveUp:
            selection = max(0, selection - 1)
        case .moveDown:
            selection = min(max(0, (repositories.majorRepositories?.count ?? 0) - 1), selection + 1)
        case .refresh:
            if !repositories.userName.isEmpty { repositories.load(user: repositories.userName) { _ in } }
        case .editThreshold:
            thresholdText = ""
            focus = .threshold
        case .thresholdDigit(let digit):
            if thresholdText.count < 7 { thresholdText.append(digit) }
        case .thresholdBackspace:
            thresholdText = String(thresholdText.dropLast())
        case .applyThreshold:
            if let stars = Int(thresholdText) {
                repositories.minimumStarsChanged(stars)
                selection = 0
            }
            focus = .list
        case .cancelThreshold:
            focus = .list
        case .quit:
            return .quit
        }
        return .continue
    }
}
