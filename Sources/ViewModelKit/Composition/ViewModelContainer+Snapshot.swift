package import ViewModelKitStateDump

extension ViewModelContainer {
    /// The view models in this value, found by reflection: an enum case's payload that is a view
    /// model (or holds some), in order. An enum of destinations need not list them by hand:
    ///
    /// ```swift
    /// enum Destination: ViewModelContainer {
    ///     case edit(FormViewModel)      // a sheet with its own view model
    ///     case alert(AlertState)        // a plain Equatable value
    ///     case confirmDeletion          // nothing
    /// }
    /// ```
    public var childViewModels: [ViewModel] {
        Mirror(reflecting: self).children.flatMap { reflectedViewModels(in: $0.value) }
    }
}

/// The view models `value` is or holds: itself, a container's, or those of a tuple's elements (an
/// enum case with several associated values).
private func reflectedViewModels(in value: Any) -> [ViewModel] {
    if let model = value as? ViewModel { return [model] }
    if let container = value as? any ViewModelContainer { return container.childViewModels }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple else { return [] }
    return mirror.children.flatMap { reflectedViewModels(in: $0.value) }
}

/// An optional, seen without its wrapped type.
private protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedValue: Any? { self.map { $0 as Any } }
}

extension ViewModelContainer {
    /// Whether the type is an optional view model.
    private static var holdsOneViewModel: Bool {
        (Self.self as? any OptionalValue.Type)?.wrappedType is ViewModel.Type
    }

    /// What the tester sees of a ``Child`` property holding this value:
    /// - one (optional) view model: its snapshot, a `StateSnapshot?`;
    /// - a collection or a stack: a `[StateSnapshot]` with one entry per element, each the
    ///   snapshot of the view model it holds or, for an entry holding no view model (or more than
    ///   one), a snapshot that stands for the entry's value;
    /// - anything else (an enum of destinations, optional or not): the value with every view model
    ///   in it replaced by its snapshot, a `CaseSnapshot` (`CaseSnapshot?` when optional).
    @MainActor
    package var childSnapshot: any Equatable {
        if Self.self is ViewModel.Type || Self.holdsOneViewModel {
            return childViewModels.first.map { $0.snapshot(asChild: true) } as StateSnapshot?
        }
        if let collection = self as? any Collection {
            return collection.map { entrySnapshot(of: $0) }
        }
        if let optional = self as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return CaseSnapshot?.none }
            return valueSnapshot(of: wrapped) as? CaseSnapshot ?? valueSnapshot(of: wrapped)
        }
        return valueSnapshot(of: self)
    }
}

/// The snapshot of one entry of a list of children: the view model it holds, when it is one or an
/// enum case whose only payload is one (`.detail(DetailViewModel)`); otherwise a snapshot that
/// stands for the entry's value (`.meeting(Meeting(…))`).
@MainActor
package func entrySnapshot(of entry: Any) -> StateSnapshot {
    if let model = entry as? ViewModel { return model.snapshot(asChild: true) }
    let mirror = Mirror(reflecting: entry)
    if mirror.displayStyle == .enum, mirror.children.count == 1, let model = mirror.children.first?.value as? ViewModel {
        var snapshot = model.snapshot(asChild: true)
        snapshot.entryCase = enumCaseName(of: entry)
        return snapshot
    }
    return StateSnapshot(typeName: dumpTypeName(Swift.type(of: entry)), entry: valueSnapshot(of: entry))
}

/// `value` for a snapshot: a view model's snapshot, an enum case with its payload's view models
/// snapshotted, an `Equatable` value as it is, and anything else as its dump text.
@MainActor
package func valueSnapshot(of value: Any) -> any Equatable {
    if let model = value as? ViewModel { return model.snapshot(asChild: true) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return value as? any Equatable ?? "nil" }
        return valueSnapshot(of: wrapped)
    }
    if mirror.displayStyle == .enum {
        var payload: [CaseSnapshot.Payload] = []
        if let associated = mirror.children.first?.value {
            let tuple = Mirror(reflecting: associated)
            if tuple.displayStyle == .tuple {
                payload = tuple.children.map { element in
                    let label = element.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                    return CaseSnapshot.Payload(label: label, value: valueSnapshot(of: element.value))
                }
            } else {
                payload = [CaseSnapshot.Payload(label: nil, value: valueSnapshot(of: associated))]
            }
        }
        return CaseSnapshot(
            typeName: dumpTypeName(type(of: value)), caseName: enumCaseName(of: value), payload: payload, source: value
        )
    }
    if let equatable = value as? any Equatable { return equatable }
    return dumpText(value)
}
