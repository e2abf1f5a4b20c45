import Foundation
@testable import ViewModelKitExampleGitHub
import TestSupport
import XCTest

/// The cache directory is private: created 0700 with 0600 entries; one others can write to is not used.
final class ResponseCacheDirectoryTests: XCTestCase {

    private func mode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
    }

    func test_theDirectoryAndItsEntries_areTheOwnersOnly() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let directory = root.appendingPathComponent("repos")
        let cache = ResponseCache(directory: directory)
        let url = try XCTUnwrap(URL(string: "https://api.github.com/users/a/repos"))
        cache.store(.init(url: url.absoluteString, etag: "W/\"1\"", link: nil, body: Data("[]".utf8)))
        XCTAssertEqual(try mode(directory), 0o700)
        let entries = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(try mode(try XCTUnwrap(entries.first)), 0o600)
        XCTAssertEqual(ResponseCache(directory: directory).entry(for: url)?.body, Data("[]".utf8))
    }

    func test_aWorldWritableDirectory_isNotUsed_soAPlantedEntryIsNeverServed() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let url = try XCTUnwrap(URL(string: "https://api.github.com/users/a/repos"))
        ResponseCache(directory: root).store(.init(url: url.absoluteString, etag: "W/\"planted\"", link: nil, body: Data("[]".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: root.path)
        let cache = ResponseCache(directory: root)
        XCTAssertEqual(cache.directoryProblem, "others can write to it (mode 777)")
        XCTAssertNil(cache.entry(for: url))
        try FileManager.default.setAttributes([.posixPermissions: 0o770], ofItemAtPath: root.path)
        XCTAssertNotNil(ResponseCache(directory: root).directoryProblem, "group-writable is refused too")
    }

    func test_aDirectoryOfAnotherUser_isNotUsed() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a directory to another user needs root") }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let url = try XCTUnwrap(URL(string: "https://api.github.com/users/a/repos"))
        ResponseCache(directory: root).store(.init(url: url.absoluteString, etag: "W/\"planted\"", link: nil, body: Data("[]".utf8)))
        XCTAssertNotNil(ResponseCache(directory: root).entry(for: url), "the owner's own entry is served")
        XCTAssertEqual(chown(root.path, 65534, 65534), 0, String(cString: strerror(errno)))
        let cache = ResponseCache(directory: root)
        XCTAssertEqual(cache.directoryProblem, "it belongs to another user (uid 65534)")
        XCTAssertNil(cache.entry(for: url))
    }

    func test_anEntryLargerThanTheLimit_isIgnored() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let url = try XCTUnwrap(URL(string: "https://api.github.com/users/a/repos"))
        let body = Data(repeating: 0x20, count: 200 << 10)
        ResponseCache(directory: root).store(.init(url: url.absoluteString, etag: "W/\"1\"", link: nil, body: body))
        XCTAssertNil(ResponseCache(directory: root, maximumEntryBytes: 100 << 10).entry(for: url))
        XCTAssertEqual(ResponseCache(directory: root, maximumEntryBytes: 300 << 10).entry(for: url)?.body, body)
    }
}
