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
        let storage: ObjectIdentifier?
    }

    /// The view model's type name, e.g. `CounterViewModel`.
    package let typeName: String
    /// The observed properties. A ``Child`` property's value is its children's snapshots: a
    /// `StateSnapshot?` for one (optional) child, a `[StateSnapshot]` for a collection or a stack.
    package var fields: [Field]
    /// The view model the snapshot was taken of (not compared).
    package var source: ViewModel?

    /// Creates a snapshot.
    package init(typeName: String, fields: [Field], source: ViewModel? = nil) {
        self.typeName = typeName
        self.fields = fields
        self.source = source
    }

    /// The index of the field called `name`.
    package func index(of name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    /// Whether both snapshots hold equal values for every field.
    package static func == (lhs: StateSnapshot, rhs: StateSnapshot) -> Bool {
        lhs.typeName == rhs.typeName && lhs.fields.count == rhs.fields.count
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

extension ViewModel {
    /// The current values of every ``Observed`` property of this view model (and of its superclasses).
    package func snapshot() -> StateSnapshot {
        var fields: [StateSnapshot.Field] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        var levels: [Mirror] = []
        while let level = mirror, level.subjectType != ViewModel.self {
            levels.insert(level, at: 0)
            mirror = level.superclassMirror
        }
        for level in levels {
            for child in level.children {
                guard let label = child.label else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                if let storage = child.value as? any ObservedStorage {
                    fields.append(.init(name: name, value: storage.anyEquatable, storage: storage.subscriberListID))
                } else if let storage = child.value as? any ChildStorage {
                    let slot = storage.anySlot
                    slot.adopt(by: self)
                    fields.append(.init(name: name, value: slot.snapshotValue(), storage: slot.subscriberListID))
                }
            }
        }
        return StateSnapshot(typeName: dumpTypeName(type(of: self)), fields: fields, source: self)
    }
}

extension ViewModelProtocol {
    /// The name of the ``Observed`` property that `keyPath` reads, or `nil` if it reads none directly.
    package func observedPropertyName(for keyPath: AnyKeyPath) -> String? {
        guard let typed = keyPath as? PartialKeyPath<Self> else { return nil }
        let reads = observationCenter.track { _ = self[keyPath: typed] }
        guard reads.count == 1, reads[0].keyPath == keyPath else { return nil }
        let list = ObjectIdentifier(reads[0].list)
        return snapshot().fields.first { $0.storage == list }?.name
    }
}
