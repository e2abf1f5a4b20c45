public import Foundation

/// One repository as GitHub describes it on its own page (`GET /repos/{owner}/{repo}`): what the
/// detail screen shows.
///
/// Decodes GitHub's full repository object, from the single-repository endpoint or from a list
/// (both carry these fields), ignoring the rest.
public struct GitHubRepositoryDetail: Codable, Hashable, Identifiable, Sendable {
    /// GitHub's numeric id of the repository.
    public var id: Int
    /// The repository's name, e.g. `swift`.
    public var name: String
    /// The owner and name, e.g. `apple/swift`.
    public var fullName: String
    /// The owner's login, e.g. `apple`.
    public var owner: String
    /// The one-line description, if the owner wrote one.
    public var description: String?
    /// How many users starred the repository.
    public var stargazersCount: Int
    /// How many forks it has.
    public var forksCount: Int
    /// How many issues and pull requests are open.
    public var openIssuesCount: Int
    /// The main language GitHub detected, if any.
    public var language: String?
    /// The licence's SPDX id (e.g. `MIT`) or, failing that, its name; `nil` if GitHub found none.
    public var license: String?
    /// The topics the owner tagged it with.
    public var topics: [String]
    /// When someone last pushed to it.
    public var pushedAt: Date?
    /// The repository's page on GitHub.
    public var htmlURL: URL?
    /// Whether the repository is a fork of another.
    public var isFork: Bool
    /// Whether the repository is archived (read-only).
    public var isArchived: Bool

