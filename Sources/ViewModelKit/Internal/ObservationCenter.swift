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

    /// Subscribers to any change of the view model, created on first use.
    @usableFromInline
    @exclusivity(unchecked)
    var changeSubscribers: SubscriberList<Void>?

    /// Hooks told when an owned task ends (the tester waits on them).
    var taskEndSubscribers: SubscriberList<Void>?

    private var nextSequence: UInt64 = 0

    func taskDidEnd() {
        guard let list = taskEndSubscribers else { return }
        for entry in list.entries where !entry.state.isCancelled { entry.handler(()) }
    }

    init() {}

    /// A child view model changed: tell the "anything changed" subscribers (a parent of this view
    /// model is one of them, so the news travels up the tree).
    func childDidChange() {
        guard let list = changeSubscribers else { return }
        for entry in list.entries where !entry.state.isCancelled { entry.handler(()) }
    }

    /// Adds `handler` to the list at `list` (creating the list on first use) and returns its token.
    func subscribe<Value>(
        to list: ReferenceWritableKeyPath<ObservationCenter, SubscriberList<Value>?>,
        _ handler: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        let target: SubscriberList<Value>
        if let existing = self[keyPath: list] {
            target = existing
        } else {
            target = SubscriberList<Value>()
            self[keyPath: list] = target
        }
        return subscribe(to: target, handler)
    }

    /// Adds `handler` to `list` and returns its token.
    func subscribe<Value>(to list: SubscriberList<Value>, _ handler: @escaping @MainActor (Value) -> Void) -> Subscription {
        let state = makeState()
        list.append(state, handler)
        return Subscription(state: state, list: list)
    }

    func makeState() -> SubscriptionState {
        nextSequence &+= 1
        return SubscriptionState(sequence: nextSequence)
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

    /// Called by ``Observed`` after it stored a new value.
    @inlinable
    func didChange<Value>(_ value: Value, subscribers list: SubscriberList<Value>?) {
        let changes = changeSubscribers
        if list == nil && changes == nil { return }
        deliver(value, to: list, changes: changes)
    }

    /// Calls the property's subscribers and the change subscribers, merged in subscription order.
    @inlinable
    func deliver<Value>(_ value: Value, to list: SubscriberList<Value>?, changes: SubscriberList<Void>?) {
        let own = list?.entries ?? []
        let any = changes?.entries ?? []
        if any.isEmpty {
            for entry in own where !entry.state.isCancelled { entry.handler(value) }
            return
        }
        if own.isEmpty {
            for entry in any where !entry.state.isCancelled { entry.handler(()) }
            return
        }
        var i = own.startIndex
        var j = any.startIndex
        while i < own.endIndex || j < any.endIndex {
            if j == any.endIndex || (i < own.endIndex && own[i].state.sequence < any[j].state.sequence) {
                if !own[i].state.isCancelled { own[i].handler(value) }
                i += 1
            } else {
                if !any[j].state.isCancelled { any[j].handler(()) }
                j += 1
            }
        }
    }
}
