public import Foundation

/// A client that serves recorded responses from a directory laid out like the API.
///
/// `fetchRepositories(user: "octocat")` reads `<directory>/github/users/octocat/repos.json`: the API
/// path plus `.json`, holding a JSON array exactly as GitHub sends it. A missing file means the user
/// does not exist; a malformed one is a ``FetcherError/decodingFailed(source:reason:)`` naming the file.
///
/// ```swift
/// let client = FixtureGithubAPIClient(directory: URL(fileURLWithPath: "Fixtures"))
/// ```
public struct FixtureGithubAPIClient: GithubAPIClientProtocol {
    /// The fixture root (it holds `github/`).
    public let directory: URL

    /// Creates a client reading fixtures below `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file that holds `user`'s repositories (whether or not it exists).
    /// - Throws: ``FetcherError/invalidUserName(_:reason:)`` before touching the file system.
    public func fileURL(forUser user: String) throws(FetcherError) -> URL {
        let name = try GitHubUserName(user)
        return directory
            .appendingPathComponent("github")
            .appendingPathComponent("users")
            .appendingPathComponent(name.rawValue)
            .appendingPathComponent("repos.json")
    }

    /// Reads `user`'s repositories from the fixture file.
    /// - Throws: ``FetcherError``.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        let file = try fileURL(forUser: user)
        try Task.checkCancellation()
        guard FileManager.default.fileExists(atPath: file.path) else { throw FetcherError.userNotFound(user) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw FetcherError.decodingFailed(source: file.path, reason: "could not read the file (\(error.localizedDescription))")
        }
        guard !data.isEmpty else { throw FetcherError.decodingFailed(source: file.path, reason: "the file is empty") }
        return try GitHubRepository.decodeList(from: data, source: file.path)
    }
}
