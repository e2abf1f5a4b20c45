import Foundation
import TestSupport
import XCTest

/// A test that lacks tmux or a built binary skips on a developer's machine and fails under CI.
final class MissingTestRequirementTests: XCTestCase {
    private struct Skipped: Error { var message: String }

    private func withCI<T>(_ value: String?, _ body: () throws -> T) rethrows -> T {
        let saved = ProcessInfo.processInfo.environment["CI"]
        if let value { setenv("CI", value, 1) } else { unsetenv("CI") }
        defer { if let saved { setenv("CI", saved, 1) } else { unsetenv("CI") } }
        return try body()
    }

    func testWithoutCIItIsTheCallersSkip() {
        let error = withCI(nil) { MissingTestRequirement.required("tmux is not installed") { Skipped(message: $0) } }
        XCTAssertEqual((error as? Skipped)?.message, "tmux is not installed")
        XCTAssertFalse(withCI("false") { MissingTestRequirement.isCI })
    }

    func testUnderCIItIsAFailure() {
        for value in ["true", "1", "TRUE"] {
            let error = withCI(value) { MissingTestRequirement.required("tmux is not installed") { Skipped(message: $0) } }
            XCTAssertNil(error as? Skipped, "CI=\(value)")
            XCTAssertEqual(
                (error as? MissingTestRequirement)?.description,
                "tmux is not installed (CI=true: a missing requirement fails)"
            )
        }
    }
}
