public import Foundation
internal import ClientSupport

/// Records a user's repositories from the live API into the fixture layout, so tests and
/// `repos --offline` are fed real responses.
///
/// ```swift
/// let recorder = GitHubFixtureRecorder(client: GithubAPIClient(token: token))
/// let (file, count) = try await recorder.record(user: "apple", into: URL(fileURLWithPath: "Fixtures"))
/// // Fixtures/github/users/apple/repos.json: every page merged, pretty-printed, keys sorted
/// ```
///
/// The file holds the repository objects exactly as GitHub sent them (every field), and nothing
/// else: no token, no request header. ``FixtureGithubAPIClient`` replays it.
public struct GitHubFixtureRecorder: Sendable {
    /// The live client that fetches the pages.
    public let client: GithubAPIClient

    /// Creates a recorder that fetches with `client`.
    public init(client: GithubAPIClient) {
        self.client = client
    }

    /// Fetches every page of `user`'s repositories and writes them, merged, to
    /// `<directory>/github/users/<user>/repos.json`.
    /// - Returns: The file written and how many repositories it holds.
    /// - Throws: ``FetcherError`` if fetching fails or a page is not a JSON array (nothing is written
    ///   then), or the file system's error if the file cannot be written.
    public func record(user: String, into directory: URL) async throws -> (file: URL, count: Int) {
        try await client.redactingToken { try await recordUnredacted(user: user, into: directory) }
    }

    private func recordUnredacted(user: String, into directory: URL) async throws -> (file: URL, count: Int) {
        let file = try FixtureGithubAPIClient(directory: directory).fileURL(forUser: user)
        let pages = try await client.fetchRepositoryPages(user: user)
        var objects: [Any] = []
        for page in pages {
            // Decoding first proves the recording will replay.
            _ = try GitHubRepository.decodeList(from: page.body, source: page.url.displayString)
            guard let array = try JSONSerialization.jsonObject(with: page.body) as? [Any] else {
                throw FetcherError.decodingFailed(source: page.url.displayString, reason: "not a JSON array")
            }
            objects += array
        }
        var data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(Data("\n".utf8))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
        return (file, objects.count)
    }
}
