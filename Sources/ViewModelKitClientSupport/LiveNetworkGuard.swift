package import Foundation

/// Keeps tests off real services. A live client whose request would go to `realHost` while tests run
/// reports an issue through `report` (failing the test) and returns `true`; the client then throws
/// instead of sending. Set `VIEWMODELKIT_ALLOW_LIVE_NETWORK_IN_TESTS=1` for a deliberate integration
/// test.
///
/// ```swift
/// if refuseLiveRequestInTests(client: "NumberFactClient", url: url, realHost: "numbersapi.com",
///                             isTesting: IssueReporting.isTesting, report: { reportIssue($0) }) {
///     throw NumberFactError.network("the live Numbers API is not available to tests")
/// }
/// ```
///
/// - Parameters:
///   - client: The client's name for the message, e.g. `GithubAPIClient`.
///   - url: The request about to be sent.
///   - realHost: The production host (`api.github.com`); loopback test servers pass.
///   - isTesting: Whether this process runs tests.
///   - report: Records the issue (the core's `reportIssue`).
/// - Returns: Whether the request must not be sent.
package func refuseLiveRequestInTests(
    client: String, url: URL?, realHost: String?, isTesting: Bool, report: (String) -> Void
) -> Bool {
    guard isTesting, let realHost, url?.host == realHost,
          ProcessInfo.processInfo.environment["VIEWMODELKIT_ALLOW_LIVE_NETWORK_IN_TESTS"] != "1"
    else { return false }
    report(
        "\(client) (live) has no test implementation, but was used from a test: it would request "
            + "\(url?.absoluteString ?? realHost). Pass a mock, a fixture client, "
            + "or a live client whose base URL is a loopback test server."
    )
    return true
}
