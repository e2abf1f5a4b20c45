internal import Foundation
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reports a problem a test should fail on (or a person should see), wherever the code runs.
///
/// Library code that detects misuse — a live client used from a test, an unimplemented dependency —
/// calls ``reportIssue(_:fileID:filePath:line:column:)``. Under a test the issue fails the test through
/// the installed ``IssueReporter`` (`ViewModelKitTesting` installs XCTest's and Swift Testing's); in an
/// app it is printed to standard error.
public protocol IssueReporter: Sendable {
    /// Records `message` as a failure at the given source location.
    func reportIssue(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
}

/// Where ``reportIssue(_:fileID:filePath:line:column:)`` sends issues.
public enum IssueReporting {
    private static let installed = Mutex<(any IssueReporter)?>(nil)

    /// The reporter in use, if one was installed.
    public static var reporter: (any IssueReporter)? {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    /// A reporter for the running task and the tasks it starts, in front of ``reporter``: an
    /// exploration's run collects what its view model reports this way, without touching the
    /// process-wide reporter that tests running beside it use.
    ///
    /// ```swift
    /// await IssueReporting.$taskReporter.withValue(collector) { await run() }
    /// ```
    @TaskLocal public static var taskReporter: (any IssueReporter)?

    /// Whether this process runs tests (XCTest or Swift Testing).
    ///
    /// It recognizes how each runner starts a test process: on Linux, the test binary itself
    /// (`…PackageTests.xctest`); on macOS, the `xctest` tool with the test bundle as its last
    /// argument, or Swift Testing's `swiftpm-testing-helper`; under Xcode, the environment XCTest sets.
    public static let isTesting: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil
            || environment["XCTestSessionIdentifier"] != nil {
            return true
        }
        // NB: both lists: Foundation on Linux puts the resolved executable in front of its list, while
        // CommandLine keeps the name the process was started under.
        return [ProcessInfo.processInfo.arguments, CommandLine.arguments].contains(where: isTestRunner)
    }()

    /// Whether `arguments` (the program first) are how a test runner starts.
    private static func isTestRunner(_ arguments: [String]) -> Bool {
        if arguments.contains(where: { $0.hasPrefix("--testing-library") || $0 == "--test-bundle-path" }) {
            return true
        }
        guard let program = arguments.first else { return false }
        if program.hasSuffix(".xctest") || program.hasSuffix("PackageTests") { return true }
        switch program.split(separator: "/").last {
        case "swiftpm-testing-helper":
            return true
        case "xctest":
            let bundle = arguments.dropFirst().last?.split(separator: "/").last
            return bundle?.hasSuffix(".xctest") ?? false
        default:
            return false
        }
    }
}

/// Reports `message`: to the task's ``IssueReporting/taskReporter`` or the installed ``IssueReporter``
/// (failing the running test), or to standard error when none is installed.
public func reportIssue(
    _ message: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    if let reporter = IssueReporting.taskReporter ?? IssueReporting.reporter {
        reporter.reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    } else if IssueReporting.isTesting, let fail = xctFailFunction() {
        // A plain XCTest test that never installed a reporter still fails.
        fail(message, filePath, line)
    } else {
        FileHandle.standardError.write(Data("\(fileID):\(line): issue: \(message)\n".utf8))
    }
}

/// XCTest's `XCTFail(_:file:line:)`, looked up at run time so that this module never links XCTest.
private func xctFailFunction() -> (@convention(thin) (String, StaticString, UInt) -> Void)? {
    #if canImport(Glibc) || canImport(Darwin)
    guard let handle = dlopen(nil, RTLD_LAZY),
          let symbol = dlsym(handle, "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
    else { return nil }
    return unsafeBitCast(symbol, to: (@convention(thin) (String, StaticString, UInt) -> Void).self)
    #else
    return nil
    #endif
}
