extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array, in order.
    public func encode(to encoder: any Encoder) throws {
        try _elements.encode(to: encoder)
    }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
    /// Decodes an array of elements, in order.
    ///
    /// - Throws: `DecodingError.dataCorrupted`, naming the id and both offsets, when two elements
    ///   share an id, besides what decoding an element throws.
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        if let count = container.count {
            _elements.reserveCapacity(count)
            positions.reserveCapacity(count)
        }
        while !container.isAtEnd {
            let offset = container.currentIndex
            let element = try container.decode(Element.self)
            let (inserted, first) = append(element)
            guard inserted else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: container.codingPath + [OffsetKey(offset)],
                    debugDescription: "Duplicate id \(String(reflecting: id(of: element))) at offset \(offset): "
                        + "it first appeared at offset \(first)."
                ))
            }
        }
    }
}

/// The coding key of an array element, for the path of a decoding error.
private struct OffsetKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ offset: Int) { intValue = offset }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
