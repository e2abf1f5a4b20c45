#if canImport(SwiftUI)
import ExamplesUI
import SwiftUI

/// A GitHub user's major repositories, their details and their owners' lists, from GitHub's live API
/// (`GITHUB_TOKEN` in the environment, when set, is sent as the token).
@main
struct GitHubRepositoriesApp: App {
    #if os(macOS)
    @NSApplicationDelegateAdaptor(ExampleAppDelegate.self) private var appDelegate
    #endif

    var body: some Scene {
        WindowGroup {
            GitHubNavigationView()
        }
    }
}
#else
import Foundation

/// Where SwiftUI does not exist: says so, and where the feature runs instead.
@main
enum GitHubRepositoriesApp {
    static func main() {
        FileHandle.standardError.write(Data("""
            GitHubRepositoriesApp is a SwiftUI app: it runs on Apple platforms only.
            The same feature runs in a terminal: `swift run repos` in the repository's root.

            """.utf8))
        exit(1)
    }
}
#endif
