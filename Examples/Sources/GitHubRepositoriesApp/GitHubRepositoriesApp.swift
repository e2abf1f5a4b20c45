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
import ExamplesUI

/// Where SwiftUI does not exist: says so, and where the feature runs instead.
@main
enum GitHubRepositoriesApp {
    static func main() {
        exitWithoutSwiftUI(app: "GitHubRepositoriesApp", terminalCommand: "swift run repos")
    }
}
#endif
