internal import ViewModelKit
internal import ViewModelKitStateDump

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

// One overload per shape (async throwing; throwing; non-throwing with a placeholder, sync or async)
// takes a parameter pack, so an endpoint takes any number of arguments. The overloads for one, two and
// three arguments stay, and win over the pack ones (those are `@_disfavoredOverload`): on Swift 6.3 a
// parameter-pack function made into a closure type with a tuple or `Void` argument,
// `@Sendable ((Int, Int)) async throws -> Int` or `@Sendable (()) throws -> Int`, crashes the compiler at
// the call site (in the reabstraction thunk; swiftlang/swift#74422 is the `Void` case). With them, such a
// mock compiles as it always did; the crash is left to mocks with such an argument among four or more
// (three or more with a placeholder), and to a variadic argument (`Int...`), which matched no overload
// before the packs.

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
/// It takes as many arguments as the closure type has (its pack `Argument` is inferred from it).
/// When called, it reports "Unimplemented: … was called with (…) but has no test implementation."
/// at the line that created it, then throws ``UnimplementedError``. Without a name, the failure
/// names that line instead (`MyTests/Mocks.swift:12`).
///
/// A test helper that makes the mock forwards its caller's place, so that the failure points at
/// the test that asked for the mock, not at the helper:
///
/// ```swift
/// func makeClient(
///     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///     line: UInt = #line, column: UInt = #column
/// ) -> GithubAPIClientMock {
///     GithubAPIClientMock(fetch: unimplemented(
///         "GithubAPIClientProtocol.fetchRepositories(user:)",
///         fileID: fileID, filePath: filePath, line: line, column: column
///     ))
/// }
/// ```
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
@_disfavoredOverload
public func unimplemented<each Argument, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in throw site.fail(repeat each argument) }
}

/// An unimplemented endpoint taking one argument; see ``unimplemented(_:fileID:filePath:line:column:)-7aill``.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<Argument, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (Argument) async throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { argument in throw site.fail(argument) }
}

/// An unimplemented endpoint taking two arguments.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<First, Second, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second) async throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { first, second in throw site.fail(first, second) }
}

/// A synchronous unimplemented endpoint, taking any number of arguments: it fails the test and throws
/// ``UnimplementedError``.
///
/// ```swift
/// var load: @Sendable () throws -> Settings = unimplemented("SettingsStore.load()")
/// ```
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
@_disfavoredOverload
public func unimplemented<each Argument, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in throw site.fail(repeat each argument) }
}

/// A synchronous unimplemented endpoint taking one argument: it fails the test and throws
/// ``UnimplementedError``.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<Argument, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (Argument) throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { argument in throw site.fail(argument) }
}

/// An unimplemented endpoint that cannot throw, taking any number of arguments: it fails the test and
/// returns `placeholder`.
///
/// ```swift
/// var now: @Sendable () -> Date = unimplemented("DateGenerator.now", placeholder: Date(timeIntervalSince1970: 0))
/// ```
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - placeholder: What a call returns after failing the test.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
@_disfavoredOverload
public func unimplemented<each Argument, Result: Sendable>(
    _ name: String? = nil,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in
        _ = site.fail(repeat each argument)
        return placeholder
    }
}

/// An unimplemented endpoint taking one argument that cannot throw: it fails the test and returns
/// `placeholder`.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - placeholder: What a call returns after failing the test.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<Argument, Result: Sendable>(
    _ name: String? = nil,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (Argument) -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { argument in
        _ = site.fail(argument)
        return placeholder
    }
}

/// An unimplemented endpoint taking three arguments.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<First, Second, Third, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second, Third) async throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { first, second, third in throw site.fail(first, second, third) }
}

/// A synchronous unimplemented endpoint taking two arguments: it fails the test and throws
/// ``UnimplementedError``.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<First, Second, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second) throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { first, second in throw site.fail(first, second) }
}

/// A synchronous unimplemented endpoint taking three arguments: it fails the test and throws
/// ``UnimplementedError``.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<First, Second, Third, Result>(
    _ name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second, Third) throws -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { first, second, third in throw site.fail(first, second, third) }
}

/// An unimplemented endpoint taking two arguments that cannot throw: it fails the test and returns
/// `placeholder`.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - placeholder: What a call returns after failing the test.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<First, Second, Result: Sendable>(
    _ name: String? = nil,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second) -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { first, second in
        _ = site.fail(first, second)
        return placeholder
    }
}

/// An `async` unimplemented endpoint that cannot throw, taking any number of arguments: it fails the
/// test and returns `placeholder`.
///
/// ```swift
/// var isAvailable: @Sendable () async -> Bool = unimplemented("SpeechClient.isAvailable()", placeholder: false)
/// ```
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - placeholder: What a call returns after failing the test.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
@_disfavoredOverload
public func unimplemented<each Argument, Result: Sendable>(
    _ name: String? = nil,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in
        _ = site.fail(repeat each argument)
        return placeholder
    }
}

/// An `async` unimplemented endpoint taking one argument that cannot throw: it fails the test and
/// returns `placeholder`.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - placeholder: What a call returns after failing the test.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<Argument, Result: Sendable>(
    _ name: String? = nil,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (Argument) async -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { argument in
        _ = site.fail(argument)
        return placeholder
    }
}

/// An `async` unimplemented endpoint taking two arguments that cannot throw: it fails the test and
/// returns `placeholder`.
///
/// - Parameters:
///   - name: The member the endpoint stands for, e.g. `Protocol.method(label:)`, used in the
///     failure message. Without one, the failure names the file and line instead.
///   - placeholder: What a call returns after failing the test.
///   - fileID: The `#fileID` of the line that creates the endpoint. A call's failure points
///     there, and without a `name` the failure names that place. Leave the default.
///   - filePath: The `#filePath` of that line: the file XCTest shows the failure in.
///   - line: The line that creates the endpoint, by default.
///   - column: The column of the `unimplemented` call, by default.
public func unimplemented<First, Second, Result: Sendable>(
    _ name: String? = nil,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (First, Second) async -> Result {
    let site = UnimplementedSite(name, fileID: fileID, filePath: filePath, line: line, column: column)
    return { first, second in
        _ = site.fail(first, second)
        return placeholder
    }
}

/// Where an unimplemented endpoint was created and what it is called: the name given, or else
/// that place as `fileID:line`.
private struct UnimplementedSite: Sendable {
    let name: String
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    init(_ name: String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        IssueReporting.installTestReporterIfNeeded()
        self.name = name ?? "\(fileID):\(line)"
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// Fails the test, naming the endpoint and the arguments it got, and returns the error a
    /// throwing endpoint throws.
    func fail<each Argument>(_ argument: repeat each Argument) -> UnimplementedError {
        var arguments: [Any] = []
        for value in repeat each argument {
            arguments.append(value)
        }
        reportUnimplemented(name, arguments: arguments, fileID: fileID, filePath: filePath, line: line, column: column)
        return UnimplementedError(name: name)
    }
}

func reportUnimplemented(
    _ name: String, arguments: [Any], fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
    let shown = arguments.isEmpty ? "" : " with (" + arguments.map { dumpText($0) }.joined(separator: ", ") + ")"
    reportIssue(
        "Unimplemented: \(name) was called\(shown) but has no test implementation.",
        fileID: fileID, filePath: filePath, line: line, column: column
    )
}
