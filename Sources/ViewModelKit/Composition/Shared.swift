public import Observation
package import ViewModelKitStateDump

/// A property of a ``ViewModel`` whose value several view models share: one value, held by
/// reference, that each of them reads and writes as its own property. TCA's `@Shared`, for view
/// models.
///
/// Declare it with a value where the value starts, and pass the reference (`$stats`) to the view
/// models that share it:
///
/// ```swift
/// struct Stats: Equatable {
///     var count = 0
///     mutating func increment() { count += 1 }
/// }
///
/// @MainActor
/// final class CounterTab: ViewModel {
///     @Shared private(set) var stats: Stats
///
///     init(stats: Shared<Stats>) { _stats = stats }
///
///     func incrementButtonTapped() { stats.increment() }
/// }
///
/// @MainActor
/// final class AppViewModel: ViewModel {
///     @Shared private(set) var stats = Stats()
///     @Child private(set) var counter: CounterTab
///     @Child private(set) var profile: ProfileTab
///
///     override init() {
///         let stats = Shared(Stats())
///         _stats = stats
///         _counter = Child(wrappedValue: CounterTab(stats: stats))
///         _profile = Child(wrappedValue: ProfileTab(stats: stats))
///         super.init()
///     }
/// }
/// ```
///
/// Sharing means:
/// - a write through any holder is seen by all of them: writing a value equal to the current one
///   does nothing; a different one notifies the property's observers (``ViewModelProtocol/observe(_:_:)``
///   through any holder) and each holder's ``ViewModelProtocol/observeChanges(_:)`` subscribers (and
///   so, up the tree, their owners'); an in-place mutation of a value that holds references
///   notifies without comparing, as ``Observed`` does;
/// - Swift's Observation hears of it: a SwiftUI view (or `withObservationTracking`) that read the
///   property through any holder is told of a change made through any other;
/// - `ViewModelTester` sees the value once: an expectation writes it through any path that reaches
///   it (`$0.counter.stats.count = 1`, `$0.profile.stats.increment()`), every other place follows,
///   and a diff shows the value at its first place only.
///
/// Share values, not view models: a view model has one owner, its ``Child`` property.
@propertyWrapper
public struct Shared<Value: Equatable> {
    @usableFromInline
    let reference: SharedReference<Value>

    /// Whether the view model that stores this copy is known to the reference; a copy handed on
    /// (``projectedValue``) starts unknown.
    @usableFromInline
    var isAdopted = false

    /// Creates a reference to a new shared value.
    @MainActor
    public init(wrappedValue: Value) {
        reference = SharedReference(wrappedValue)
    }

    /// Creates a reference to a new shared value, to hand to the view models that share it:
    /// `let stats = Shared(Stats())`.
    @MainActor
    public init(_ value: Value) {
        self.init(wrappedValue: value)
    }

    /// The shared value. Inside a view model the compiler uses
    /// `subscript(_enclosingInstance:wrapped:storage:)` instead.
    @MainActor
    public var wrappedValue: Value {
        get {
            reference.registerAccess()
            return reference.value
        }
        nonmutating set { reference.set(newValue) }
    }

    /// The reference itself, to hand to another view model: `CounterTab(stats: $stats)`.
    public var projectedValue: Shared<Value> {
        Shared(reference: reference)
    }

    private init(reference: SharedReference<Value>) {
        self.reference = reference
    }

    /// Reads and writes the property of a view model: every holder of the reference reads the same
    /// value, and a change through any of them notifies them all.
    @MainActor
    public static subscript<Holder: ViewModel>(
        _enclosingInstance instance: Holder,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Holder, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Holder, Shared<Value>>
    ) -> Value {
        get {
            let reference = adoptedReference(instance, storageKeyPath)
            let center = instance.observationCenter
            if center.isTracking { center.recordRead(of: reference.subscribers, through: wrappedKeyPath) }
            reference.registerAccess()
            return reference.value
        }
        set {
            adoptedReference(instance, storageKeyPath).set(newValue)
        }
        // In place (`stats.increment()`, `stats.items.append(item)`): a value without references is
        // compared as on assignment; any other is mutated where it is stored, so a buffer only the
        // reference holds is not copied, and notifies without comparing.
        _modify {
            let reference = adoptedReference(instance, storageKeyPath)
            if _isPOD(Value.self) {
                var value = reference.value
                yield &value
                reference.set(value)
            } else {
                reference.willModify()
                yield &reference.value
                reference.didModify()
            }
        }
    }

    /// The reference, after making sure it knows `instance` holds it.
    @MainActor
    private static func adoptedReference<Holder: ViewModel>(
        _ instance: Holder, _ storageKeyPath: ReferenceWritableKeyPath<Holder, Shared<Value>>
    ) -> SharedReference<Value> {
        let storage = instance[keyPath: storageKeyPath]
        if !storage.isAdopted {
            storage.reference.adopt(by: instance)
            instance[keyPath: storageKeyPath].isAdopted = true
        }
        return storage.reference
    }
}

/// The one value a ``Shared`` property refers to, with who holds it and who observes it.
@MainActor
@usableFromInline
final class SharedReference<Value: Equatable>: Observable {
    /// The shared value.
    var value: Value
    /// The subscribers of the property, through whichever holder they subscribed.
    let subscribers = SubscriberList<Value>()
    /// Observation's registrar: what SwiftUI views that read the value register with.
    private let registrar = ObservationRegistrar()
    /// The view models that hold the reference, in the order they first used it; held weakly.
    private var holders: [WeakHolder] = []

    private struct WeakHolder {
        weak var model: ViewModel?
    }

    init(_ value: Value) {
        self.value = value
    }

    /// Notes that `holder` holds the reference, so that its observers hear of changes.
    func adopt(by holder: ViewModel) {
        guard !holders.contains(where: { $0.model === holder }) else { return }
        holders.removeAll { $0.model == nil }
        holders.append(WeakHolder(model: holder))
    }

    /// Registers a read with the Observation tracker that may be running (a SwiftUI view's body).
    func registerAccess() {
        registrar.access(self, keyPath: \.value)
    }

    /// Stores `newValue` unless it equals the current value, and notifies.
    func set(_ newValue: Value) {
        guard newValue != value else { return }
        willModify()
        value = newValue
        didModify()
    }

    /// Tells Observation that the value is about to change.
    func willModify() {
        registrar.willSet(self, keyPath: \.value)
    }

    /// Tells Observation, the property's subscribers and every holder's change subscribers that the
    /// value changed.
    func didModify() {
        registrar.didSet(self, keyPath: \.value)
        subscribers.deliver(value)
        for holder in holders {
            holder.model?.observationCenter.childDidChange()
        }
    }
}

/// Lets the snapshot find a view model's ``Shared`` properties by reflection.
package protocol SharedStorage {
    /// The shared value, with the reference it belongs to.
    @MainActor var sharedSnapshot: SharedSnapshot { get }
    /// Identifies the property's subscriber list, to match key paths to snapshot fields.
    var subscriberListID: ObjectIdentifier { get }
    /// Notes that `holder` holds the reference.
    @MainActor func adopt(by holder: ViewModel)
}

extension Shared: SharedStorage {
    @MainActor
    package var sharedSnapshot: SharedSnapshot {
        SharedSnapshot(value: reference.value, reference: reference)
    }

    package var subscriberListID: ObjectIdentifier { ObjectIdentifier(reference.subscribers) }

    @MainActor
    package func adopt(by holder: ViewModel) {
        reference.adopt(by: holder)
    }
}
