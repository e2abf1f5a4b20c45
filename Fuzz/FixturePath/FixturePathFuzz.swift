// libFuzzer target: fixture path resolution (`fixtureFile(in:_:)` in ViewModelKitClientSupport).
// The input is a list of path components separated by the byte 0xFF, resolved below a scratch
// fixture directory that holds real files and symlinks pointing inside, outside and nowhere.
// Invariants: a resolved path lies inside the root (after resolving every symlink); a refusal is a
// typed error that names the root.
import Foundation
import ViewModelKitClientSupport

/// The scratch directory: `root/` with `github/users/octocat/repos.json`, `inside -> github`,
/// `outside -> ../secret`, `nowhere -> ../missing`, `up -> ..`, and `secret/` beside `root/`.
private let scratch: (root: URL, realRoot: String) = {
    let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fixture-path-fuzz-\(getpid())")
    let root = base.appendingPathComponent("root")
    let manager = FileManager.default
    try? manager.createDirectory(at: root.appendingPathComponent("github/users/octocat"), withIntermediateDirectories: true)
    try? manager.createDirectory(at: base.appendingPathComponent("secret"), withIntermediateDirectories: true)
    try? Data("[]".utf8).write(to: root.appendingPathComponent("github/users/octocat/repos.json"))
    try? Data("secret".utf8).write(to: base.appendingPathComponent("secret/repos.json"))
    for (name, destination) in [("inside", "github"), ("outside", "../secret"), ("nowhere", "../missing"), ("up", ".."), ("github/users/self", ".")] {
        try? manager.createSymbolicLink(atPath: root.appendingPathComponent(name).path, withDestinationPath: destination)
    }
    let real = realpath(root.path, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
    }
    return (root, real ?? root.path)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let components = bytes.split(separator: 0xFF, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        let file = try fixtureFile(in: scratch.root, components)
        invariant(file.path.utf8.starts(with: (scratch.realRoot + "/").utf8), "\(components) resolved to \(file.path), outside \(scratch.realRoot)")
        // Whatever part of it exists really is inside, symlinks followed.
        var existing = file.path
        while existing.utf8.count > 1, access(existing, F_OK) != 0 {
            // By bytes: NSString's path methods work on Characters, which a combining mark after
            // "/" confuses.
            let bytes = Array(existing.utf8)
            let slash = bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0
            existing = String(decoding: bytes[..<max(slash, 1)], as: UTF8.self)
        }
        if let real = realpath(existing, nil) {
            defer { free(real) }
            let resolved = String(cString: real)
            invariant(resolved.utf8.elementsEqual(scratch.realRoot.utf8) || resolved.utf8.starts(with: (scratch.realRoot + "/").utf8), "\(components): \(resolved) is outside")
        }
    } catch {
        invariant(error.kind == .refused, "\(components): \(error)")
        invariant(error.description.contains(scratch.root.path), "the refusal does not name the root: \(error)")
    }
    return 0
}
