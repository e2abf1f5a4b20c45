#if !canImport(SwiftUI)
import Foundation

/// Where SwiftUI does not exist (Linux): says that `app` runs on Apple platforms only and which
/// terminal command runs the same feature, then exits with status 1.
public func exitWithoutSwiftUI(app: String, terminalCommand: String) -> Never {
    FileHandle.standardError.write(Data("""
        \(app) is a SwiftUI app: it runs on Apple platforms only.
        The same feature runs in a terminal: `\(terminalCommand)` in the repository's root.

        """.utf8))
    exit(1)
}
#endif
