public import ViewModelKitExampleGitHub
public import TerminalUI
public import ViewModelKit

/// The interactive `repos` screen's own state: which part has the focus, the text being typed, the
/// selected row. The screens themselves live in ``navigation``: the list at the root, then
/// repository details and owners' lists, any depth.
///
/// Focus moves between the user-name field (typing loads after a pause, as
/// `GitHubRepositoryViewModel.userNameChanged(_:)` does), the list, and the star-threshold field.
/// Enter opens the selected repository; Esc or Backspace goes back.
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
        /// Ctrl-U and Ctrl-W in the user-name field: clear it, or delete the word before the cursor
        /// (and the spaces after it), as a shell's line editor does.
        case clearLine, deleteWordBackward
        case moveUp, moveDown, refresh, editThreshold
        case thresholdDigit(Character), thresholdBackspace, applyThreshold, cancelThreshold
        /// Ctrl-U or Ctrl-W in the star-threshold field: clear the number typed so far.
        case thresholdClear
        /// Open the selected repository, go back one screen, push the detail's owner's list, reload the detail.
        case open, back, showOwnerRepositories, reloadDetail
        case quit
    }

    /// The focused part.
    @Observed public private(set) var focus: Focus = .search
    /// The selected row of the list.
    @Observed public private(set) var selection = 0
    /// The threshold being typed.
    @Observed public private(set) var thresholdText = ""

    /// The selections of the lists under the top screen, restored when going back.
    @Observed private var savedSelections: [Int] = []
    /// The stack of screens.
    @Child public private(set) var navigation: GitHubNavigationViewModel

    /// The list on screen: the top-most list of the stack (the root, or an owner's list).
    public var repositories: GitHubRepositoryViewModel {
        for destination in navigation.path.reversed() {
            if case .ownerRepositories(let list) = destination { return list }
        }
        return navigation.root
    }

    /// The repository detail on screen, when the top of the stack is one.
    public var detail: RepositoryDetailViewModel? {
        guard case .repository(let detail)? = navigation.path.last else { return nil }
        return detail
    }

    /// Whether the screen on top is loading.
    public var isLoadingOnScreen: Bool { detail?.isLoading ?? repositories.isLoading }

    /// Creates the browser; with `initialUser`, loads that user's repositories at once.
    public init(navigation: GitHubNavigationViewModel, initialUser: String? = nil) {
        self._navigation = Child(wrappedValue: navigation)
        super.init()
        if let initialUser, !initialUser.isEmpty {
            navigation.root.load(user: initialUser) { _ in }
            focus = .list
        }
    }

    /// The intent for `key` in the focused part; `onDetail` when a repository detail is on screen,
    /// `canGoBack` when a screen is stacked under the list on screen.
    public static func intent(for key: Key, focus: Focus, onDetail: Bool = false, canGoBack: Bool = false) -> Intent? {
        if case .control("c") = key { return .quit }
        if onDetail {
            switch key {
            case .character("q"), .control("d"): return .quit
            case .escape, .backspace, .delete, .left, .character("h"): return .back
            case .character("o"): return .showOwnerRepositories
            case .character("r"): return .reloadDetail
            default: return nil
            }
        }
        switch focus {
        case .search:
            switch key {
            case .character(let character): return .type(character)
            case .backspace, .delete: return .deleteBackward
            case .control("u"): return .clearLine
            case .control("w"): return .deleteWordBackward
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
            case .enter, .right, .character("l"): return .open
            case .escape, .backspace, .delete, .left, .character("h"): return canGoBack ? .back : nil
            default: return nil
            }
        case .threshold:
            switch key {
            case .character(let character) where character.isASCII && character.isNumber: return .thresholdDigit(character)
            case .backspace, .delete: return .thresholdBackspace
            case .control("u"), .control("w"): return .thresholdClear
            case .enter: return .applyThreshold
            case .escape: return .cancelThreshold
            default: return nil
            }
        }
    }

    /// Handles one key.
    public func handle(_ key: Key) -> KeyResult {
        let intent = Self.intent(for: key, focus: focus, onDetail: detail != nil, canGoBack: !navigation.path.isEmpty)
        guard let intent else { return .continue }
        return apply(intent)
    }

    /// Carries out `intent`.
    public func apply(_ intent: Intent) -> KeyResult {
        switch intent {
        case .type(let character):
            editUserName(repositories.userName + String(character))
        case .deleteBackward:
            editUserName(String(repositories.userName.dropLast()))
        case .clearLine:
            editUserName("")
        case .deleteWordBackward:
            // As readline's unix-word-rubout: the spaces before the cursor, then the word before them.
            let withoutSpaces = repositories.userName.reversed().drop { $0 == " " }
            editUserName(String(withoutSpaces.drop { $0 != " " }.reversed()))
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
        case .thresholdClear:
            thresholdText = ""
        case .applyThreshold:
            if let stars = Int(thresholdText) {
                repositories.minimumStarsChanged(stars)
                selection = 0
            }
            focus = .list
        case .cancelThreshold:
            focus = .list
        case .open:
            guard let major = repositories.majorRepositories, major.indices.contains(selection) else { break }
            let picked = major[selection]
            savedSelections.append(selection)
            selection = 0
            repositories.repositoryTapped(picked)
        case .back:
            guard !navigation.path.isEmpty else { break }
            navigation.back()
            selection = savedSelections.popLast() ?? 0
            focus = .list
        case .showOwnerRepositories:
            guard let detail else { break }
            savedSelections.append(selection)
            selection = 0
            detail.ownerRepositoriesButtonTapped()
        case .reloadDetail:
            detail?.load()
        case .quit:
            return .quit
        }
        return .continue
    }

    /// Gives the list on screen its edited user name (it loads after the pause), unless nothing
    /// changed: Ctrl-U on an empty field starts no load.
    private func editUserName(_ edited: String) {
        guard edited != repositories.userName else { return }
        repositories.userNameChanged(edited)
        selection = 0
    }
}
