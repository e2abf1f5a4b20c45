internal import Observation

/// What a ``Child`` property tells Observation around a change, with the
/// property's key path already bound (a change can come from ``ViewModel/dismiss()``, where the key
/// path is not at hand).
@MainActor
struct ChildObservationHooks {
    let willSet: @MainActor () -> Void
    let didSet: @MainActor () -> Void
}

extension ChildSlot {
    /// Registers a read of the property with Observation, and installs the hooks that report its
    /// changes.
    func registerObservationAccess<Parent: ViewModel>(
        _ parent: Parent,
        _ keyPath: ReferenceWritableKeyPath<Parent, Value>
    ) {
        let registrar = parent.observationStateForAccess.registrar
        registrar.access(parent, keyPath: keyPath)
        guard observationHooks == nil else { return }
        // The parent owns this slot: the hooks hold it weakly.
        observationHooks = ChildObservationHooks(
            willSet: { [weak parent] in if let parent { registrar.willSet(parent, keyPath: keyPath) } },
            didSet: { [weak parent] in if let parent { registrar.didSet(parent, keyPath: keyPath) } }
        )
    }
}
