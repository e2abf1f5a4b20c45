/// A user or organization name that GitHub allows, checked before any request or file access.
///
/// ```swift
/// let name = try GitHubUserName("octocat")     // fine
/// _ = try GitHubUserName("../etc")             // throws FetcherError.invalidUserName
/// ```
///
/// Rules: 1 to 39 characters of `A-Z a-z 0-9 -`, not starting with a hyphen. So a name can never hold
/// a path separator, a dot, a percent escape, a query, white space or a Unicode look-alike, and is
/// safe in a URL path and a file name. GitHub no longer lets new accounts end in a hyphen or hold two
/// in a row, but it still serves old accounts that do (`foo-`, `a--b`), so those are accepted.
public struct GitHubUserName: Hashable, Sendable, CustomStringConvertible {
    /// The longest name GitHub allows.
    public static let maximumLength = 39

    /// The validated name.
    public let rawValue: String

    /// Validates `name`.
    /// - Throws: ``FetcherError/invalidUserName(_:reason:)`` naming the rule it breaks.
    public init(_ name: String) throws(FetcherError) {
        if let rule = UserNameRule.firstBroken(by: name) {
            throw .invalidUserName(name, reason: rule)
        }
        rawValue = name
    }

    /// The name itself.
    public var description: String { rawValue }
}

/// A rule a GitHub user name must follow.
public enum UserNameRule: Equatable, Sendable, CustomStringConvertible {
    /// The name is empty.
    case empty
    /// The name has more than ``GitHubUserName/maximumLength`` characters (it has `count`).
    case tooLong(count: Int)
    /// The name contains a character outside `A-Z a-z 0-9 -`.
    case invalidCharacter(Character)
    /// The name starts with a hyphen.
    case leadingHyphen

    /// What the rule says, e.g. `must not start with a hyphen`.
    public var description: String {
        switch self {
        case .empty:
            return "must not be empty"
        case .tooLong(let count):
            return "has \(count) characters; at most \(GitHubUserName.maximumLength) are allowed"
        case .invalidCharacter(let character):
            return "contains \(String(character).quotedForDisplay); only letters A-Z, digits and hyphens are allowed"
        case .leadingHyphen:
            return "must not start with a hyphen"
        }
    }

    static func firstBroken(by name: String) -> UserNameRule? {
        if name.isEmpty { return .empty }
        if let bad = name.first(where: { !$0.isGitHubNameCharacter }) { return .invalidCharacter(bad) }
        if name.utf8.count > GitHubUserName.maximumLength { return .tooLong(count: name.utf8.count) }
        if name.hasPrefix("-") { return .leadingHyphen }
        return nil
    }
}

extension Character {
    fileprivate var isGitHubNameCharacter: Bool {
        guard let ascii = asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
