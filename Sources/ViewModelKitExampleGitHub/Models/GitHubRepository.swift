public import Foundation
internal import ViewModelKit

/// A repository as GitHub's REST API lists it (`GET /users/{user}/repos`).
///
/// Decodes GitHub's full repository objects, ignoring the fields it does not keep. Swift names in
/// code, GitHub's keys on the wire:
///
/// ```swift
/// let repositories = try JSONDecoder().decode([GitHubRepository].self, from: data)
/// repositories[0].stargazersCount   // "stargazers_count" in the JSON
/// ```
public struct GitHubRepository: Codable, Hashable, Identifiable, Sendable {
    /// GitHub's numeric id of the repository.
    public var id: Int
    /// The repository's name, e.g. `swift`.
    public var name: String
    /// The owner and name, e.g. `apple/swift`.
    public var fullName: String
    /// How many users starred the repository.
    public var stargazersCount: Int
    /// The one-line description, if the owner wrote one.
    public var description: String?
    /// The main language GitHub detected, if any.
    public var language: String?
    /// The repository's page on GitHub, e.g. `https://github.com/apple/swift`.
    public var htmlURL: URL?
    /// Whether the repository is a fork of another.
    public var isFork: Bool
    /// Whether the repository is archived (read-only).
    public var isArchived: Bool

    /// Creates a repository value; `fullName` defaults to `name`.
    public init(
        id: Int,
        name: String,
        fullName: String? = nil,
        stargazersCount: Int,
        description: String? = nil,
        language: String? = nil,
        htmlURL: URL? = nil,
        isFork: Bool = false,
        isArchived: Bool = false
    ) {
        self.id = id
        self.name = name
        self.fullName = fullName ?? name
        self.stargazersCount = stargazersCount
        self.description = description
        self.language = language
        self.htmlURL = htmlURL
        self.isFork = isFork
        self.isArchived = isArchived
    }

    /// GitHub's JSON keys.
    enum CodingKeys: String, CodingKey {
        case id
        case name
        case fullName = "full_name"
        case stargazersCount = "stargazers_count"
        case description
        case language
        case htmlURL = "html_url"
        case isFork = "fork"
        case isArchived = "archived"
        case watchersCount = "watchers_count"
        case watchers
    }

    /// Decodes one repository object. `id`, `name`, `full_name` and the star count are required (the
    /// star count as `stargazers_count`, or `watchers` in responses from before 2012); the rest may be
    /// missing or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.wholeNumber(forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fullName = try container.decode(String.self, forKey: .fullName)
        // NB: responses from before 2012 call the star count `watchers`; newer ones send all three.
        if let stars = try container.wholeNumberIfPresent(forKey: .stargazersCount)
            ?? container.wholeNumberIfPresent(forKey: .watchersCount)
            ?? container.wholeNumberIfPresent(forKey: .watchers) {
            stargazersCount = stars
        } else {
            stargazersCount = try container.wholeNumber(forKey: .stargazersCount)
        }
        description = try container.decodeIfPresent(String.self, forKey: .description)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
        isFork = try container.decodeIfPresent(Bool.self, forKey: .isFork) ?? false
        isArchived = try container.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false
    }

    /// Every key ``init(from:)`` reads: one of them twice in an object makes the value ambiguous.
    static let readKeys = [CodingKeys.id, .name, .fullName, .stargazersCount, .description, .language, .htmlURL, .isFork,
                           .isArchived, .watchersCount, .watchers].map(\.rawValue)

    /// Encodes the fields this type keeps, under GitHub's keys (`null` for a missing optional).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(stargazersCount, forKey: .stargazersCount)
        try container.encode(description, forKey: .description)
        try container.encode(language, forKey: .language)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(isFork, forKey: .isFork)
        try container.encode(isArchived, forKey: .isArchived)
    }
}

extension GitHubRepository {
    /// Decodes a list response body, turning any failure into ``FetcherError/decodingFailed(source:reason:)``
    /// that names `source` (a URL or a file path): an empty body, an HTML page, a JSON object (GitHub's
    /// error body, its `message` quoted), invalid UTF-8, deep nesting, duplicate keys, wrong types,
    /// `null`s and numbers out of range all say what was wrong. A UTF-8 byte-order mark and unknown
    /// fields are accepted.
    package static func decodeList(from data: Data, source: String) throws(FetcherError) -> [GitHubRepository] {
        try decodeGitHubJSON([GitHubRepository].self, from: data, source: source, shape: .array, elementKeys: readKeys)
    }

    /// ``decodeList(from:source:)`` with the check of a large body overlapping the decode: the same
    /// result and errors, in less time when a core is free. What the clients call.
    package static func decodeListConcurrently(from data: Data, source: String) async throws(FetcherError) -> [GitHubRepository] {
        try await decodeGitHubJSONConcurrently([GitHubRepository].self, from: data, source: source, shape: .array, elementKeys: readKeys)
    }
}


extension KeyedDecodingContainer {
    /// `decode(Int.self, forKey:)`, but a number with a fraction or beyond 64 bits is reported at its
    /// key: Foundation's own error for it says only "not valid JSON", at the top level.
    fileprivate func wholeNumber(forKey key: Key) throws -> Int {
        try wholeNumberIfPresent(forKey: key) ?? decode(Int.self, forKey: key)
    }

    /// `decodeIfPresent(Int.self, forKey:)`, reporting a number that is no `Int` at its key.
    fileprivate func wholeNumberIfPresent(forKey key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "not a whole number within the 64-bit range (\(error))"
            ))
        }
    }
}

extension DecodingError {
    /// "at [3].stargazers_count: expected Int, found a string" and the like.
    var readableReason: String {
        func path(_ context: Context) -> String {
            let components = context.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }
            let joined = components.joined()
            return joined.isEmpty ? "top level" : String(joined.drop { $0 == "." })
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "at \(path(context)): expected \(type) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "at \(path(context)): expected \(type), found null"
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing key \"\(key.stringValue)\"" + (parent == "top level" ? "" : " at \(parent)")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "at \(path(context)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return String(describing: self)
        }
    }
}
