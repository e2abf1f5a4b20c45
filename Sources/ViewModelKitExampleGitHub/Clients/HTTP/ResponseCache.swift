public import Foundation
internal import ViewModelKitClientSupport
internal import Synchronization

/// Remembers each URL's `ETag` and body, so a repeated request asks `If-None-Match` and a
/// `304 Not Modified` (which does not count against GitHub's rate limit) serves the stored body.
///
/// In memory by default; give it a directory to keep entries across runs. Only the URL, the ETag,
/// the `Link` header and the body are stored: never a token or any request header. The directory is
/// created readable by its owner only, and entries likewise. A directory that others can write to, or
/// that another user owns, is not used at all (``directoryProblem`` says why): an entry planted there
/// would be shown as GitHub's answer. Entries larger than ``maximumEntryBytes`` are ignored.
///
/// ```swift
/// let cache = ResponseCache(directory: cachesDirectory.appendingPathComponent("repos"))
/// let client = GithubAPIClient(cache: cache)
/// ```
public final class ResponseCache: Sendable {
    /// What is stored for one URL.
    struct Entry: Codable, Sendable {
        var url: String
        var etag: String
        var link: String?
        var body: Data
    }

    /// The directory entries are persisted in, if any.
    public let directory: URL?
    /// The largest body an entry read from ``directory`` may hold; a larger entry file (the body is
    /// stored in base64, four bytes for three) is not read.
    public let maximumEntryBytes: Int
    /// Why ``directory`` is not used (others can write to it, another user owns it, it is not a
    /// directory); `nil` when it is used or there is none.
    public let directoryProblem: String?
    private let entries = Mutex<[String: Entry]>([:])

    /// Creates a cache, in memory only or backed by `directory` (created when first written).
    /// - Parameters:
    ///   - directory: Where entries are kept across runs; `nil` for memory only.
    ///   - maximumEntryBytes: Larger entry files are ignored. Defaults to the client's response limit.
    public init(directory: URL? = nil, maximumEntryBytes: Int = GithubAPIClient.defaultMaximumResponseBytes) {
        self.directory = directory
        self.maximumEntryBytes = maximumEntryBytes
        self.directoryProblem = directory.flatMap(PrivateDirectory.problem(with:))
    }

    /// ``directory`` if it may be used.
    private var usableDirectory: URL? { directoryProblem == nil ? directory : nil }

    func entry(for url: URL) -> Entry? {
        let key = url.absoluteString
        if let entry = entries.withLock({ $0[key] }) { return entry }
        guard let file = file(for: key), let data = PrivateDirectory.read(file, limit: maximumEntryBytes / 3 * 4 + (64 << 10)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == key
        else { return nil }
        entries.withLock { $0[key] = entry }
        return entry
    }

    func store(_ entry: Entry) {
        entries.withLock { $0[entry.url] = entry }
        guard let directory = usableDirectory, let file = file(for: entry.url), let data = try? JSONEncoder().encode(entry) else { return }
        // A cache that cannot be written is only slower; never fail a request for it.
        try? PrivateDirectory.create(directory)
        try? PrivateDirectory.write(data, to: file)
    }

    /// Forgets every entry, in memory and on disk. Only the cache's own entry files are deleted, never
    /// anything else in ``directory``.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
        guard let directory = usableDirectory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.count == 21 && name.hasSuffix(".json") && name.dropLast(5).allSatisfy(\.isHexDigit) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private func file(for key: String) -> URL? {
        usableDirectory?.appendingPathComponent(Self.fnv1a(key) + ".json")
    }

    /// A stable 64-bit FNV-1a hash (Swift's `Hasher` is seeded per process), as 16 hex digits.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
