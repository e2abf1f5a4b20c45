package import ViewModelKitStateDump

extension ViewModel {
    /// The current values of every ``Observed`` property of this view model (and of its superclasses),
    /// with its ``Child`` properties' children and its ``Shared`` properties' values.
    ///
    /// As a child (`asChild`), the snapshot also holds what defines the view model: its stored
    /// `let` properties whose values are `Equatable` (and not view models), such as the meeting a
    /// detail screen shows, so that two children made with different inputs never compare equal.
    package func snapshot(asChild: Bool = false) -> StateSnapshot {
        var fields: [StateSnapshot.Field] = []
        let constants = asChild ? Set(storedConstantNames(of: type(of: self))) : []
        for level in storedPropertyLevels {
            for child in level.children {
                guard let label = child.label else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                if let storage = child.value as? any ObservedStorage {
                    fields.append(.init(name: name, value: storage.anyEquatable, storage: storage.subscriberListID))
                } else if let storage = child.value as? any ChildStorage {
                    let slot = storage.anySlot
                    slot.adopt(by: self)
                    fields.append(.init(name: name, value: slot.snapshotValue(), storage: slot.subscriberListID))
                } else if let storage = child.value as? any SharedStorage {
                    storage.adopt(by: self)
                    fields.append(.init(name: name, value: storage.sharedSnapshot, storage: storage.subscriberListID))
                } else if constants.contains(label), !(child.value is ViewModel), let value = child.value as? any Equatable {
                    fields.append(.init(name: label, value: value, storage: nil))
                }
            }
        }
        return StateSnapshot(typeName: dumpTypeName(type(of: self)), fields: fields, source: self)
    }
}

extension ViewModel {
    /// A mirror for each class from the topmost subclass of ``ViewModel`` down to this view model's
    /// own, superclasses first: the levels whose stored properties make up its state, in
    /// declaration order.
    package var storedPropertyLevels: [Mirror] {
        var mirror: Mirror? = Mirror(reflecting: self)
        var levels: [Mirror] = []
        while let level = mirror, level.subjectType != ViewModel.self {
            levels.insert(level, at: 0)
            mirror = level.superclassMirror
        }
        return levels
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
