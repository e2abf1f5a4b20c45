public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
internal import ClientSupport
internal import ViewModelKit

/// The live client: `GET {baseURL}/{number}` on the Numbers API, as in the TCA tutorial.
///
/// ```swift
/// let fact = try await NumberFactClient().fetchFact(number: 42)
/// ```
///
/// The Numbers API answers in plain text over HTTP. Any other status or content becomes a
/// ``NumberFactError``.
public struct NumberFactClient: NumberFactClientProtocol {
    /// `http://numbersapi.com` (the service does not serve HTTPS).
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "http://numbersapi.com") else {
            preconditionFailure("the constant Numbers API URL is malformed")
        }
        return url
    }()

    /// The API root.
    public let baseURL: URL
    private let session: URLSession

    /// Creates a live client.
    /// - Parameters:
    ///   - baseURL: The API root; front ends read `NUMBERS_API_URL`. Defaults to ``defaultBaseURL``.
    ///   - session: The URL session to use.
    public init(baseURL: URL = NumberFactClient.defaultBaseURL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Fetches a fact about `number`.
    /// - Throws: ``NumberFactError``, or `CancellationError` when the calling task is cancelled.
    public func fetchFact(number: Int) async throws -> String {
        let url = baseURL.appendingPathComponent(String(number))
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw NumberFactError.badURL
        }
        if refuseLiveRequestInTests(
            client: "NumberFactClient", url: url, realHost: Self.defaultBaseURL.host,
            isTesting: IssueReporting.isTesting, report: { reportIssue($0) }
        ) {
            throw NumberFactError.network("the live Numbers API is not available to tests")
        }
        var request = URLRequest(url: url)
        request.setValue("text/plain", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled || error is CancellationError {
                throw CancellationError()
            }
            throw NumberFactError.network((error as? URLError)?.localizedDescription ?? String(describing: error))
        }
        try Task.checkCancellation()
        guard let http = response as? HTTPURLResponse else { throw NumberFactError.network("the answer was not an HTTP response") }
        guard http.statusCode == 200 else { throw NumberFactError.badCode(http.statusCode) }
        let contentType = http.value(forHTTPHeaderField: "Content-Type")
        if let contentType, !contentType.lowercased().hasPrefix("text/plain") {
            throw NumberFactError.notText(contentType: contentType)
        }
        return try Self.text(from: data, contentType: contentType)
    }

    /// The fact in a body: UTF-8 text, not empty, without a trailing newline.
    static func text(from data: Data, contentType: String?) throws(NumberFactError) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(contentType: contentType) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .notText(contentType: contentType) }
        return trimmed
    }
}
