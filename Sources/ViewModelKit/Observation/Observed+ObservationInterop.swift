public import Observation

extension Observed {
    /// Registers a read of the property with Observation when the view model is an
    /// ``ObservableViewModel``. For any other view model the check folds away at compile time.
    @inlinable
    @inline(__always)
    @MainActor
    static func registerObservationAccess<EnclosingSelf: ViewModel>(
        _ instance: EnclosingSelf,
        _ wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>
    ) {
        guard let model = instance as? ObservableViewModel else { return }
        model.registrarForAccess.access(instance, keyPath: wrappedKeyPath)
    }

    /// Writes the property of an ``ObservableViewModel``, telling Observation around a real change,
    /// and returns `true`; returns `false` for any other view model (a check that folds away at
    /// compile time), which then writes with ``write(_:to:storage:)``.
    @inlinable
    @inline(__always)
    @MainActor
    static func writeObservingWithObservation<EnclosingSelf: ViewModel>(
        _ newValue: Value,
        to instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) -> Bool {
        guard let model = instance as? ObservableViewModel else { return false }
        // No registrar means no tracked read yet, so no tracker to tell.
        let registrar = model.observationRegistrar
        let changes = registrar != nil && instance[keyPath: storageKeyPath].value != newValue
        if changes { registrar?.willSet(instance, keyPath: wrappedKeyPath) }
        // NB: the only call of `write` on this path, so that the optimizer inlines it as it does for
        // other view models (and resolves its key paths at compile time).
        write(newValue, to: instance, storage: storageKeyPath)
        if changes { registrar?.didSet(instance, keyPath: wrappedKeyPath) }
        return true
    }
}
