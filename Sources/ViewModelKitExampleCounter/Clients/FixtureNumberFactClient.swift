public import Foundation
internal import ViewModelKit
internal import ViewModelKitClientSupport

/// Serves facts from files laid out like the API: `<directory>/numbers/<n>.txt`, each holding the body
/// exactly as the Numbers API sends it. A missing file is ``NumberFactError/noFact(_:)``.
///
/// ```swift
/// let client = FixtureNumberFactClient(directory: URL(fileURLWithPath: "Fixtures"))
/// ```
public struct FixtureNumberFactClient: NumberFactClientProtocol {
    /// The fixture root (it holds `numbers/`).
    public let directory: URL

    /// Creates a client reading fixtures below `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file holding the fact about `number` (whether or not it exists), symlinks resolved.
    /// - Throws: ``NumberFactError/unsafeFixturePath(_:)`` if it would lead outside ``directory``.
    public func fileURL(for number: Int) throws(NumberFactError) -> URL {
        do {
            return try fixtureFile(in: directory, Self.components(for: number))
        } catch {
            throw .unsafeFixturePath(error.description)
        }
    }

    /// Reads the fact about `number`.
    /// - Throws: ``NumberFactError``.
    public func fetchFact(number: Int) async throws -> String {
        try Task.checkCancellation()
        let read: (file: URL, data: Data?)
        do {
            read = try readFixtureFile(in: directory, Self.components(for: number), maximumBytes: 1 << 20)
        } catch {
            throw error.kind == .refused ? NumberFactError.unsafeFixturePath(error.description) : NumberFactError.notText(contentType: nil)
        }
        guard let data = read.data else { throw NumberFactError.noFact(number) }
        return try NumberFactClient.text(from: data, contentType: nil)
    }

    private static func components(for number: Int) -> [String] {
        ["numbers", "\(number).txt"]
    }
}
