/// An ordered collection of uniquely identified elements: an array you can also read and update by
/// id in constant time.
///
/// ```swift
/// var rows: IdentifiedArrayOf<GitHubRepository> = []
/// rows.append(swift)
/// rows[id: swift.id]?.stargazersCount += 1   // O(1) lookup and update
/// rows[id: swift.id] = nil                   // removes it
/// ```
///
/// Ids are unique: appending or inserting an element whose id is already present changes nothing,
/// and `init(_:)` keeps the first of several elements with the same id. Setting an element by
/// position with another id re-indexes it (see ``subscript(_:)``). Order is the order of insertion
/// unless you move or sort. Holds plain values and child view models alike (a view model
/// subclass that is `Identifiable` by a stable `let id`, or by its identity).
///
/// Elements that are `Identifiable` are identified by their `id` (``IdentifiedArrayOf``); any
/// other element by a key path to its id, given when the collection is created:
///
/// ```swift
/// var names = IdentifiedArray(uniqueElements: ["a", "b"], id: \.self)   // IdentifiedArray<String, String>
/// ```
///
/// ## Topics
///
/// ### Creating a collection
///
/// - ``init()``
/// - ``init(_:)``
/// - ``init(arrayLiteral:)``
/// - ``init(uniqueElements:)``
/// - ``init(uncheckedUniqueElements:)``
/// - ``init(_:uniquingIDsWith:)``
///
/// ### Creating a collection identified by a key path
///
/// - ``init(id:)``
/// - ``init(uniqueElements:id:)``
/// - ``init(uncheckedUniqueElements:id:)``
/// - ``init(_:id:uniquingIDsWith:)``
///
/// ### Reading by id
///
/// - ``subscript(id:)``
/// - ``index(id:)``
/// - ``contains(id:)``
/// - ``ids``
/// - ``elements``
///
/// ### Reading by position
///
/// - ``subscript(_:)``
/// - ``startIndex``
/// - ``endIndex``
///
/// ### Adding and replacing elements
///
/// - ``append(_:)``
/// - ``append(contentsOf:)``
/// - ``insert(_:at:)``
/// - ``updateOrAppend(_:)``
/// - ``update(_:at:)``
/// - ``updateOrInsert(_:at:)``
///
/// ### Removing elements
///
/// - ``remove(id:)``
/// - ``remove(at:)``
/// - ``remove(atOffsets:)``
/// - ``removeAll()``
/// - ``removeAll(where:)``
/// - ``removeFirst()``
/// - ``removeFirst(_:)``
/// - ``removeLast()``
/// - ``removeLast(_:)``
/// - ``removeSubrange(_:)-1hxk2``
/// - ``removeSubrange(_:)-nbro``
/// - ``filter(_:)``
///
/// ### Reordering
///
/// - ``move(id:to:)``
/// - ``move(fromOffsets:toOffset:)``
/// - ``sort(by:)``
/// - ``sort()``
/// - ``swapAt(_:_:)``
/// - ``partition(by:)``
/// - ``reverse()``
/// - ``shuffle()``
/// - ``shuffle(using:)``
///
/// ### Encoding and decoding
///
/// - ``encode(to:)``
/// - ``init(from:)``
public struct IdentifiedArray<ID: Hashable, Element> {
    /// The key path to an element's id, or `nil` for an `Identifiable` element identified by its own
    /// `id` (see ``id(of:)``).
    @usableFromInline
    let _id: (any KeyPath<Element, ID> & Sendable)?
    /// The elements in order (read through ``elements``).
    @usableFromInline
    var _elements: [Element]
    /// The position of each id in `elements`.
    @usableFromInline
    var positions: [ID: Int]

    /// Creates an empty collection whose elements are identified by `keyPath`, or by their own `id`
    /// when it is `nil`.
    @inlinable
    init(_id keyPath: (any KeyPath<Element, ID> & Sendable)?) {
        _id = keyPath
        _elements = []
        positions = [:]
    }

