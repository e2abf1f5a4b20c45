extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
    /// Creates an empty collection.
    @inlinable
    public init() {
        self.init(_id: nil)
    }

    /// Creates a collection of `elements`, keeping the first element of each id and dropping later
    /// ones.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        self.init()
        append(contentsOf: elements)
    }

    /// Creates a collection of `elements`, whose ids must all differ.
    ///
    /// ```swift
    /// let rows = IdentifiedArray(uniqueElements: [a, b, c])
    /// ```
    ///
    /// A repeated id is a programming error and stops the program, naming the id. For elements
    /// that may repeat ids (data from outside), use ``init(_:)``, which keeps the first, or
    /// ``init(_:uniquingIDsWith:)``.
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>) {
        self.init()
        appendUnique(elements, initializer: "IdentifiedArray(uniqueElements:)")
    }

    /// Creates a collection of `elements` without checking that their ids differ, for elements
    /// known to be unique (the ids of a collection that was already identified).
    ///
    /// Repeated ids leave the collection inconsistent; debug builds check for them.
    @inlinable
    public init(uncheckedUniqueElements elements: some Sequence<Element>) {
        self.init()
        store(uncheckedUniqueElements: elements)
    }

    /// Creates a collection of `elements`, merging elements that share an id with `combine` (given
    /// the element kept so far and the newcomer). A merged element stays where its id first
    /// appeared.
    ///
    /// ```swift
    /// let totals = IdentifiedArray(sales) { kept, new in Sale(id: kept.id, amount: kept.amount + new.amount) }
    /// ```
    ///
    /// An element `combine` returns with another id takes the place under its own id, as with the
    /// positional subscript (``subscript(_:)``).
    @inlinable
    public init(
        _ elements: some Sequence<Element>,
        uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        self.init()
        try merge(elements, uniquingIDsWith: combine)
    }
}

extension IdentifiedArray {
    /// Creates a collection of `elements` identified by the key path `id`; their ids must all
    /// differ.
    ///
    /// ```swift
    /// let tags = IdentifiedArray(uniqueElements: [swift, linux], id: \.name)
    /// ```
    ///
    /// A repeated id is a programming error and stops the program, naming the id, as in
    /// ``init(uniqueElements:)``. For elements that may repeat ids, use
    /// ``init(_:id:uniquingIDsWith:)``.
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>, id: any KeyPath<Element, ID> & Sendable) {
        self.init(id: id)
        appendUnique(elements, initializer: "IdentifiedArray(uniqueElements:id:)")
    }

    /// Creates a collection of `elements` identified by the key path `id`, without checking that
    /// their ids differ (see ``init(uncheckedUniqueElements:)``).
    @inlinable
    public init(uncheckedUniqueElements elements: some Sequence<Element>, id: any KeyPath<Element, ID> & Sendable) {
        self.init(id: id)
        store(uncheckedUniqueElements: elements)
    }

    /// Creates a collection of `elements` identified by the key path `id`, merging elements that
    /// share an id with `combine` (given the element kept so far and the newcomer), as
    /// ``init(_:uniquingIDsWith:)`` does.
    ///
    /// ```swift
    /// let latest = IdentifiedArray(readings, id: \.sensor) { _, newer in newer }
    /// ```
    @inlinable
    public init(
        _ elements: some Sequence<Element>,
        id: any KeyPath<Element, ID> & Sendable,
        uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        self.init(id: id)
        try merge(elements, uniquingIDsWith: combine)
    }

    /// Appends `elements`, stopping the program at an id that is already present.
    @inlinable
    mutating func appendUnique(_ elements: some Sequence<Element>, initializer: StaticString) {
        for element in elements {
            precondition(
                append(element).inserted,
                "\(initializer): the id \(String(reflecting: id(of: element))) appears more than once"
            )
        }
    }

    /// Replaces the contents of an empty collection with `elements`, whose ids must differ.
    @inlinable
    mutating func store(uncheckedUniqueElements elements: some Sequence<Element>) {
        _elements = Array(elements)
        positions = Dictionary(minimumCapacity: _elements.count)
        reindex(from: 0)
        assert(positions.count == _elements.count, "IdentifiedArray(uncheckedUniqueElements:): ids repeat")
    }

    /// Appends `elements`, merging an element whose id is present into the one kept with `combine`.
    @inlinable
    mutating func merge(
        _ elements: some Sequence<Element>,
        uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        for element in elements {
            if let index = positions[id(of: element)] {
                self[index] = try combine(_elements[index], element)
            } else {
                append(element)
            }
        }
    }
}
