public import Foundation

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

    /// The file that holds one repository's details (whether or not it exists).
    public func fileURL(forRepository path: GitHubRepositoryPath) -> URL {
        directory
            .appendingPathComponent("github")
            .appendingPathComponent("repos")
            .appendingPathComponent(path.owner.rawValue)
            .appendingPathComponent(path.name + ".json")
    }

    /// Reads one repository from its fixture file, or from its owner's list.
    /// - Throws: ``FetcherError``; ``FetcherError/repositoryNotFound(_:)`` if neither file has it.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        let path = try GitHubRepositoryPath(owner: owner, name: name)
        let file = fileURL(forRepository: path)
        try Task.checkCancellation()
        if FileManager.default.fileExists(atPath: file.path) {
            return try GitHubRepositoryDetail.decode(from: try read(file), source: file.path)
        }
        let list = try fileURL(forUser: path.owner.rawValue)
        guard FileManager.default.fileExists(atPath: list.path) else { throw FetcherError.repositoryNotFound(path.description) }
        let details: [GitHubRepositoryDetail]
        do {
            details = try JSONDecoder().decode([GitHubRepositoryDetail].self, from: try read(list))
        } catch let error as DecodingError {
            throw FetcherError.decodingFailed(source: list.path, reason: error.readableReason)
        }
        guard let detail = details.first(where: { $0.name.lowercased() == path.name.lowercased() }) else {
            throw FetcherError.repositoryNotFound(path.description)
        }
        return detail
    }

    private func read(_ file: URL) throws(FetcherError) -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .decodingFailed(source: file.path, reason: "could not read the file (\(error.localizedDescription))")
        }
        guard !data.isEmpty else { throw .decodingFailed(source: file.path, reason: "the file is empty") }
        return data
    }

    /// Reads `user`'s repositories from the fixture file.
    /// - Throws: ``FetcherError``.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        let file = try fileURL(forUser: user)
        try Task.checkCancellation()
        guard FileManager.default.fileExists(atPath: file.path) else { throw FetcherError.userNotFound(user) }
        return try GitHubRepository.decodeList(from: try read(file), source: file.path)
    }
}
