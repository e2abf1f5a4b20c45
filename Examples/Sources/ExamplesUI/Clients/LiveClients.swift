public import Foundation
public import ViewModelKitExampleCounter
public import ViewModelKitExampleGitHub

/// The live clients the apps use, configured from the process environment as the terminal front ends
/// (`repos`, `counter`) configure theirs. In Xcode, set the variables in the scheme's Run action.
public enum LiveClients {
    /// GitHub's REST API at `https://api.github.com`, sending `GITHUB_TOKEN` as the token when it is set
    /// (without one, GitHub allows 60 requests an hour).
    public static func github(environment: [String: String] = ProcessInfo.processInfo.environment) -> GithubAPIClient {
        GithubAPIClient(token: environment["GITHUB_TOKEN"])
    }

    /// The Numbers API at `http://numbersapi.com`, or at `NUMBERS_API_URL` when that is an http or
    /// https URL (another value is ignored).
    ///
    /// The Numbers API serves only cleartext HTTP, which App Transport Security blocks in an app unless
    /// the app's `Info.plist` allows it for `numbersapi.com`; an https server of your own that forwards
    /// to it needs no exception.
    public static func numberFacts(environment: [String: String] = ProcessInfo.processInfo.environment) -> NumberFactClient {
        guard let text = environment["NUMBERS_API_URL"], let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            return NumberFactClient()
        }
        return NumberFactClient(baseURL: url)
    }
}
