import ViewModelKitExampleCounter
import Foundation
import ViewModelKitExampleGitHub

/// `benchmarks --long-lived-fetch github|numbers URL`: a plain program that uses a live client the way
/// an app or a server does. It fetches once from `URL`, prints `error: …` (or `fetched`), and stays
/// alive until its standard input ends, so a script can read its peak memory after the failure
/// (`Scripts/long-lived-memory.py`).
func runLongLivedFetch(client: String, url: URL) async -> Never {
    let outcome: String
    do {
        switch client {
        case "numbers":
            _ = try await NumberFactClient(baseURL: url).fetchFact(number: 42)
        default:
            _ = try await GithubAPIClient(baseURL: url).fetchRepositories(user: "octocat")
        }
        outcome = "fetched"
    } catch {
        outcome = "error: \(error)"
    }
    FileHandle.standardOutput.write(Data((outcome + "\n").utf8))
    while readLine() != nil {}
    exit(0)
}
