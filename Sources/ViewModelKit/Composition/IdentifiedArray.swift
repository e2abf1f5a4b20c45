/// An ordered collection of uniquely identified elements: an array you can also read and update by
/// id in constant time.
///
/// ```swift
/// var rows: IdentifiedArray<GitHubRepository> = []
/// rows.append(swift)
/// rows[id: swift.id]?.stargazersCount += 1   // O(1) lookup and update
/// rows[id: swift.id] = nil                   // removes it
/// ```
///
/// Ids are unique: appending or inserting an element whose id is already present changes nothing,
/// and `init(_:)` keeps the first of several elements with the same id. Order is the order of
/// insertion unless you move or sort. Holds plain values and child view models alike (a view model
/// subclass that is `Identifiable` by a stable `let id`, or by its identity).
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements in order.
    @usableFromInline
    var elements: ContiguousArray<Element>
    /// The position of each id in `elements`.
    @usableFromInline
    var positions: [Element.ID: Int]

    /// Creates an empty collection.
    public init() {
        elements = []
        positions = [:]
    }

    /// Creates a collection of `elements`, keeping the first element of each id and dropping later
    /// ones.
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements { append(element) }
    }

    /// The ids, in order.
    public var ids: [Element.ID] { elements.map(\.id) }

    /// The position of the element with `id`, if present.
    @inlinable
    public func index(id: Element.ID) -> Int? { positions[id] }

    /// Whether an element with `id` is present.
    public func contains(id: Element.ID) -> Bool { positions[id] != nil }

    /// The element with `id`; setting `nil` removes it, setting a value replaces it in place or, if
    /// absent, appends it.
    ///
    /// Setting a value whose own id differs from `id` is a programming error and is ignored (the
    /// collection never holds an element under the wrong id).
    public subscript(id id: Element.ID) -> Element? {
        get { positions[id].map { elements[$0] } }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            guard newValue.id == id else {
                assertionFailure("IdentifiedArray: assigned an element with id \(newValue.id) to [id: \(id)]")
                return
            }
            if let index = positions[id] {
                elements[index] = newValue
            } else {
                append(newValue)
            }
        }
    }

    /// Appends `element` unless its id is present. Returns whether it was added and its position.
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let index = positions[element.id] { return (false, index) }
        positions[element.id] = elements.count
        elements.append(element)
        return (true, elements.count - 1)
    }

    /// Appends the elements whose ids are not present yet, in order.
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    /// Inserts `element` at `index` unless its id is present. Returns whether it was added and its
    /// position.
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        if let existing = positions[element.id] { return (false, existing) }
        let index = Swift.min(Swift.max(index, 0), elements.count)
        elements.insert(element, at: index)
        reindex(from: index)
        return (true, index)
    }

    /// Replaces the element with the same id, or appends `element`. Returns the replaced element.
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        if let index = positions[element.id] {
            let old = elements[index]
            elements[index] = element
            return old
        }
        append(element)
        return nil
    }

    /// Removes and returns the element with `id`, if present.
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let index = positions[id] else { return nil }
        return remove(at: index)
    }

    /// Removes and returns the element at `index` (which must be valid).
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = elements.remove(at: index)
        positions[element.id] = nil
        reindex(from: index)
        return element
    }

    /// Removes the elements that satisfy `shouldBeRemoved`.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        try elements.removeAll(where: shouldBeRemoved)
        positions.removeAll(keepingCapacity: true)
        reindex(from: 0)
    }

    /// Removes every element.
    public mutating func removeAll() {
        elements.removeAll()
        positions.removeAll()
    }

    /// Moves the element with `id` to `index` (clamped to the collection's bounds).
    public mutating func move(id: Element.ID, to index: Int) {
        guard let from = positions[id] else { return }
        let element = elements.remove(at: from)
        let to = Swift.min(Swift.max(index, 0), elements.count)
        elements.insert(element, at: to)
        reindex(from: Swift.min(from, to))
    }

    /// Sorts the elements in place.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try elements.sort(by: areInIncreasingOrder)
        reindex(from: 0)
    }

    /// The elements that satisfy `isIncluded`, as an identified collection.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> IdentifiedArray {
        IdentifiedArray(try elements.filter(isIncluded))
    }

    private mutating func reindex(from start: Int) {
        for index in start..<elements.count { positions[elements[index].id] = index }
    }
}

extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { elements.count }
    /// The element at `position` (read-only: change elements by id, which keeps ids unique).
    public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// Creates a collection from a literal, keeping the first element of each id.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Equal when both hold equal elements in the same order.
    public static func == (lhs: IdentifiedArray, rhs: IdentifiedArray) -> Bool {
        lhs.elements == rhs.elements
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        for element in elements { hasher.combine(element) }
    }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, written as an array.
    public var description: String { Array(elements).description }
}

extension IdentifiedArray: CustomReflectable {
    /// Reflects as the array of its elements, so dumps and diffs show the elements only.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(elements), displayStyle: .collection) }
}
