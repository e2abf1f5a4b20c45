// It starts `swift test` (Foundation's `Process`), which exists only on macOS and Linux.
#if os(macOS) || os(Linux)
public import Foundation

/// A package of the tests' own, built with `swift test` beside this one: it depends on a copy of this
/// package, as a user's app depends on ViewModelKit, and proves what only a separate build can (that
/// a generated test compiles against the products alone, that a module name does not clash).
///
/// Its directory is below this package's `.build`, kept between runs, so a later run rebuilds only
/// what changed.
public struct NestedPackage {
    /// The directory that holds the nested package, the copy of this package (`ViewModelKit/`) and
    /// any other local package the nested one depends on.
    public let work: URL

    /// A nested package in `.build/<name>` of this package.
    public init(named name: String) {
        work = TestPaths.packageRoot.appendingPathComponent(".build/\(name)")
    }

    /// The copy of this package that the nested package depends on as `../ViewModelKit`.
    public var library: URL { work.appendingPathComponent("ViewModelKit") }

    /// Makes ``library`` a copy of this package (without its build products and history), writing
    /// only the files that differ, so that an unchanged file keeps its date and is not rebuilt.
    /// Returns whether a file was added or removed: SwiftPM does not see a file added to or removed
    /// from a path dependency in an existing build plan, so then the caller starts its build afresh.
    public func copyLibrary() throws -> Bool {
        try Self.mirror(TestPaths.packageRoot, to: library, skipping: [".build", ".git", ".swiftpm"])
    }

    /// Writes `contents` to `path` (relative to ``work``) unless it already holds exactly that, so
    /// that an unchanged file is not rebuilt. Creates the directories on the way.
    public func write(_ contents: String, to path: String) throws {
        let file = work.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if (try? String(contentsOf: file, encoding: .utf8)) != contents {
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// Runs `swift test` in the package at `path` (relative to ``work``): its exit status and
    /// everything it printed (also kept in `swift-test.log` there).
    public func swiftTest(in path: String) throws -> (status: Int32, output: String) {
        try swift(["test"], in: path)
    }

    /// Runs `swift <arguments>` in the package at `path` (relative to ``work``): its exit status and
    /// everything it printed (also kept in `swift-<first argument>.log` there).
    public func swift(_ arguments: [String], in path: String) throws -> (status: Int32, output: String) {
        let directory = work.appendingPathComponent(path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM") }
        environment.removeValue(forKey: "VMK_UPDATE_SNIPPETS")
        process.environment = environment
        let log = directory.appendingPathComponent("swift-\(arguments.first ?? "run").log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.runUntilExit()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    /// Whether XCTest's output says that `suite.test` ended with `outcome` ("passed" or "failed"),
    /// in either platform's format: `Test Case 'Suite.test' passed` (swift-corelibs-xctest, Linux)
    /// or `Test Case '-[Module.Suite test]' passed` (Xcode's XCTest, macOS).
    public static func reportsTestCase(_ output: String, _ suite: String, _ test: String, _ outcome: String) -> Bool {
        output.contains("'\(suite).\(test)' \(outcome)") || output.contains(".\(suite) \(test)]' \(outcome)")
    }

    /// The sanitizer this test process was built with ("thread" or "address"), or `nil`: a nested
    /// package's build under a sanitizer takes minutes, so the tests that build one skip there.
    public static var sanitizer: String? {
        if let named = ProcessInfo.processInfo.environment["VMK_SANITIZER"], !named.isEmpty { return named }
        let built = ["testing-probe", "counter", "repos"].lazy.compactMap(TestPaths.builtExecutable).first
        let bundle = built?.path ?? CommandLine.arguments[0]
        if bundle.contains("/.build/tsan/") { return "thread" }
        if bundle.contains("/.build/asan/") { return "address" }
        return nil
    }

    /// Why a test that builds `what` (say, "a package of its own twice") does not run here, or `nil`
    /// when it does: it runs only under `VMK_FULL_STRESS` (`.ci/run` sets it), and not under a
    /// sanitizer, where the build takes minutes and the plain run covers it.
    public static func reasonToSkip(building what: String) -> String? {
        if !FullStress.isOn {
            return "builds \(what) (half a minute or more); runs under VMK_FULL_STRESS=1, as in .ci/run"
        }
        if let sanitizer {
            return "under the \(sanitizer) sanitizer: this test builds \(what), which takes minutes; the plain run covers it"
        }
        return nil
    }

    private static func mirror(_ source: URL, to destination: URL, skipping: Set<String> = []) throws -> Bool {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        let entries = Set(try manager.contentsOfDirectory(atPath: source.path)).subtracting(skipping)
        var addedOrRemoved = false
        for stale in Set(try manager.contentsOfDirectory(atPath: destination.path)).subtracting(entries).subtracting(skipping) {
            try manager.removeItem(at: destination.appendingPathComponent(stale))
            addedOrRemoved = true
        }
        for entry in entries {
            let from = source.appendingPathComponent(entry)
            let to = destination.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: from.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                // A nested package's build products (`Examples/.build`) are skipped as the top's are.
                if try mirror(from, to: to, skipping: [".build", ".swiftpm"]) { addedOrRemoved = true }
            } else {
                let contents = try Data(contentsOf: from)
                let existing = try? Data(contentsOf: to)
                if existing == nil { addedOrRemoved = true }
                if existing != contents { try contents.write(to: to) }
            }
        }
        return addedOrRemoved
    }
}
#endif
