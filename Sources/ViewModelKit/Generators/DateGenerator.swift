public import Foundation
internal import Synchronization

/// Tells the current date. Inject it instead of calling `Date()`, so tests can fix time.
///
/// ```swift
/// init(now: DateGenerator = .live) { … }     // in the view model
/// lastRefreshed = now()                        // use
/// ViewModel(now: .constant(Date(timeIntervalSince1970: 0)))   // in a test
/// ```
public struct DateGenerator: Sendable {
    private let generate: @Sendable () -> Date

    /// A generator that calls `generate`.
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// The current date.
    public func callAsFunction() -> Date { generate() }

    /// The system clock's date.
    public static let live = DateGenerator { Date() }

    /// Always `date`.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }

    /// `dates` in order, one per call, as a recorded session told them: a replay that asks more
    /// often than the session did reports an issue (failing the test) and gets the last date again.
    ///
    /// ```swift
    /// GitHubNavigationViewModel(client: client, clock: clock, now: .sequence([first, threeSecondsLater]))
    /// ```
    ///
    /// - Parameters:
    ///   - dates: The dates to tell, in order.
    ///   - fileID: The `#fileID` of this call, where a call past the end is reported. Leave the default.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows that failure in.
    ///   - line: The line that failure points at; the line of this call by default.
    ///   - column: The column that failure points at; the column of this call by default.
    public static func sequence(_ dates: [Date], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) -> DateGenerator {
        let told = GeneratorSequence(dates, fallback: Date(timeIntervalSince1970: 0), what: "date")
        return DateGenerator { told.next(fileID: fileID, filePath: filePath, line: line, column: column) }
    }
}

/// The values a `sequence` generator hands out, one per call.
final class GeneratorSequence<Value: Sendable>: Sendable {
    private let values: [Value]
    private let fallback: Value
    private let what: String
    private let position = Mutex(0)

    init(_ values: [Value], fallback: Value, what: String) {
        self.values = values
        self.fallback = fallback
        self.what = what
    }

    /// The next value; past the end, an issue and the last value again.
    func next(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) -> Value {
        let index = position.withLock { position in
            defer { position += 1 }
            return position
        }
        if values.indices.contains(index) { return values[index] }
        reportIssue(
            "The generator was asked for \(what) \(index + 1), but its sequence holds \(values.count): "
                + "the code asks more often than the session it replays did.",
            fileID: fileID, filePath: filePath, line: line, column: column
        )
        return values.last ?? fallback
    }
}