    /// Creates an empty collection whose elements are identified by the key path `id`.
    ///
    /// ```swift
    /// var tags = IdentifiedArray<String, Tag>(id: \.name)
    /// ```
    @inlinable
    public init(id: any KeyPath<Element, ID> & Sendable) {
        self.init(_id: id)
    }

    /// The id of `element`.
    @inlinable
    @inline(__always)
    public func id(of element: Element) -> ID {
        if let keyPath = _id { return Self.id(of: element, at: keyPath) }
        return Self.ownID(of: element)
    }

    /// The id of `element` at `keyPath`.
    ///
    /// NB: never inlined, so that the key path's code does not make the operations of a collection
    /// of `Identifiable` elements too large to inline where they are used.
    @inlinable
    @inline(never)
    static func id(of element: Element, at keyPath: any KeyPath<Element, ID> & Sendable) -> ID {
        element[keyPath: keyPath]
    }

    /// The element's own `id`, for a collection whose `_id` is `nil`.
    ///
    /// NB: the casts cannot fail, since only the initializers where `Element: Identifiable,
    /// ID == Element.ID` leave `_id` nil; where the types are known at compile time they fold into a
    /// plain read of `element.id`, so a collection of `Identifiable` elements never applies a key path.
    @inlinable
    @inline(__always)
    static func ownID(of element: Element) -> ID {
        guard let type = Element.self as? any Identifiable.Type else {
            preconditionFailure("IdentifiedArray: an element type without an id key path is not Identifiable")
        }
        func ownID<Own: Identifiable>(_: Own.Type) -> ID {
            guard let own = element as? Own, let id = own.id as? ID else {
                preconditionFailure("IdentifiedArray: the element's own id is not of type \(ID.self)")
            }
            return id
        }
        return ownID(type)
    }

    /// The elements in order, as a plain array.
    @inlinable
    public var elements: [Element] { _elements }

    /// The ids, in order.
    public var ids: [ID] { _elements.map(id(of:)) }

    /// The position of the element with `id`, if present, found in constant time.
    @inlinable
    public func index(id: ID) -> Int? { positions[id] }

    /// Whether an element with `id` is present.
    @inlinable
    public func contains(id: ID) -> Bool { positions[id] != nil }

    /// The element with `id`; setting `nil` removes it, setting a value replaces it in place or, if
    /// absent, appends it.
    ///
    /// Setting a value whose own id differs from `id` is a programming error and is ignored (the
    /// collection never holds an element under the wrong id).
    @inlinable
    public subscript(id id: ID) -> Element? {
        get { positions[id].map { _elements[$0] } }
        // NB: always inlined, as it is when the id is read without a key path check: the check makes
        // the setter just too large for the optimizer to inline it on its own.
        @inline(__always)
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            let newID = self.id(of: newValue)
            guard newID == id else {
                assertionFailure("IdentifiedArray: assigned an element with id \(newID) to [id: \(id)]")
                return
            }
            if let index = positions[id] {
                _elements[index] = newValue
            } else {
                append(newValue)
            }
        }
    }

    /// Appends `element` unless its id is present. Returns whether it was added and its position.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        let elementID = id(of: element)
        if let index = positions[elementID] { return (false, index) }
        positions[elementID] = _elements.count
        _elements.append(element)
        return (true, _elements.count - 1)
    }

    /// Appends the elements whose ids are not present yet, in order.
    @inlinable
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    /// Inserts `element` at `index` unless its id is present. Returns whether it was added and its
    /// position.
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        if let existing = positions[id(of: element)] { return (false, existing) }
        let index = Swift.min(Swift.max(index, 0), _elements.count)
        _elements.insert(element, at: index)
        reindex(from: index)
        return (true, index)
    }

    /// Replaces the element with the same id, or appends `element`. Returns the replaced element.
    @inlinable
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        if let index = positions[id(of: element)] {
            let old = _elements[index]
            _elements[index] = element
            return old
        }
        append(element)
        return nil
    }

    /// Removes and returns the element with `id`, if present.
    @inlinable
    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let index = positions[id] else { return nil }
        return remove(at: index)
    }

    /// Removes and returns the element at `index` (which must be valid).
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = _elements.remove(at: index)
        positions[id(of: element)] = nil
        reindex(from: index)
        return element
    }

    /// Removes the elements that satisfy `shouldBeRemoved`.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        try _elements.removeAll(where: shouldBeRemoved)
        positions.removeAll(keepingCapacity: true)
        reindex(from: 0)
    }

    /// Removes every element.
    public mutating func removeAll() {
        _elements.removeAll()
        positions.removeAll()
    }

    /// Moves the element with `id` to `index` (clamped to the collection's bounds).
    @inlinable
    public mutating func move(id: ID, to index: Int) {
        guard let from = positions[id] else { return }
        let element = _elements.remove(at: from)
        let to = Swift.min(Swift.max(index, 0), _elements.count)
        _elements.insert(element, at: to)
        reindex(Swift.min(from, to)..<(Swift.max(from, to) + 1))
    }

    /// Sorts the elements in place.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try _elements.sort(by: areInIncreasingOrder)
        reindex(from: 0)
    }

    /// The elements that satisfy `isIncluded`, as an identified collection.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> IdentifiedArray {
        var result = IdentifiedArray(_id: _id)
        result._elements = try _elements.filter(isIncluded)
        result.reindex(from: 0)
        return result
    }

    /// Rewrites the positions of the elements from `start` to the end.
    @inlinable
    mutating func reindex(from start: Int) {
        reindex(start..<_elements.count)
    }

    /// Rewrites the positions of the elements in `range` (the only ones that moved).
    @inlinable
    mutating func reindex(_ range: Range<Int>) {
        // The key path, or its absence, is looked at once, not once per element.
        if let keyPath = _id {
            for index in range { positions[_elements[index][keyPath: keyPath]] = index }
        } else {
            for index in range { positions[Self.ownID(of: _elements[index])] = index }
        }
    }
}

extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element.
    @inlinable
    public var startIndex: Int { 0 }
    /// The position after the last element.
    @inlinable
    public var endIndex: Int { _elements.count }
    /// The element at `position`.
    ///
    /// Setting replaces it in place (`items[0].name = "New"`). An element with another id takes the
    /// place and the collection is re-indexed: with ids `[1, 2, 3]`, `items[1] = Item(id: 4)` leaves
    /// `[1, 4, 3]`. If that id belongs to another element already, the other element is removed, so
    /// that ids stay unique: with ids `[1, 2, 3]`, `items[0] = Item(id: 3)` leaves `[3, 2]`.
    @inlinable
    public subscript(position: Int) -> Element {
        get { _elements[position] }
        set {
            let oldID = id(of: _elements[position])
            _elements[position] = newValue
            if id(of: newValue) != oldID { replaceID(oldID, at: position) }
        }
        _modify {
            let oldID = id(of: _elements[position])
            defer { if id(of: _elements[position]) != oldID { replaceID(oldID, at: position) } }
            yield &_elements[position]
        }
    }
}

extension IdentifiedArray {
    /// Re-indexes after the element at `position`, which had `oldID`, was replaced by one with
    /// another id; removes the other element with that id, if any.
    @inlinable
    mutating func replaceID(_ oldID: ID, at position: Int) {
        positions[oldID] = nil
        let newID = id(of: _elements[position])
        if let other = positions[newID] {
            _elements.remove(at: other)
            reindex(from: Swift.min(other, position))
        } else {
            positions[newID] = position
        }
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
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
        hasher.combine(_elements.count)
        for element in elements { hasher.combine(element) }
    }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, written as an array.
    public var description: String { _elements.description }
}

extension IdentifiedArray: CustomDebugStringConvertible {
    /// The type and the elements, e.g. `IdentifiedArray<Row>([Row(id: 1), Row(id: 2)])`.
    public var debugDescription: String { "IdentifiedArray<\(Element.self)>(\(_elements))" }
}

extension IdentifiedArray: CustomReflectable {
    /// Reflects as the array of its elements, so dumps and diffs show the elements only.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: _elements, displayStyle: .collection) }
}
