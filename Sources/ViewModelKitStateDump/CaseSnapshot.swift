/// An enum value in a snapshot, with the view models in its payload replaced by their snapshots:
/// `.edit(FormViewModel(title: ""))`, `.alert(AlertState(…))`, `.confirmDeletion`.
///
/// It compares by case and payload (the value it was taken of is kept, not compared), and renders
/// as the enum case it stands for.
package struct CaseSnapshot: Equatable {
    /// One value of the payload.
    package struct Payload {
        /// The payload's label, for a case with labelled associated values.
        package let label: String?
        /// The value, or its snapshot if it is a view model.
        package var value: any Equatable

        /// Creates a payload value.
        package init(label: String?, value: any Equatable) {
            self.label = label
            self.value = value
        }
    }

    /// The enum's type name, e.g. `Destination`.
    package let typeName: String
    /// The case's name, e.g. `edit`.
    package let caseName: String
    /// The associated values, in order; empty for a case without any.
    package var payload: [Payload]
    /// The enum value the snapshot was taken of; not compared.
    package var source: Any?

    /// Creates the snapshot of a case.
    package init(typeName: String, caseName: String, payload: [Payload], source: Any? = nil) {
        self.typeName = typeName
        self.caseName = caseName
        self.payload = payload
        self.source = source
    }

    /// Whether both are the same case of the same type with equal payloads.
    package static func == (lhs: CaseSnapshot, rhs: CaseSnapshot) -> Bool {
        lhs.typeName == rhs.typeName && lhs.caseName == rhs.caseName && lhs.payload.count == rhs.payload.count
            && zip(lhs.payload, rhs.payload).allSatisfy { $0.label == $1.label && isEqual($0.value, $1.value) }
    }
}

/// The name of the case of `value`, an enum, as the runtime knows it.
package func enumCaseName(of value: Any) -> String {
    dumpEnumCaseName(value)
}
