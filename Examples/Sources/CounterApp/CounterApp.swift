#if canImport(SwiftUI)
import ExamplesUI
import SwiftUI

/// TCA's counter tutorial on `CounterViewModel`, with facts from the live Numbers API. That API is
/// cleartext HTTP: the app needs an App Transport Security exception for `numbersapi.com` (see
/// Examples/README.md), or `NUMBERS_API_URL` naming an https server that forwards to it.
@main
struct CounterApp: App {
    #if os(macOS)
    @NSApplicationDelegateAdaptor(ExampleAppDelegate.self) private var appDelegate
    #endif

    var body: some Scene {
        WindowGroup {
            CounterView()
        }
    }
}
#else
import ExamplesUI

/// Where SwiftUI does not exist: says so, and where the feature runs instead.
@main
enum CounterApp {
    static func main() {
        exitWithoutSwiftUI(app: "CounterApp", terminalCommand: "swift run counter")
    }
}
#endif
