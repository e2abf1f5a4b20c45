public import Foundation

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
}
