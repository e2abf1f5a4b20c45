/// A user or organization name that GitHub allows, checked before any request or file access.
///
/// ```swift
/// let name = try GitHubUserName("octocat")     // fine
/// _ = try GitHubUserName("../etc")             // throws FetcherError.invalidUserName
/// ```
///
/// Rules (GitHub's own): 1 to 39 characters of `A-Z a-z 0-9 -`, with hyphens only single and only
/// between other characters. So a name can never hold a path separator, a dot, a percent escape, a
/// query, white space or a Unicode look-alike, and is safe in a URL path and a file name.
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
    /// The name ends with a hyphen.
    case trailingHyphen
    /// The name has two hyphens in a row.
    case consecutiveHyphens

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
        case .trailingHyphen:
            return "must not end with a hyphen"
        case .consecutiveHyphens:
            return "must not have two hyphens in a row"
        }
    }

    static func firstBroken(by name: String) -> UserNameRule? {
        if name.isEmpty { return .empty }
        if let bad = name.first(where: { !$0.isGitHubNameCharacter }) { return .invalidCharacter(bad) }
        if name.utf8.count > GitHubUserName.maximumLength { return .tooLong(count: name.utf8.count) }
        if name.hasPrefix("-") { return .leadingHyphen }
        if name.hasSuffix("-") { return .trailingHyphen }
        if name.contains("--") { return .consecutiveHyphens }
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
