public import ViewModelKit
import XCTest
#if canImport(Testing)
import Testing
#endif
internal import Synchronization

/// Fails the running test: through Swift Testing when a Swift Testing test is running, else
/// through XCTest's `XCTFail` at the given file and line. The tester's default.
public struct TestIssueReporter: IssueReporter {
    /// Creates the reporter.
    public init() {}

    /// Records `message` as a failure of the running test.
    public func reportIssue(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)
                )
            )
            return
        }
        #endif
        XCTFail(message, file: filePath, line: line)
    }
}

/// Keeps the issues it is given instead of failing, for tests of test tools (Linux XCTest has no
/// `XCTExpectFailure`).
///
/// ```swift
/// let reporter = RecordingIssueReporter()
/// let tester = ViewModelTester(CounterViewModel(), reporter: reporter)
/// await tester.send({ $0.incrementButtonTapped() })          // no assertion: a failure
/// XCTAssertEqual(reporter.messages.count, 1)
/// ```
///
/// ## Topics
///
/// ### Recording
///
/// - ``init()``
/// - ``reportIssue(_:fileID:filePath:line:column:)``
///
/// ### Reading what was recorded
///
/// - ``messages``
/// - ``issues``
/// - ``Issue``
/// - ``removeAll()``
public final class RecordingIssueReporter: IssueReporter {
    /// One recorded issue.
    public struct Issue: Sendable, Equatable {
        /// The failure message.
        public var message: String
        /// The file (`#filePath`) it points at.
        public var filePath: String
        /// The line it points at.
        public var line: UInt
    }

    private let recorded = Mutex<[Issue]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Every issue so far, oldest first.
    public var issues: [Issue] { recorded.withLock { $0 } }

    /// The messages of ``issues``.
    public var messages: [String] { issues.map(\.message) }

    /// Forgets the recorded issues.
    public func removeAll() { recorded.withLock { $0.removeAll() } }

    /// Records the issue.
    public func reportIssue(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        recorded.withLock { $0.append(Issue(message: message, filePath: "\(filePath)", line: line)) }
    }
}

extension IssueReporting {
    /// Installs ``TestIssueReporter`` as the process-wide reporter if none is installed, so that
    /// library code reporting misuse (a live client, an unimplemented dependency) fails the test.
    static func installTestReporterIfNeeded() {
        if reporter == nil { reporter = TestIssueReporter() }
    }
}
