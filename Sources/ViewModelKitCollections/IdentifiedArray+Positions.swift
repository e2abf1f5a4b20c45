extension IdentifiedArray {
    /// Replaces the element at `index` with `element` and returns the element it replaced.
    ///
    /// ```swift
    /// let old = rows.update(Row(id: 1, title: "Renamed"), at: 0)
    /// ```
    ///
    /// An element with another id is re-indexed as by the positional subscript (``subscript(_:)``),
    /// which removes another element with that id.
    @inlinable
    @discardableResult
    public mutating func update(_ element: Element, at index: Int) -> Element {
        let old = _elements[index]
        self[index] = element
        return old
    }

    /// Replaces the element with `element`'s id where it stands, or inserts `element` at `index`
    /// when its id is absent. Returns the replaced element, if any, and where `element` now is.
    ///
    /// ```swift
    /// rows.updateOrInsert(Row(id: 9, title: "New"), at: 0)   // (nil, 0): inserted first
    /// ```
    @inlinable
    @discardableResult
    public mutating func updateOrInsert(_ element: Element, at index: Int) -> (originalMember: Element?, index: Int) {
        if let existing = positions[id(of: element)] {
            let old = _elements[existing]
            _elements[existing] = element
            return (old, existing)
        }
        return (nil, insert(element, at: index).index)
    }

    /// Exchanges the elements at positions `i` and `j`.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        _elements.swapAt(i, j)
        positions[id(of: _elements[i])] = i
        positions[id(of: _elements[j])] = j
    }

    /// Removes and returns the first element. The collection must not be empty.
    @inlinable
    @discardableResult
    public mutating func removeFirst() -> Element {
        remove(at: 0)
    }

    /// Removes the first `k` elements. `k` must be at most ``count``.
    @inlinable
    public mutating func removeFirst(_ k: Int) {
        removeSubrange(0..<k)
    }

    /// Removes and returns the last element, in constant time. The collection must not be empty.
    @inlinable
    @discardableResult
    public mutating func removeLast() -> Element {
        remove(at: _elements.count - 1)
    }

    /// Removes the last `k` elements. `k` must be at most ``count``.
    @inlinable
    public mutating func removeLast(_ k: Int) {
        removeSubrange((_elements.count - k)...)
    }

    /// Removes the elements in `bounds`, which must lie within the collection.
    ///
    /// ```swift
    /// rows.removeSubrange(1..<3)
    /// ```
    @inlinable
    public mutating func removeSubrange(_ bounds: some RangeExpression<Int>) {
        let range = bounds.relative(to: _elements)
        for element in _elements[range] { positions[id(of: element)] = nil }
        _elements.removeSubrange(range)
        reindex(from: range.lowerBound)
    }

    /// Removes every element (`rows.removeSubrange(...)`).
    @inlinable
    public mutating func removeSubrange(_: UnboundedRange) {
        removeAll()
    }
}
