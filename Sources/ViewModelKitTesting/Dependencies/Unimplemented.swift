internal import ViewModelKit
internal import StateDump

/// The error an unimplemented dependency throws after failing the test.
public struct UnimplementedError: Error, CustomStringConvertible, Equatable {
    /// The dependency member that was called, e.g. `GithubAPIClientProtocol.fetchRepositories(user:)`.
    public var name: String

    /// Creates the error for the member called `name`.
    public init(name: String) {
        self.name = name
    }

    /// Names the member.
    public var description: String { "\(name) is unimplemented in this test" }
}

/// An endpoint of a test double that fails the test when called, naming itself, instead of quietly
/// returning a default.
///
/// Build a mock of a client protocol from closures, each unimplemented until the test stubs it:
///
/// ```swift
/// struct GithubAPIClientMock: GithubAPIClientProtocol {
///     var fetch: @Sendable (String) async throws -> [GitHubRepository]
///         = unimplemented("GithubAPIClientProtocol.fetchRepositories(user:)")
///     func fetchRepositories(user: String) async throws -> [GitHubRepository] { try await fetch(user) }
/// }
///
/// var client = GithubAPIClientMock()
/// client.fetch = { _ in [] }      // only what this test needs
/// ```
///
/// When called, it reports "Unimplemented: … was called with (…) but has no test implementation."
/// at the line that created it, then throws ``UnimplementedError``.
public func unimplemented<Result>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable () async throws -> Result {
    IssueReporting.installTestReporterIfNeeded()
    return {
        reportUnimplemented(name, arguments: [], fileID: fileID, filePath: filePath, line: line, column: column)
        throw UnimplementedError(name: name)
    }
}

/// An unimplemented endpoint taking one argument; see ``unimplemented(_:fileID:filePath:line:column:)-5tp2d``.
public func unimplemented<Argument, Result>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (Argument) async throws -> Result {
    IssueReporting.installTestReporterIfNeeded()
    return { argument in
        reportUnimplemented(name, arguments: [argument], fileID: fileID, filePath: filePath, line: line, column: column)
        throw UnimplementedError(name: name)
    }
}

/// An unimplemented endpoint taking two arguments.
public func unimplemented<First, Second, Result>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second) async throws -> Result {
    IssueReporting.installTestReporterIfNeeded()
    return { first, second in
        reportUnimplemented(name, arguments: [first, second], fileID: fileID, filePath: filePath, line: line, column: column)
        throw UnimplementedError(name: name)
    }
}

/// An unimplemented endpoint that cannot throw: it fails the test and returns `placeholder`.
public func unimplemented<Argument, Result: Sendable>(
    _ name: String,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (Argument) -> Result {
    IssueReporting.installTestReporterIfNeeded()
    return { argument in
        reportUnimplemented(name, arguments: [argument], fileID: fileID, filePath: filePath, line: line, column: column)
        return placeholder
    }
}

private func reportUnimplemented(
    _ name: String, arguments: [Any], fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
    let shown = arguments.isEmpty ? "" : " with (" + arguments.map { dumpText($0) }.joined(separator: ", ") + ")"
    reportIssue(
        "Unimplemented: \(name) was called\(shown) but has no test implementation.",
        fileID: fileID, filePath: filePath, line: line, column: column
    )
}
