/// The observed state of a view model at one moment: each ``Observed`` property's name and value, in
/// declaration order. Found by reflection, so a view model never lists its properties by hand.
package struct StateSnapshot: Equatable, CustomReflectable, CustomDumpTypeName {
    /// One observed property.
    package struct Field {
        /// The property's name (without the wrapper's underscore).
        package let name: String
        /// Its value.
        package var value: any Equatable
        /// Identifies the property's storage, to match key paths to fields.
        package let storage: ObjectIdentifier?

        /// Creates a field.
        package init(name: String, value: any Equatable, storage: ObjectIdentifier?) {
            self.name = name
            self.value = value
            self.storage = storage
        }
    }

    /// The view model's type name, e.g. `CounterViewModel`.
    package let typeName: String
    /// The observed properties. A ``Child`` property's value is its children's snapshots: a
    /// `StateSnapshot?` for one (optional) child, a `[StateSnapshot]` for a collection or a stack.
    package var fields: [Field]
    /// The object (a view model) the snapshot was taken of; not compared.
    package var source: AnyObject?
    /// For an entry of a list of children that holds no view model (a stack's value entry): the
    /// entry's value, which the snapshot compares and renders as; `fields` is then empty.
    package var entry: (any Equatable)?
    /// For an entry of a list of children that is an enum case holding one view model
    /// (`.detail(DetailViewModel)`): the case's name, so that a test can reach the child through
    /// its case. Not compared: the child's snapshot stands for the entry.
    package var entryCase: String?

    /// Creates a snapshot.
    package init(typeName: String, fields: [Field], source: AnyObject? = nil) {
        self.typeName = typeName
        self.fields = fields
        self.source = source
    }

    /// Creates the snapshot of a list entry that holds no view model: it stands for `entry`.
    package init(typeName: String, entry: any Equatable) {
        self.typeName = typeName
        self.fields = []
        self.entry = entry
    }

    /// The index of the field called `name`.
    package func index(of name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    /// Whether both snapshots hold equal values for every field.
    package static func == (lhs: StateSnapshot, rhs: StateSnapshot) -> Bool {
        if lhs.entry != nil || rhs.entry != nil {
            guard let left = lhs.entry, let right = rhs.entry else { return false }
            return lhs.typeName == rhs.typeName && isEqual(left, right)
        }
        return lhs.typeName == rhs.typeName && lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && isEqual($0.value, $1.value) }
    }

    /// The names of the fields whose values differ between the two snapshots.
    package func changedFields(comparedTo other: StateSnapshot) -> [String] {
        zip(fields, other.fields).compactMap { isEqual($0.value, $1.value) ? nil : $0.name }
    }

    /// Renders as the view model with its observed properties.
    package var customMirror: Mirror {
        Mirror(self, children: fields.map { (label: $0.name, value: $0.value as Any) }, displayStyle: .struct)
    }

    /// The view model's type name.
    package var customDumpTypeName: String { typeName }
}

/// Whether two type-erased values are equal (values of different types never are).
package func isEqual(_ lhs: any Equatable, _ rhs: any Equatable) -> Bool {
    func open<Value: Equatable>(_ lhs: Value) -> Bool {
        (rhs as? Value) == lhs
    }
    return open(lhs)
}

/// One step into a snapshot tree: a field by name, or an element of a child list by position.
package enum SnapshotPathComponent: Hashable, Sendable {
    /// A field of a view model's snapshot.
    case field(String)
    /// An element of a `[StateSnapshot]` (a collection or stack of children).
    case element(Int)
    /// An associated value of an enum case (a ``CaseSnapshot``, such as a presented destination).
    case payload(Int)
}

extension StateSnapshot {
    /// The value at `path` (which starts with a field), or `nil` if the path does not exist here.
    package func value(at path: ArraySlice<SnapshotPathComponent>) -> (any Equatable)? {
        guard case .field(let name)? = path.first, let index = index(of: name) else { return nil }
        return Self.value(fields[index].value, at: path.dropFirst())
    }

    private static func value(_ value: any Equatable, at path: ArraySlice<SnapshotPathComponent>) -> (any Equatable)? {
        guard let step = path.first else { return value }
        switch step {
        case .field:
            guard let child = value as? StateSnapshot ?? (value as? StateSnapshot?)?.flatMap({ $0 }) else { return nil }
            return child.value(at: path)
        case .element(let position):
            guard let list = value as? [StateSnapshot], list.indices.contains(position) else { return nil }
            return Self.value(list[position], at: path.dropFirst())
        case .payload(let position):
            guard let presented = value as? CaseSnapshot ?? (value as? CaseSnapshot?)?.flatMap({ $0 }),
                  presented.payload.indices.contains(position)
            else { return nil }
            return Self.value(presented.payload[position].value, at: path.dropFirst())
        }
    }

    /// Sets the value at `path`; returns `false` (changing nothing) if the path does not exist here.
    @discardableResult
    package mutating func setValue(_ newValue: any Equatable, at path: ArraySlice<SnapshotPathComponent>) -> Bool {
        guard case .field(let name)? = path.first, let index = index(of: name) else { return false }
        guard let replaced = Self.setting(fields[index].value, to: newValue, at: path.dropFirst()) else { return false }
        fields[index].value = replaced
        return true
    }

    private static func setting(
        _ value: any Equatable, to newValue: any Equatable, at path: ArraySlice<SnapshotPathComponent>
    ) -> (any Equatable)? {
        guard let step = path.first else { return newValue }
        switch step {
        case .field:
            if var child = value as? StateSnapshot {
                return child.setValue(newValue, at: path) ? child : nil
            }
            guard var child = (value as? StateSnapshot?)?.flatMap({ $0 }), child.setValue(newValue, at: path) else { return nil }
            return child as StateSnapshot?
        case .element(let position):
            guard var list = value as? [StateSnapshot], list.indices.contains(position),
                  let element = setting(list[position], to: newValue, at: path.dropFirst()) as? StateSnapshot
            else { return nil }
            list[position] = element
            return list
        case .payload(let position):
            let optional = value is CaseSnapshot?
            guard var presented = value as? CaseSnapshot ?? (value as? CaseSnapshot?)?.flatMap({ $0 }),
                  presented.payload.indices.contains(position),
                  let replaced = setting(presented.payload[position].value, to: newValue, at: path.dropFirst())
            else { return nil }
            presented.payload[position].value = replaced
            return optional ? presented as CaseSnapshot? : presented
        }
    }
}
