// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// Runs the built `repos` binary, as a user would.
enum ReposBinary {
    /// The package root.
    static var packageRoot: URL { TestPaths.packageRoot }

    /// What one run printed and how it ended.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `repos` binary beside the test bundle (`swift test` builds it first).
    static var binary: URL {
        get throws {
            guard let found = TestPaths.builtExecutable("repos") else {
                throw MissingTestRequirement.required("repos was not built beside the tests") { XCTSkip($0) }
            }
            return found
        }
    }

    /// Runs `repos` with `arguments`; `GITHUB_TOKEN` and `GITHUB_API_URL` come only from `environment`.
    /// A run still going after `timeLimit` is terminated (exit by SIGTERM), so that a hang fails the
    /// test instead of holding the whole run.
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: URL = packageRoot, timeLimit: Duration = .seconds(120)) throws -> Run {
        let process = Process()
        process.executableURL = try binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_TOKEN"] = nil
        env["GITHUB_API_URL"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let (seconds, attoseconds) = timeLimit.components
        let safety = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        defer { safety.cancel() }
        let (stdout, stderr) = try process.runUntilExit {
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) * 1e-18, execute: safety)
            return (out.fileHandleForReading.readDataToEndOfFile(), err.fileHandleForReading.readDataToEndOfFile())
        }
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }
}
#endif
