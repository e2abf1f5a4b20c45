/// Per-view-model observation bookkeeping: the "anything changed" subscribers, the subscription
/// order counter, change hooks for tools, and key-path tracking used to find a property's storage.
@MainActor
@usableFromInline
final class ObservationCenter {
    /// A read recorded while tracking: which subscriber list a key path reached.
    struct TrackedRead {
        let list: AnyObject
        let keyPath: AnyKeyPath
    }

    // NB: the properties a write reads are `@exclusivity(unchecked)`: everything here is confined to
    // the main actor, and a dynamic exclusivity check per access would cost more than the write.

    /// `true` only while ``track(_:)`` evaluates a key path.
    @usableFromInline
    @exclusivity(unchecked)
    var isTracking = false

    private var trackedReads: [TrackedRead] = []

    /// Subscribers to any change of the view model, created on first use and kept from then on.
    @usableFromInline
    @exclusivity(unchecked)
    var changeSubscribers: SubscriberList<Void>?

    /// Hooks told when an owned task ends (the tester waits on them).
    private var taskEndSubscribers: SubscriberList<Void>?

    /// Hooks told when the view model dismisses itself while no parent owns it (the tester).
    private var unownedDismissalSubscribers: SubscriberList<Void>?

    private var nextSequence: UInt64 = 0

    func taskDidEnd() {
        taskEndSubscribers?.deliver(())
    }

    func dismissedWithoutOwner() {
        unownedDismissalSubscribers?.deliver(())
    }

    init() {}

    /// A child view model changed: tell the "anything changed" subscribers (a parent of this view
    /// model is one of them, so the news travels up the tree).
    func childDidChange() {
        changeSubscribers?.deliver(())
    }

    /// Adds `handler` to the view model's change subscribers and returns its token.
    func subscribeToChanges(_ handler: @escaping @MainActor () -> Void) -> Subscription {
        let list: SubscriberList<Void>
        if let existing = changeSubscribers {
            list = existing
        } else {
            list = SubscriberList<Void>()
            changeSubscribers = list
        }
        return subscribe(to: list, handler)
    }

    /// Adds `handler` to the hooks told when an owned task ends and returns its token.
    func subscribeToTaskEnds(_ handler: @escaping @MainActor () -> Void) -> Subscription {
        let list = taskEndSubscribers ?? SubscriberList<Void>()
        taskEndSubscribers = list
        return subscribe(to: list, handler)
    }

    /// Adds `handler` to the hooks told when the view model dismisses itself without an owner and
    /// returns its token.
    func subscribeToUnownedDismissals(_ handler: @escaping @MainActor () -> Void) -> Subscription {
        let list = unownedDismissalSubscribers ?? SubscriberList<Void>()
        unownedDismissalSubscribers = list
        return subscribe(to: list, handler)
    }

    /// Adds `handler` to `list` and returns its token.
    func subscribe<Value>(to list: SubscriberList<Value>, _ handler: @escaping @MainActor (Value) -> Void) -> Subscription {
        nextSequence &+= 1
        let subscriber = Subscriber(sequence: nextSequence, handler: handler)
        list.append(subscriber)
        return Subscription(subscriber: subscriber, list: list)
    }

    @usableFromInline
    func recordRead(of list: AnyObject, through keyPath: AnyKeyPath) {
        trackedReads.append(TrackedRead(list: list, keyPath: keyPath))
    }

    /// Evaluates `read` with tracking on and returns the observed storage it read.
    func track(_ read: () -> Void) -> [TrackedRead] {
        let wasTracking = isTracking
        let outer = trackedReads
        isTracking = true
        trackedReads = []
        read()
        let reads = trackedReads
        trackedReads = outer
        isTracking = wasTracking
        return reads
    }
}

/// `list`, unretained: the caller guarantees something else keeps it alive.
@inlinable
func unretained<Value>(_ list: SubscriberList<Value>?) -> Unmanaged<SubscriberList<Value>>? {
    if let list { .passUnretained(list) } else { nil }
}

/// Called by ``Observed`` after it stored a new value: calls the property's subscribers (`list`)
/// and the view model's change subscribers (`changes`), merged in subscription order.
///
/// NB: nonisolated and handed unretained lists on purpose: the caller retains nothing for the call,
/// and the closures here borrow without a runtime isolation check. Main actor only (its callers
/// are); the view model that owns both lists is alive for the whole call.
@inlinable
func deliverChange<Value>(
    _ value: Value, to list: Unmanaged<SubscriberList<Value>>?, changes: Unmanaged<SubscriberList<Void>>?
) {
    if let changes, !changes._withUnsafeGuaranteedRef({ $0.isEmpty }) {
        if let list {
            list._withUnsafeGuaranteedRef { own in
                changes._withUnsafeGuaranteedRef { any in deliverMerged(value, own, any) }
            }
        } else {
            changes._withUnsafeGuaranteedRef { $0.deliver(()) }
        }
    } else if let list {
        list._withUnsafeGuaranteedRef { $0.deliver(value) }
    }
}

/// Calls `own`'s and `any`'s subscribers merged in subscription order, under the rules of
/// ``SubscriberList/deliver(_:)``.
@inlinable
@inline(never)
func deliverMerged<Value>(_ value: Value, _ own: SubscriberList<Value>, _ any: SubscriberList<Void>) {
    let ownCount = own.entries.count
    let anyCount = any.entries.count
    own.deliveries &+= 1
    any.deliveries &+= 1
    var i = 0
    var j = 0
    while i < ownCount || j < anyCount {
        if j == anyCount || (i < ownCount && own.entries[i].sequence < any.entries[j].sequence) {
            own.entries[i].subscriber.call(with: value)
            i &+= 1
        } else {
            any.entries[j].subscriber.call(with: ())
            j &+= 1
        }
    }
    own.endDelivery()
    any.endDelivery()
}
