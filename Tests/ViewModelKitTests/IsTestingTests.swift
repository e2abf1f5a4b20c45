// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// `IssueReporting.isTesting` as each test runner starts a process: the built `testing-probe`
/// program prints it, run through a link named like the runner's program, with the runner's
/// arguments and without the variables XCTest sets.
final class IsTestingTests: XCTestCase {
    private var scratch: TemporaryDirectory?

    override func tearDown() {
        scratch?.remove()
    }

    /// Runs the probe as `name` with `arguments` and returns what it printed (`true` or `false`).
    private func isTesting(runAs name: String, _ arguments: [String]) throws -> String {
        guard let probe = TestPaths.builtExecutable("testing-probe") else {
            throw MissingTestRequirement.required("testing-probe was not built beside the tests") { XCTSkip($0) }
        }
        let directory = try scratch ?? TemporaryDirectory()
        scratch = directory
        let program = directory.url.appendingPathComponent(name)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: program.path)) == nil {
            try FileManager.default.createSymbolicLink(at: program, withDestinationURL: probe)
        }

        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XCTest") }
        let output = Pipe()
        process.standardOutput = output
        let printed = try process.runUntilExit { output.fileHandleForReading.readDataToEndOfFile() }
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments)")
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAnOrdinaryProgramIsNotTesting() throws {
        XCTAssertEqual(try isTesting(runAs: "counter", ["--offline"]), "false")
        XCTAssertEqual(try isTesting(runAs: "xctest", []), "false", "the xctest tool without a bundle runs no test")
        XCTAssertEqual(try isTesting(runAs: "xctest", ["--help"]), "false")
    }

    func testLinuxTestBinaryIsTesting() throws {
        XCTAssertEqual(try isTesting(runAs: "ViewModelKitPackageTests.xctest", []), "true")
        XCTAssertEqual(try isTesting(runAs: "ViewModelKitPackageTests.xctest", ["ViewModelKitTests.ObservedTests"]), "true")
    }

    func testMacOSXCTestToolWithTheBundleLastIsTesting() throws {
        let bundle = "/Users/dev/ViewModelKit/.build/arm64-apple-macosx/debug/ViewModelKitPackageTests.xctest"
        XCTAssertEqual(try isTesting(runAs: "xctest", [bundle]), "true")
        XCTAssertEqual(try isTesting(runAs: "xctest", ["-XCTest", "ViewModelKitTests.ObservedTests", bundle]), "true")
        XCTAssertEqual(try isTesting(runAs: "xctest", ["-XCTest", "All", bundle + "/"]), "true")
    }

    func testMacOSSwiftTestingHelperIsTesting() throws {
        XCTAssertEqual(try isTesting(runAs: "swiftpm-testing-helper", []), "true")
        let bundle = "/Users/dev/ViewModelKit/.build/arm64-apple-macosx/debug/ViewModelKitPackageTests.xctest"
        XCTAssertEqual(
            try isTesting(runAs: "swiftpm-testing-helper", [
                "--test-bundle-path", bundle, bundle + "/Contents/MacOS/ViewModelKitPackageTests",
                "--testing-library", "swift-testing",
            ]),
            "true"
        )
    }
}
#endif
