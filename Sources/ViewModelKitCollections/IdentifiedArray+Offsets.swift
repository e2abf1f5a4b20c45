public import Foundation

extension IdentifiedArray {
    /// Removes the elements at `offsets`, as SwiftUI's `onDelete` hands them over.
    ///
    /// ```swift
    /// List { ForEach(model.rows) { … }.onDelete { model.rows.remove(atOffsets: $0) } }
    /// ```
    ///
    /// Offsets past the end are ignored. O(n).
    @inlinable
    public mutating func remove(atOffsets offsets: IndexSet) {
        guard let first = offsets.first, first < _elements.count else { return }
        var kept: [Element] = []
        kept.reserveCapacity(_elements.count)
        for (offset, element) in _elements.enumerated() {
            if offsets.contains(offset) {
                positions[id(of: element)] = nil
            } else {
                kept.append(element)
            }
        }
        _elements = kept
        reindex(from: first)
    }

    /// Moves the elements at `source` so that they come just before the element that was at
    /// `destination` (or last, when `destination` is `count`), keeping their order, as SwiftUI's
    /// `onMove` hands them over.
    ///
    /// ```swift
    /// var rows: IdentifiedArray = [a, b, c, d]
    /// rows.move(fromOffsets: [0, 2], toOffset: 4)   // [b, d, a, c]
    /// ```
    ///
    /// `destination` counts positions before the move; it is clamped to `0...count`, and source
    /// offsets past the end are ignored. O(n).
    @inlinable
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let destination = Swift.min(Swift.max(destination, 0), _elements.count)
        guard let first = source.first, first < _elements.count else { return }
        var before: [Element] = []
        var moved: [Element] = []
        var after: [Element] = []
        before.reserveCapacity(_elements.count)
        for (offset, element) in _elements.enumerated() {
            if source.contains(offset) {
                moved.append(element)
            } else if offset < destination {
                before.append(element)
            } else {
                after.append(element)
            }
        }
        before.append(contentsOf: moved)
        before.append(contentsOf: after)
        _elements = before
        reindex(from: Swift.min(first, destination))
    }
}
