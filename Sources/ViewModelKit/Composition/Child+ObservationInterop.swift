internal import Observation

/// What a ``Child`` property of an ``ObservableViewModel`` tells Observation around a change, with the
/// property's key path already bound (a change can come from ``ViewModel/dismiss()``, where the key
/// path is not at hand).
@MainActor
struct ChildObservationHooks {
    let willSet: @MainActor () -> Void
    let didSet: @MainActor () -> Void
}

extension ChildSlot {
    /// Registers a read of the property with Observation when the parent is an
    /// ``ObservableViewModel``, and installs the hooks that report its changes.
    func registerObservationAccess<Parent: ViewModel>(
        _ parent: Parent,
        _ keyPath: ReferenceWritableKeyPath<Parent, Value>
    ) {
        guard let model = parent as? ObservableViewModel else { return }
        let registrar = model.observationStateForAccess.registrar
        registrar.access(parent, keyPath: keyPath)
        guard observationHooks == nil else { return }
        // The parent owns this slot: the hooks hold it weakly.
        observationHooks = ChildObservationHooks(
            willSet: { [weak parent] in if let parent { registrar.willSet(parent, keyPath: keyPath) } },
            didSet: { [weak parent] in if let parent { registrar.didSet(parent, keyPath: keyPath) } }
        )
    }
}
