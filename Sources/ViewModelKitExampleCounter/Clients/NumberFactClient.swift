public import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif
internal import ViewModelKitClientSupport
internal import ViewModelKit

/// The live client: `GET {baseURL}/{number}` on the Numbers API, as in the TCA tutorial.
///
/// ```swift
/// let fact = try await NumberFactClient().fetchFact(number: 42)
/// ```
///
/// The Numbers API answers in plain text over HTTP. Any other status or content becomes a
/// ``NumberFactError``. The client has its own URL session: a request must be answered in full within
/// ``timeout`` (a body trickling in byte by byte counts against it), a body is read only up to
/// ``maximumResponseBytes``, and redirects are followed only within the API's origin.
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
    /// How long one request may take, from sending it to the last byte of its answer.
    public let timeout: Duration
    /// The most bytes of body read (a fact is one line of text).
    public let maximumResponseBytes: Int
    private let session: LimitedHTTPSession
    private let clock: any Clock<Duration>

    /// Creates a live client.
    /// - Parameters:
    ///   - baseURL: The API root; front ends read `NUMBERS_API_URL`. Defaults to ``defaultBaseURL``.
    ///   - timeout: How long one request may take in all. Defaults to 10 seconds.
    ///   - maximumResponseBytes: The most bytes of body read. Defaults to 16 KB.
    ///   - clock: What the time-out is measured on. Tests pass a `TestClock`.
    public init(
        baseURL: URL = NumberFactClient.defaultBaseURL,
        timeout: Duration = .seconds(10),
        maximumResponseBytes: Int = 16 << 10,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maximumResponseBytes = max(1, maximumResponseBytes)
        self.clock = clock
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        // URLSession's own idle time-out is a backstop; ``timeout`` is enforced on ``clock``.
        configuration.timeoutIntervalForRequest = max(1, Double(timeout.components.seconds) + 5)
        self.session = LimitedHTTPSession(configuration: configuration)
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
        let shownURL = url.displayString
        let (data, http) = try await withDeadline(timeout, on: clock, expired: { NumberFactError.timedOut(shownURL) }) {
            [session, maximumResponseBytes, request] in
            do {
                return try await session.data(for: request, limit: maximumResponseBytes)
            } catch let error as TransferError {
                throw NumberFactError(error)
            }
        }
        try Task.checkCancellation()
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

extension NumberFactError: TransferErrorRepresentable {}
