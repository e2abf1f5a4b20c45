#if os(macOS) && canImport(SwiftUI)
public import AppKit

/// Makes an example app a regular, frontmost Mac app when it runs as a bare executable (`swift run`,
/// or its scheme in Xcode), which has no app bundle to say so: a Dock icon, a menu bar, and a window
/// that takes the keyboard.
///
/// ```swift
/// @NSApplicationDelegateAdaptor(ExampleAppDelegate.self) private var appDelegate
/// ```
@MainActor
public final class ExampleAppDelegate: NSObject, NSApplicationDelegate {
    /// Turns the process into a regular app and brings it to the front.
    public func applicationDidFinishLaunching(_ notification: Notification) {
        NSApplication.shared.setActivationPolicy(.regular)
        NSApplication.shared.activate()
    }
}
#endif
