extension IdentifiedArray {
    /// Reorders the elements so that those matching `belongsInSecondPartition` come last, and
    /// returns the position of the first of them. The order within each part is unspecified.
    ///
    /// ```swift
    /// let firstDone = rows.partition { $0.isDone }
    /// ```
    @inlinable
    public mutating func partition(by belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Int {
        let pivot = try _elements.partition(by: belongsInSecondPartition)
        reindex(from: 0)
        return pivot
    }

    /// Reverses the order of the elements.
    @inlinable
    public mutating func reverse() {
        _elements.reverse()
        reindex(from: 0)
    }

    /// Shuffles the elements using `generator` (a seeded generator makes the order repeatable).
    @inlinable
    public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
        _elements.shuffle(using: &generator)
        reindex(from: 0)
    }

    /// Shuffles the elements with the system's random number generator.
    @inlinable
    public mutating func shuffle() {
        var generator = SystemRandomNumberGenerator()
        shuffle(using: &generator)
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in ascending order.
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}
