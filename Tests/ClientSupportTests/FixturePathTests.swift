import Foundation
import TestSupport
import XCTest
@testable import ViewModelKitClientSupport

/// `fixtureFile(in:_:)` and `readFixtureFile(in:_:)`: no path built from input reaches outside the
/// fixture directory, symlinks included.
final class FixturePathTests: XCTestCase {
    private var root = URL(fileURLWithPath: "/")
    private var outside = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        let base = try TestPaths.temporaryDirectory()
        root = base.appendingPathComponent("fixtures")
        outside = base.appendingPathComponent("secret")
        for directory in [root.appendingPathComponent("github/users/octocat"), outside] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try Data("[]".utf8).write(to: root.appendingPathComponent("github/users/octocat/repos.json"))
        try Data("secret".utf8).write(to: outside.appendingPathComponent("repos.json"))
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    private func link(_ path: String, to destination: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    private func assertRefused(_ components: [String], _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try fixtureFile(in: root, components), file: file, line: line) { error in
            guard let error = error as? FixtureFileError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, .refused, file: file, line: line)
            XCTAssertTrue(error.reason.contains(reason), error.description, file: file, line: line)
            XCTAssertTrue(error.description.contains(self.root.path), "names the input: \(error)", file: file, line: line)
        }
    }

    func testPlainNamesResolveInsideTheRoot() throws {
        let file = try fixtureFile(in: root, ["github", "users", "octocat", "repos.json"])
        XCTAssertEqual(file.path, root.path + "/github/users/octocat/repos.json")
        XCTAssertEqual(try fixtureFile(in: root, ["github", "users", "nobody", "repos.json"]).path, root.path + "/github/users/nobody/repos.json")
        let read = try readFixtureFile(in: root, ["github", "users", "octocat", "repos.json"])
        XCTAssertEqual(read.data, Data("[]".utf8))
        XCTAssertNil(try readFixtureFile(in: root, ["github", "users", "nobody", "repos.json"]).data)
    }

    func testComponentsThatCouldClimbOutAreRefused() {
        assertRefused(["github", "..", "..", "secret", "repos.json"], #"".." is not allowed"#)
        assertRefused(["github", ".", "x"], #""." is not allowed"#)
        assertRefused(["../secret/repos.json"], #"may not contain "/""#)
        assertRefused(["/etc/passwd"], #"may not contain "/""#)
        assertRefused(["github", "", "x"], "empty path component")
        assertRefused(["a\u{0}b"], "NUL")
        assertRefused([], "no file was named")
    }

    func testASymlinkPointingOutsideIsRefused() throws {
        try link("github/users/evil", to: outside.path)
        assertRefused(["github", "users", "evil", "repos.json"], #""github/users/evil" leads outside the fixture directory"#)
        try link("github/users/octocat/escape.json", to: "../../../../secret/repos.json")
        assertRefused(["github", "users", "octocat", "escape.json"], "leads outside")
        try link("github/users/up", to: "..")
        XCTAssertNoThrow(try fixtureFile(in: root, ["github", "users", "up", "users", "octocat", "repos.json"]), "a symlink that stays inside is fine")
        try link("loop", to: root.path)
        assertRefused(["loop"], "leads outside")
    }

    func testACombiningMarkCannotHideASlash() {
        // Regression (found by fuzzing): "/" followed by U+0314 is one Character, so a Character
        // search found no "/" in "../\u{314}" and the file system was handed "..".
        assertRefused(["../\u{314}", "secret", "repos.json"], #"may not contain "/""#)
        assertRefused(["github", "x/\u{301}"], #"may not contain "/""#)
    }

    func testCanonicallyEquivalentNamesAreDifferentDirectories() throws {
        // Regression (found by fuzzing): String comparison treats "café" (U+00E9) and "cafe\u{301}" as
        // equal, but they are two directories; a root named one and a symlink into the other passed.
        let base = root.deletingLastPathComponent()
        let composed = base.appendingPathComponent("caf\u{E9}")
        let decomposed = base.appendingPathComponent("cafe\u{301}/secret")
        try FileManager.default.createDirectory(at: composed, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: decomposed, withIntermediateDirectories: true)
        if sameFile(composed, decomposed.deletingLastPathComponent()) {
            // APFS and HFS+ (macOS) fold the two spellings into one name, so there is one directory.
            throw XCTSkip("this file system treats \"caf\u{E9}\" and \"cafe\u{301}\" as one name")
        }
        try FileManager.default.createSymbolicLink(atPath: composed.appendingPathComponent("link").path, withDestinationPath: decomposed.path)
        XCTAssertThrowsError(try fixtureFile(in: composed, ["link", "repos.json"])) {
            XCTAssertEqual(($0 as? FixtureFileError)?.kind, .refused)
        }
    }

    /// Whether `first` and `second` are the same file (device and inode).
    private func sameFile(_ first: URL, _ second: URL) -> Bool {
        var a = stat()
        var b = stat()
        XCTAssertEqual(stat(first.path, &a), 0)
        XCTAssertEqual(stat(second.path, &b), 0)
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    func testADanglingSymlinkIsRefused() throws {
        try link("github/users/ghost", to: outside.appendingPathComponent("nothing-here").path)
        assertRefused(["github", "users", "ghost", "repos.json"], "a symlink whose target does not exist")
    }

    func testASymlinkedRootIsFollowed() throws {
        let alias = root.deletingLastPathComponent().appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: root.path)
        XCTAssertEqual(try fixtureFile(in: alias, ["github", "users", "octocat", "repos.json"]).path, root.path + "/github/users/octocat/repos.json")
    }

    func testOnlyRegularFilesOfSensibleSizeAreRead() throws {
        XCTAssertThrowsError(try readFixtureFile(in: root, ["github", "users", "octocat"])) {
            XCTAssertEqual(($0 as? FixtureFileError)?.reason, "not a regular file")
        }
        let fifo = root.appendingPathComponent("github/users/octocat/fifo.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertThrowsError(try readFixtureFile(in: root, ["github", "users", "octocat", "fifo.json"]), "a FIFO would block") {
            XCTAssertEqual(($0 as? FixtureFileError)?.kind, .unreadable)
        }
        XCTAssertThrowsError(try readFixtureFile(in: root, ["github", "users", "octocat", "repos.json"], maximumBytes: 1)) {
            XCTAssertEqual(($0 as? FixtureFileError)?.reason, "the file has 2 bytes; a fixture may have at most 1")
        }
    }

    func testAMissingRootMeansNoFile() throws {
        let missing = root.appendingPathComponent("does-not-exist")
        XCTAssertNil(try readFixtureFile(in: missing, ["a.json"]).data)
    }
}
