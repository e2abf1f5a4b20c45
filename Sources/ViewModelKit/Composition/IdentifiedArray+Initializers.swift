extension IdentifiedArray {
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
        for element in elements {
            precondition(
                append(element).inserted,
                "IdentifiedArray(uniqueElements:): the id \(String(reflecting: element.id)) appears more than once"
            )
        }
    }

    /// Creates a collection of `elements` without checking that their ids differ, for elements
    /// known to be unique (the ids of a collection that was already identified).
    ///
    /// Repeated ids leave the collection inconsistent; debug builds check for them.
    @inlinable
    public init(uncheckedUniqueElements elements: some Sequence<Element>) {
        _elements = Array(elements)
        positions = Dictionary(minimumCapacity: _elements.count)
        reindex(from: 0)
        assert(positions.count == _elements.count, "IdentifiedArray(uncheckedUniqueElements:): ids repeat")
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
        for element in elements {
            if let index = positions[element.id] {
                self[index] = try combine(_elements[index], element)
            } else {
                append(element)
            }
        }
    }
}
