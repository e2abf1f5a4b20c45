package import Foundation
internal import ViewModelKitClientSupport
internal import ViewModelKitStateDump

/// A command line a front end cannot run. The front end prints the reason above its usage text and
/// exits with status 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// Why, in one line: `--min-stars needs a whole number of 0 or more, not "x"`.
    package var description: String

    /// An error with its one-line reason.
    package init(description: String) {
        self.description = description
    }
}

/// The fixture directory `--offline` reads: `Fixtures/` in the working directory when it holds
/// `subdirectory` (as when `swift run` starts at the package root), else the package's own.
package func offlineFixtures(containing subdirectory: String) -> URL {
    let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures")
    if FileManager.default.fileExists(atPath: local.appendingPathComponent(subdirectory).path) { return local }
    return PackageDirectory.fixtures
}

/// `text` as an API root if it is an `http` or `https` URL with a host, else `nil`.
package func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url
}

extension String {
    /// The text with a URL's user name and password left out, for messages: they are never shown, even
    /// in a URL that is refused. Text that does not parse as a URL but holds `@` is not shown at all.
    package var withoutURLCredentials: String {
        guard var components = URLComponents(string: self) else {
            return contains("@") ? "a URL that is not http(s)" : self
        }
        components.user = nil
        components.password = nil
        return components.string ?? self
    }

    /// The string as a Swift literal, quoted, with control characters made visible: for usage errors.
    package var quotedForUsage: String { dumpStringLiteral(self) }
}
