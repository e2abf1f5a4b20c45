public import Foundation
internal import ViewModelKitClientSupport

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

    /// The largest fixture file written: the size fixture files are read up to, so that whatever is
    /// recorded replays.
    public static let maximumFileBytes = ByteSize.defaultResponseLimit

    /// Creates a recorder that fetches with `client`.
    public init(client: GithubAPIClient) {
        self.client = client
    }

    /// Fetches every page of `user`'s repositories and writes them, merged, to
    /// `<directory>/github/users/<user>/repos.json`.
    /// - Returns: The file written and how many repositories it holds.
    /// - Throws: ``FetcherError`` if fetching fails or a page is not a JSON array (nothing is written
    ///   then); ``FixtureRecordingError`` if the answer holds a number JSON cannot write back, if the
    ///   file would be larger than fixture files are read (``maximumFileBytes``), or if it cannot be
    ///   written (naming the file and why).
    public func record(user: String, into directory: URL) async throws -> (file: URL, count: Int) {
        try await client.redactingToken { try await recordUnredacted(user: user, into: directory) }
    }

    private func recordUnredacted(user: String, into directory: URL) async throws -> (file: URL, count: Int) {
        let file = try FixtureGithubAPIClient(directory: directory).fileURL(forUser: user)
        let pages = try await client.fetchRepositoryPages(user: user)
        var objects: [Any] = []
        for page in pages {
            // Decoding first proves the recording will replay.
            _ = try await GitHubRepository.decodeListConcurrently(from: page.body, source: page.url.displayString)
            // NB: the decoder skips fields it does not read; JSONSerialization reads them all and refuses
            // a number out of its range (`1e400`), which valid JSON may hold.
            guard let array = (try? JSONSerialization.jsonObject(with: page.body)) as? [Any] else { throw Self.unrepresentableNumber(user) }
            objects += array
        }
        guard JSONSerialization.isValidJSONObject(objects),
              var data = try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else {
            throw Self.unrepresentableNumber(user)
        }
        data.append(Data("\n".utf8))
        guard data.count <= Self.maximumFileBytes else {
            throw FixtureRecordingError(
                "nothing recorded: the fixture for \(user.quotedForDisplay) would be \(data.count >> 20) MB, "
                    + "and fixture files are read up to \(ByteSize.describe(Self.maximumFileBytes))"
            )
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw FixtureRecordingError("could not write the fixture \(file.path.quotedForDisplay): \(Self.explain(file) ?? reason)")
        }
        return (file, objects.count)
    }

    private static func unrepresentableNumber(_ user: String) -> FixtureRecordingError {
        FixtureRecordingError("nothing recorded: the answer for \(user.quotedForDisplay) holds a number JSON cannot hold (such as 1e400)")
    }

    /// What stands in the way of writing `file`, when the file system's own message would not say.
    private static func explain(_ file: URL) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "a directory of that name is in the way"
        }
        var parent = file.deletingLastPathComponent()
        while parent.path != "/" {
            if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : "\(parent.path.quotedForDisplay) is a file, not a directory"
            }
            parent = parent.deletingLastPathComponent()
        }
        return nil
    }
}
