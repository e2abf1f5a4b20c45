public import Foundation
internal import ViewModelKit
internal import ViewModelKitClientSupport

/// A client that serves recorded responses from a directory laid out like the API.
///
/// `fetchRepositories(user: "octocat")` reads `<directory>/github/users/octocat/repos.json`: the API
/// path plus `.json`, holding a JSON array exactly as GitHub sends it. A missing file means the user
/// does not exist; a malformed one is a ``FetcherError/decodingFailed(source:reason:)`` naming the file.
///
/// `fetchRepository(owner: "apple", name: "swift")` reads `<directory>/github/repos/apple/swift.json`
/// (one repository object); when that file is missing it falls back to the matching entry of
/// `github/users/apple/repos.json`, whose objects carry the same fields.
///
/// ```swift
/// let client = FixtureGithubAPIClient(directory: URL(fileURLWithPath: "Fixtures"))
/// ```
public struct FixtureGithubAPIClient: GithubAPIClientProtocol, RepositoryDetailClientProtocol {
    /// The fixture root (it holds `github/`).
    public let directory: URL

    /// Creates a client reading fixtures below `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file that holds `user`'s repositories (whether or not it exists), symlinks resolved.
    /// - Throws: ``FetcherError/invalidUserName(_:reason:)`` before touching the file system, or
    ///   ``FetcherError/unsafeFixturePath(_:)`` if the path would lead outside ``directory``.
    public func fileURL(forUser user: String) throws(FetcherError) -> URL {
        let components = try Self.components(forUser: user)
        do {
            return try fixtureFile(in: directory, components)
        } catch {
            throw FetcherError(error)
        }
    }

    /// The file that holds one repository's details (whether or not it exists), symlinks resolved.
    /// - Throws: ``FetcherError/unsafeFixturePath(_:)`` if the path would lead outside ``directory``.
    public func fileURL(forRepository path: GitHubRepositoryPath) throws(FetcherError) -> URL {
        do {
            return try fixtureFile(in: directory, Self.components(forRepository: path))
        } catch {
            throw FetcherError(error)
        }
    }

    /// Reads one repository from its fixture file, or from its owner's list.
    /// - Throws: ``FetcherError``; ``FetcherError/repositoryNotFound(_:)`` if neither file has it.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        let path = try GitHubRepositoryPath(owner: owner, name: name)
        try Task.checkCancellation()
        if let (file, data) = try read(Self.components(forRepository: path)) {
            return try GitHubRepositoryDetail.decode(from: data, source: file.path)
        }
        guard let (list, data) = try read(Self.components(forUser: path.owner.rawValue)) else {
            throw FetcherError.repositoryNotFound(path.description)
        }
        let details = try await GitHubRepositoryDetail.decodeListConcurrently(from: data, source: list.path)
        guard let detail = details.first(where: { $0.name.lowercased() == path.name.lowercased() }) else {
            throw FetcherError.repositoryNotFound(path.description)
        }
        return detail
    }

    /// The file at `components` and its contents, or `nil` if it does not exist.
    private func read(_ components: [String]) throws(FetcherError) -> (URL, Data)? {
        do {
            let found = try readFixtureFile(in: directory, components)
            return found.data.map { (found.file, $0) }
        } catch {
            throw FetcherError(error)
        }
    }

    /// Reads `user`'s repositories from the fixture file.
    /// - Throws: ``FetcherError``.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        let components = try Self.components(forUser: user)
        try Task.checkCancellation()
        guard let (file, data) = try read(components) else { throw FetcherError.userNotFound(user) }
        return try await GitHubRepository.decodeListConcurrently(from: data, source: file.path)
    }

    /// `github/repos/<owner>/<name>.json`.
    static func components(forRepository path: GitHubRepositoryPath) -> [String] {
        ["github", "repos", path.owner.rawValue, path.name + ".json"]
    }

    /// `github/users/<user>/repos.json`, after checking the name.
    static func components(forUser user: String) throws(FetcherError) -> [String] {
        ["github", "users", try GitHubUserName(user).rawValue, "repos.json"]
    }
}

extension FetcherError {
    /// A refused path, or a fixture file that cannot be read (as a decoding failure naming the file).
    init(_ error: FixtureFileError) {
        switch error.kind {
        case .refused: self = .unsafeFixturePath(error.description)
        case .unreadable: self = .decodingFailed(source: error.path, reason: error.reason)
        }
    }
}