    /// Creates a value; `fullName` defaults to `owner/name`.
    public init(
        id: Int, name: String, owner: String, fullName: String? = nil, description: String? = nil,
        stargazersCount: Int = 0, forksCount: Int = 0, openIssuesCount: Int = 0, language: String? = nil,
        license: String? = nil, topics: [String] = [], pushedAt: Date? = nil, htmlURL: URL? = nil,
        isFork: Bool = false, isArchived: Bool = false
    ) {
        self.id = id
        self.name = name
        self.owner = owner
        self.fullName = fullName ?? "\(owner)/\(name)"
        self.description = description
        self.stargazersCount = stargazersCount
        self.forksCount = forksCount
        self.openIssuesCount = openIssuesCount
        self.language = language
        self.license = license
        self.topics = topics
        self.pushedAt = pushedAt
        self.htmlURL = htmlURL
        self.isFork = isFork
        self.isArchived = isArchived
    }

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, language, license, topics
        case fullName = "full_name"
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case pushedAt = "pushed_at"
        case htmlURL = "html_url"
        case isFork = "fork"
        case isArchived = "archived"
    }

    private enum OwnerKeys: String, CodingKey { case login }
    private enum LicenseKeys: String, CodingKey {
        case spdxID = "spdx_id"
        case name
    }

    /// Decodes a repository object. `id`, `name` and `full_name` are required; the owner comes from
    /// `owner.login`, or from `full_name` if the object has no owner; the rest may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fullName = try container.decode(String.self, forKey: .fullName)
        if container.contains(.owner), try !container.decodeNil(forKey: .owner) {
            owner = try container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner).decode(String.self, forKey: .login)
        } else {
            owner = String(fullName.prefix { $0 != "/" })
        }
        description = try container.decodeIfPresent(String.self, forKey: .description)
        stargazersCount = try container.decodeIfPresent(Int.self, forKey: .stargazersCount) ?? 0
        forksCount = try container.decodeIfPresent(Int.self, forKey: .forksCount) ?? 0
        openIssuesCount = try container.decodeIfPresent(Int.self, forKey: .openIssuesCount) ?? 0
        language = try container.decodeIfPresent(String.self, forKey: .language)
        if container.contains(.license), try !container.decodeNil(forKey: .license) {
            let license = try container.nestedContainer(keyedBy: LicenseKeys.self, forKey: .license)
            // NB: GitHub says "NOASSERTION" when it found a licence file it could not classify.
            let spdx = try license.decodeIfPresent(String.self, forKey: .spdxID)
            let name = try license.decodeIfPresent(String.self, forKey: .name)
            self.license = spdx.flatMap { $0 == "NOASSERTION" ? nil : $0 } ?? name
        } else {
            license = nil
        }
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
        pushedAt = try container.decodeIfPresent(String.self, forKey: .pushedAt).flatMap { try? Date($0, strategy: .iso8601) }
        htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
        isFork = try container.decodeIfPresent(Bool.self, forKey: .isFork) ?? false
        isArchived = try container.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false
    }

    /// Encodes the fields this type keeps, under GitHub's keys and shapes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(fullName, forKey: .fullName)
        var ownerContainer = container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner)
        try ownerContainer.encode(owner, forKey: .login)
        try container.encode(description, forKey: .description)
        try container.encode(stargazersCount, forKey: .stargazersCount)
        try container.encode(forksCount, forKey: .forksCount)
        try container.encode(openIssuesCount, forKey: .openIssuesCount)
        try container.encode(language, forKey: .language)
        if let license {
            var licenseContainer = container.nestedContainer(keyedBy: LicenseKeys.self, forKey: .license)
            try licenseContainer.encode(license, forKey: .spdxID)
        } else {
            try container.encodeNil(forKey: .license)
        }
        try container.encode(topics, forKey: .topics)
        try container.encode(pushedAt?.formatted(.iso8601), forKey: .pushedAt)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(isFork, forKey: .isFork)
        try container.encode(isArchived, forKey: .isArchived)
    }

    /// Every top-level key ``init(from:)`` reads: one of them twice in an object makes the value ambiguous.
    static let readKeys = [CodingKeys.id, .name, .fullName, .owner, .description, .stargazersCount, .forksCount,
                           .openIssuesCount, .language, .license, .topics, .pushedAt, .htmlURL, .isFork, .isArchived].map(\.rawValue)

    /// Decodes a single-repository body; any failure is ``FetcherError/decodingFailed(source:reason:)``
    /// naming `source`.
    package static func decode(from data: Data, source: String) throws(FetcherError) -> GitHubRepositoryDetail {
        try decodeGitHubJSON(GitHubRepositoryDetail.self, from: data, source: source, shape: .object, elementKeys: readKeys)
    }

    /// Decodes a list body (an owner's repositories) as details; failures as for ``decode(from:source:)``.
    package static func decodeList(from data: Data, source: String) throws(FetcherError) -> [GitHubRepositoryDetail] {
        try decodeGitHubJSON([GitHubRepositoryDetail].self, from: data, source: source, shape: .array, elementKeys: readKeys)
    }

    /// ``decodeList(from:source:)`` with the check of a large body overlapping the decode: the same
    /// result and errors. What the clients call.
    package static func decodeListConcurrently(from data: Data, source: String) async throws(FetcherError) -> [GitHubRepositoryDetail] {
        try await decodeGitHubJSONConcurrently([GitHubRepositoryDetail].self, from: data, source: source, shape: .array, elementKeys: readKeys)
    }
}

/// A repository's place on GitHub: its owner and name, both checked before any request or file
/// access.
public struct GitHubRepositoryPath: Hashable, Sendable, CustomStringConvertible {
    /// The owner (a valid user or organization name).
    public let owner: GitHubUserName
    /// The repository's name: 1 to 100 of `A-Z a-z 0-9 . - _`, neither `.` nor `..`.
    public let name: String

    /// Validates `owner` and `name`.
    /// - Throws: ``FetcherError/invalidUserName(_:reason:)`` or ``FetcherError/invalidRepositoryName(_:)``.
    public init(owner: String, name: String) throws(FetcherError) {
        self.owner = try GitHubUserName(owner)
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
        guard allowed, (1...100).contains(name.utf8.count), name != ".", name != ".." else {
            throw .invalidRepositoryName(name)
        }
        self.name = name
    }

    /// Splits `owner/name`.
    /// - Throws: ``FetcherError/invalidRepositoryName(_:)`` if there is no single slash.
    public init(fullName: String) throws(FetcherError) {
        let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .invalidRepositoryName(fullName) }
        try self.init(owner: String(parts[0]), name: String(parts[1]))
    }

    /// `owner/name`.
    public var description: String { "\(owner.rawValue)/\(name)" }
}
