public import Foundation

/// What the front ends' command lines share.
public enum CommandLineSupport {
    /// The fixture directory `--offline` reads: `Fixtures/` in the working directory when it holds
    /// `subdirectory` (as when `swift run` starts at the package root), else the package's own, found
    /// from this source file's location at build time.
    public static func defaultFixtures(containing subdirectory: String) -> URL {
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures")
        if FileManager.default.fileExists(atPath: local.appendingPathComponent(subdirectory).path) { return local }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    /// `text` as an API root if it is an `http` or `https` URL with a host, else `nil`.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}
