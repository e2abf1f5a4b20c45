public import Foundation

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

    /// The file holding the fact about `number`.
    public func fileURL(for number: Int) -> URL {
        directory.appendingPathComponent("numbers").appendingPathComponent("\(number).txt")
    }

    /// Reads the fact about `number`.
    /// - Throws: ``NumberFactError``.
    public func fetchFact(number: Int) async throws -> String {
        try Task.checkCancellation()
        let file = fileURL(for: number)
        guard let data = FileManager.default.contents(atPath: file.path) else { throw NumberFactError.noFact(number) }
        return try NumberFactClient.text(from: data, contentType: nil)
    }
}
