public import Observation

extension Observed {
    /// Whether Observation may have a tracker waiting for a change of the property: never for a
    /// property no read ever registered with Observation (one load of a flag stored beside the value).
    @inlinable
    @inline(__always)
    @MainActor
    static func mayBeTracked<EnclosingSelf: ViewModel>(
        _ instance: EnclosingSelf,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) -> Bool {
        instance[keyPath: storageKeyPath].mayBeTracked
    }

    /// Registers a read of the property with Observation, creating the view model's registrar on its
    /// first such read.
    @inlinable
    @inline(__always)
    @MainActor
    static func registerObservationAccess<EnclosingSelf: ViewModel>(
        _ instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        let observation = instance.observationState.map(Unmanaged.passUnretained) ?? instance.makeObservationState()
        if !instance[keyPath: storageKeyPath].mayBeTracked { instance[keyPath: storageKeyPath].mayBeTracked = true }
        notifyAccess(observation, instance, wrappedKeyPath)
    }

    /// Writes the property that a tracker may be watching: unless
    /// `newValue` equals the current value, tells Observation the property will change, stores it and
    /// calls the subscribers, then tells Observation it changed.
    @inlinable
    @inline(__always)
    @MainActor
    static func writeNotifyingObservation<EnclosingSelf: ViewModel>(
        _ newValue: Value,
        to instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        guard instance[keyPath: storageKeyPath].value != newValue else { return }
        // NB: `mayBeTracked` stays set: a tracker installed with `willSet`/`didSet` stays registered
        // after a change, and nothing tells whether one is (the registrar does not say), so every
        // later change goes to the registrar, as every change of an `@Observable` property does.
        // The state exists: the read that set `mayBeTracked` created it, and the view model keeps it.
        // Unretained: `instance`, borrowed for this whole call, holds it and never replaces it.
        guard let observation = instance.observationState.map(Unmanaged.passUnretained) else {
            store(newValue, to: instance, storage: storageKeyPath)
            return
        }
        notifyWillSet(observation, instance, wrappedKeyPath)
        store(newValue, to: instance, storage: storageKeyPath)
        notifyDidSet(observation, instance, wrappedKeyPath)
    }

    /// Tells Observation that the property that a tracker may be watching is about to be mutated in
    /// place.
    @inlinable
    @inline(__always)
    @MainActor
    static func willModifyNotifyingObservation<EnclosingSelf: ViewModel>(
        _ instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>
    ) {
        // The state exists, as in `writeNotifyingObservation`.
        guard let observation = instance.observationState.map(Unmanaged.passUnretained) else { return }
        notifyWillSet(observation, instance, wrappedKeyPath)
    }

    /// After an in-place mutation of the property that a tracker may be watching: calls the subscribers, then tells Observation the property changed.
    @inlinable
    @inline(__always)
    @MainActor
    static func didModifyNotifyingObservation<EnclosingSelf: ViewModel>(
        _ instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        notifySubscribers(of: instance, storage: storageKeyPath)
        guard let observation = instance.observationState.map(Unmanaged.passUnretained) else { return }
        notifyDidSet(observation, instance, wrappedKeyPath)
    }
}

// NB: nonisolated on purpose, like `deliverChange`: a closure written in a main-actor function checks
// at run time that it runs on the main actor, which would cost more than the rest of the write.
// Main actor only (their only caller is).

/// Registers a read of `keyPath` of `subject` with the tracker that may be running, through
/// `subject`'s state.
@inlinable
func notifyAccess<Subject: Observable, Member>(
    _ observation: Unmanaged<ObservationState>, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
) {
    observation._withUnsafeGuaranteedRef { $0.access(subject, keyPath) }
}

/// Tells Observation that `keyPath` of `subject` is about to change, through `subject`'s state.
@inlinable
func notifyWillSet<Subject: Observable, Member>(
    _ observation: Unmanaged<ObservationState>, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
) {
    observation._withUnsafeGuaranteedRef { $0.willSet(subject, keyPath) }
}

/// Tells Observation that `keyPath` of `subject` changed, through `subject`'s state.
@inlinable
func notifyDidSet<Subject: Observable, Member>(
    _ observation: Unmanaged<ObservationState>, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
) {
    observation._withUnsafeGuaranteedRef { $0.didSet(subject, keyPath) }
}
