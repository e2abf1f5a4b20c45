public import Observation

/// The Observation registrar of one ``ViewModel``, in a class of its own so that the view
/// model holds it as one reference of known layout (the registrar's own layout is private to the
/// Observation module, which makes every copy of it a call).
@usableFromInline
final class ObservationState: Sendable {
    /// The registrar Observation's trackers register with.
    @usableFromInline
    let registrar = ObservationRegistrar()

    @usableFromInline
    init() {}

    /// Registers a read of `keyPath` with the tracker that may be running.
    @inlinable
    func access<Subject: Observable, Member>(_ subject: Subject, _ keyPath: KeyPath<Subject, Member>) {
        registrar.access(subject, keyPath: keyPath)
    }

    /// Tells the trackers of `keyPath` that it is about to change.
    @inlinable
    func willSet<Subject: Observable, Member>(_ subject: Subject, _ keyPath: KeyPath<Subject, Member>) {
        registrar.willSet(subject, keyPath: keyPath)
    }

    /// Tells the trackers of `keyPath` that it changed.
    @inlinable
    func didSet<Subject: Observable, Member>(_ subject: Subject, _ keyPath: KeyPath<Subject, Member>) {
        registrar.didSet(subject, keyPath: keyPath)
    }
}
