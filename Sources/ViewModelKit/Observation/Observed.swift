/// A property of a ``ViewModel`` whose changes its observers are told about.
///
/// ```swift
/// final class SearchViewModel: ViewModel {
///     @Observed var query = ""
///     @Observed private(set) var isLoading = false
/// }
/// ```
///
/// Reading is a plain property read. Writing a value equal to the current one does nothing; writing a
/// different one stores it, then calls the property's subscribers and the view model's change
/// subscribers, in the order they subscribed. Swift's Observation hears of it too (see
/// <doc:ObservationInterop>). A write of a property that was never read tells Observation nothing: no
/// allocation and no lock. Once the property has been read, a real change also goes through
/// Observation's registrar, which takes its lock (see <doc:Performance>).
///
/// A mutation in place (`rows.append(row)`, `rows[id: id]?.title = title`, `rows.sort()`, a mutating
/// method of a struct) changes the stored value itself: a collection the view model alone holds is
/// not copied. It notifies without comparing, since a comparison would cost as much as the value is
/// large, so observers also hear of a mutation that left the value as it was. A value that holds no
/// references (an `Int`, a `Bool`, a struct of such) is compared as on assignment: `count += 0` does
/// nothing.
///
/// `@Observed` works only on properties of a ``ViewModel`` subclass (the compiler says so elsewhere).
@propertyWrapper
public struct Observed<Value: Equatable> {
    @usableFromInline
    var value: Value

    /// Whether Observation may have a tracker watching the property: set by the first read of the
    /// property (the only way a tracker starts watching it) and kept from then on, since a tracker
    /// installed with `willSet`/`didSet` stays registered across changes. Until it is set, a write does
    /// no Observation work.
    @usableFromInline
    var mayBeTracked: Bool

    /// The property's subscriber list, created on first subscription and kept from then on.
    @usableFromInline
    var subscribers: SubscriberList<Value>?

    /// Creates the storage with its initial value.
    public init(wrappedValue: Value) {
        self.value = wrappedValue
        self.mayBeTracked = false
        self.subscribers = nil
    }

    /// The stored value, without notification. The compiler uses
    /// `subscript(_enclosingInstance:wrapped:storage:)` instead inside a view model.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// Reads and writes the property of a view model, notifying its observers after a real change.
    @inlinable
    @MainActor
    public static subscript<EnclosingSelf: ViewModel>(
        _enclosingInstance instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) -> Value {
        // NB: both accessors are always inlined, so that the key paths resolve at compile time (as
        // they would not in a call of a specialized accessor), although the accessors hold the
        // Observation branch.
        @inline(__always)
        get {
            let center = instance.observationCenter
            if _slowPath(center.isTracking) {
                // The library's own read, to find the property's subscriber list (`observe`): not a
                // read Observation should see, nor one that makes later writes tell Observation.
                let list: SubscriberList<Value>
                if let existing = instance[keyPath: storageKeyPath].subscribers {
                    list = existing
                } else {
                    list = SubscriberList<Value>()
                    instance[keyPath: storageKeyPath].subscribers = list
                    center.hasPropertySubscribers = true
                }
                center.recordRead(of: list, through: wrappedKeyPath)
                return instance[keyPath: storageKeyPath].value
            }
            registerObservationAccess(instance, wrapped: wrappedKeyPath, storage: storageKeyPath)
            return instance[keyPath: storageKeyPath].value
        }
        @inline(__always)
        set {
            // NB: the work happens in `write` and `writeNotifyingObservation`, which borrow `instance`.
            // Doing it here, where `instance` is owned, makes the optimizer retain and release the view model around the
            // delivery (two atomic operations, several times the rest of a write).
            // The Observation branch (the only use of `wrappedKeyPath`) is taken only once a read
            // registered the property with Observation; until then a write checks one flag.
            if mayBeTracked(instance, storage: storageKeyPath) {
                writeNotifyingObservation(newValue, to: instance, wrapped: wrappedKeyPath, storage: storageKeyPath)
                return
            }
            write(newValue, to: instance, storage: storageKeyPath)
        }
        // An in-place mutation (`append`, `rows[id: id]?.title = …`, `sort()`, a mutating method) of
        // a value that holds references mutates the stored value itself, so a buffer the view model
        // alone holds is never copied; it notifies without comparing (a comparison would cost as much
        // as the value is large). A value without references (`count += 1`) is compared with a copy
        // of it taken before, as an assignment compares.
        // NB: one yield, so that the optimizer can inline the accessor where the key paths are
        // known (it does not inline a coroutine with more than one), and no `defer`: the optimizer
        // outlines a `defer` of a coroutine into a function of its own, where the key paths are
        // built and applied at run time on every mutation. So a mutation that throws (the
        // coroutine is then abandoned at the yield) does not notify.
        @inline(__always)
        _modify {
            let tracked = mayBeTracked(instance, storage: storageKeyPath)
            let old: Value? = _isPOD(Value.self) ? instance[keyPath: storageKeyPath].value : nil
            if tracked && old == nil { willModifyNotifyingObservation(instance, wrapped: wrappedKeyPath) }
            yield &instance[keyPath: storageKeyPath].value
            didModify(instance, from: old, tracked: tracked, wrapped: wrappedKeyPath, storage: storageKeyPath)
        }
    }

