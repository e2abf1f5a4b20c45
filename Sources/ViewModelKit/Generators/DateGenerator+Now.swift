public import Foundation

extension DateGenerator {
    /// The current date, spelled as a property (`date.now`), the same as calling the generator.
    ///
    /// ```swift
    /// lastRefreshed = date.now
    /// ```
    public var now: Date { self() }
}
