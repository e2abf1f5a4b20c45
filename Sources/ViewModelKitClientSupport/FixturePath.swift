package import Foundation
internal import ViewModelKitStateDump
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a fixture file was refused or could not be read.
package struct FixtureFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Equatable, Sendable {
        /// The path would leave the fixture directory, or cannot be checked; nothing was read.
        case refused
        /// The file is inside the directory but is not a readable regular file of sensible size.
        case unreadable
    }

    /// Which of the two it is.
    package var kind: Kind
    /// The file as requested: the root and the components joined.
    package var path: String
    /// What is wrong, e.g. `".." is not allowed`.
    package var reason: String

    /// A one-line explanation naming the file and the reason.
    package var description: String {
        "fixture \(dumpStringLiteral(path)): \(reason)"
    }
}

/// The file `components` names below the fixture directory `root`, guaranteed to stay inside it.
///
/// ```swift
/// let file = try fixtureFile(in: fixtures, ["github", "users", name, "repos.json"])
/// ```
///
/// Every component must be one plain name: not empty, not `.` or `..`, without `/` or NUL. Then the
/// longest part of the path that exists is resolved with `realpath(3)` (following every symlink) and
/// must lie inside the resolved root; a symlink that points outside the root, or that dangles, is
/// refused. The part that does not exist yet cannot hold a symlink, so the file a caller then reads or
/// creates stays below `root`. (A symlink planted after this check is beyond what it can promise.)
///
/// - Returns: The file's URL, with symlinks resolved.
/// - Throws: ``FixtureFileError`` of kind `refused`, naming the file and the reason.
package func fixtureFile(in root: URL, _ components: [String]) throws(FixtureFileError) -> URL {
    let requested = ([root.path] + components).joined(separator: "/")
    func refuse(_ reason: String) -> FixtureFileError {
        FixtureFileError(kind: .refused, path: requested, reason: reason)
    }
    guard !components.isEmpty else { throw refuse("no file was named") }
    // NB: bytes, not Characters. String comparison is by grapheme and canonical equivalence, so
    // "../\u{314}" holds no "/" Character (the combining mark joins it) although the file system
    // sees "..", "/" and more.
    for component in components {
        let bytes = Array(component.utf8)
        if bytes.isEmpty { throw refuse("an empty path component is not allowed") }
        if bytes == [0x2E] || bytes == [0x2E, 0x2E] { throw refuse("\(dumpStringLiteral(component)) is not allowed") }
        if bytes.contains(UInt8(ascii: "/")) { throw refuse("a path component may not contain \"/\"") }
        if bytes.contains(0) { throw refuse("a path component may not contain NUL") }
    }
    guard root.isFileURL, !root.path.isEmpty else { throw refuse("the fixture directory is not a file path") }

    // The root itself may be a symlink (/tmp on macOS is); what matters is where it leads.
    guard let realRoot = realPath(root.path) else {
        // No root: nothing below it exists, so the plain joined path is the answer.
        return components.reduce(root) { $0.appendingPathComponent($1) }
    }
    var resolved = realRoot
    for (index, component) in components.enumerated() {
        let candidate = joined(resolved, component)
        var status = stat()
        guard lstat(candidate, &status) == 0 else {
            // This and the rest do not exist: no symlink can redirect them.
            resolved = joined(resolved, components[index...].joined(separator: "/"))
            break
        }
        guard let real = realPath(candidate) else {
            throw refuse("\(dumpStringLiteral(component)) is a symlink whose target does not exist")
        }
        guard isInside(real, realRoot), !real.utf8.elementsEqual(realRoot.utf8) else {
            throw refuse("\(dumpStringLiteral(components[...index].joined(separator: "/"))) leads outside the fixture directory")
        }
        resolved = real
    }
    return URL(fileURLWithPath: resolved)
}

/// The contents of the fixture file `components` names below `root`, or `nil` if there is no such file.
///
/// The path is checked by ``fixtureFile(in:_:)``; then the file must be a regular file (not a
/// directory, FIFO or device, which could block or never end) of at most `maximumBytes`.
///
/// - Returns: The resolved file and its contents (`nil` when it does not exist).
/// - Throws: ``FixtureFileError``: `refused` for a path outside `root`, `unreadable` for the rest.
package func readFixtureFile(
    in root: URL, _ components: [String], maximumBytes: Int = ByteSize.defaultResponseLimit
) throws(FixtureFileError) -> (file: URL, data: Data?) {
    let file = try fixtureFile(in: root, components)
    func unreadable(_ reason: String) -> FixtureFileError {
        FixtureFileError(kind: .unreadable, path: file.path, reason: reason)
    }
    var status = stat()
    guard stat(file.path, &status) == 0 else { return (file, nil) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw unreadable("not a regular file") }
    guard status.st_size <= maximumBytes else {
        throw unreadable("the file has \(status.st_size) bytes; a fixture may have at most \(maximumBytes)")
    }
    // NB: Foundation's `Data(contentsOf:)` leaks a buffer for an empty file (LeakSanitizer shows
    // it); an empty file needs no reading.
    guard status.st_size > 0 else { return (file, Data()) }
    do {
        return (file, try Data(contentsOf: file))
    } catch {
        throw unreadable("could not read the file (\(error.localizedDescription))")
    }
}

/// `path` with every symlink, `.` and `..` resolved, or `nil` if it does not exist.
///
/// Unlike Foundation's `resolvingSymlinksInPath()`, which on Darwin drops a leading `/private`, it
/// answers what `realpath(3)` does (`/private/var/…` for macOS's temporary directory).
package func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

private func joined(_ directory: String, _ rest: String) -> String {
    directory == "/" ? "/" + rest : directory + "/" + rest
}

/// Whether `path` is `root` or below it (both already resolved), comparing bytes: two spellings
/// that Swift deems equal (`é` and `e` + U+0301) are different directories on disk.
private func isInside(_ path: String, _ root: String) -> Bool {
    let prefix = root == "/" ? Array("/".utf8) : Array((root + "/").utf8)
    return path.utf8.elementsEqual(root.utf8) || path.utf8.starts(with: prefix)
}