    /// After an in-place mutation: for a value without references (`old` is its value before),
    /// notifies as an assignment of the new value would; for any other, notifies without comparing.
    ///
    /// NB: always inlined into the `_modify` accessor, so that its key path reads resolve at compile
    /// time.
    @inlinable
    @inline(__always)
    @MainActor
    static func didModify<EnclosingSelf: ViewModel>(
        _ instance: EnclosingSelf,
        from old: Value?,
        tracked: Bool,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        guard let old else {
            if tracked {
                didModifyNotifyingObservation(instance, wrapped: wrappedKeyPath, storage: storageKeyPath)
            } else {
                notifySubscribers(of: instance, storage: storageKeyPath)
            }
            return
        }
        let new = instance[keyPath: storageKeyPath].value
        guard new != old else { return }
        if tracked {
            // Observation hears of a change before it is stored: the old value goes back, and the new
            // one is written as an assignment writes it.
            instance[keyPath: storageKeyPath].value = old
            writeNotifyingObservation(new, to: instance, wrapped: wrappedKeyPath, storage: storageKeyPath)
        } else {
            notifySubscribers(of: instance, storage: storageKeyPath)
        }
    }

    /// Stores `newValue` unless it equals the current value, then tells the subscribers.
    ///
    /// NB: always inlined into the setter, so that its key path reads resolve at compile time.
    @inlinable
    @inline(__always)
    @MainActor
    static func write<EnclosingSelf: ViewModel>(
        _ newValue: Value,
        to instance: EnclosingSelf,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        guard instance[keyPath: storageKeyPath].value != newValue else { return }
        store(newValue, to: instance, storage: storageKeyPath)
    }

    /// Stores `newValue`, known to differ from the current value, then tells the subscribers.
    ///
    /// NB: always inlined into its callers, so that its key path reads resolve at compile time.
    @inlinable
    @inline(__always)
    @MainActor
    static func store<EnclosingSelf: ViewModel>(
        _ newValue: Value,
        to instance: EnclosingSelf,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        instance[keyPath: storageKeyPath].value = newValue
        // NB: `wrappedKeyPath` is not used here on purpose: touching it makes the caller build a key
        // path object on every write, which costs more than the whole write.
        // Only unretained references go in: `instance`, borrowed for this whole call, holds both lists
        // (neither is ever replaced), so nothing needs retaining for the delivery. This is invariant 3
        // of the hot path (top of SubscriberList.swift).
        let list = unretained(instance[keyPath: storageKeyPath].subscribers)
        let changes = unretained(instance.observationCenter.changeSubscribers)
        if list == nil && changes == nil { return }
        deliverChange(newValue, to: list, changes: changes)
    }

    /// Tells the subscribers the current value, after an in-place mutation.
    ///
    /// NB: always inlined into the `_modify` accessor, so that its key path reads resolve at compile
    /// time. The value is read (and retained) only when somebody subscribed.
    @inlinable
    @inline(__always)
    @MainActor
    static func notifySubscribers<EnclosingSelf: ViewModel>(
        of instance: EnclosingSelf,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        // Unretained, as in `store`: invariant 3 of the hot path.
        // NB: the property's list is read only when some property has one. For a mutation through
        // an optional chain (`rows[id: id]?.title = title`) the compiler calls the view model's
        // synthesized `modify` accessor, which cannot inline this accessor (it ends the access in two
        // places), so the key paths are applied at run time, and that read would cost more than the
        // rest of the mutation.
        let center = instance.observationCenter
        let changes = unretained(center.changeSubscribers)
        if changes == nil && !center.hasPropertySubscribers { return }
        let list = unretained(instance[keyPath: storageKeyPath].subscribers)
        if list == nil && changes == nil { return }
        deliverChange(instance[keyPath: storageKeyPath].value, to: list, changes: changes)
    }
}

/// Lets tools (the tester, the change logger) read every observed property of a view model by
/// reflection, without the view model listing them.
package protocol ObservedStorage {
    /// The stored value, type-erased.
    var anyValue: Any { get }
    /// The stored value, type-erased but still comparable.
    var anyEquatable: any Equatable { get }
    /// Identifies the property's subscriber list, once it has one.
    var subscriberListID: ObjectIdentifier? { get }
}

extension Observed: ObservedStorage {
    package var anyValue: Any { value }
    package var anyEquatable: any Equatable { value }
    package var subscriberListID: ObjectIdentifier? { subscribers.map(ObjectIdentifier.init) }
}
