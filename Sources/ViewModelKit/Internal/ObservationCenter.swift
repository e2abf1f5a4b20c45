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

    // NB: the properties a write reads skip the dynamic exclusivity check in release builds: it would
    // cost more than the write. Safe by invariant 4 of the hot path (top of SubscriberList.swift).

    /// `true` only while ``track(_:)`` evaluates a key path.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var isTracking = false

    private var trackedReads: [TrackedRead] = []

    /// Subscribers to any change of the view model, created on first use and kept from then on
    /// (invariant 3 of the hot path: a write hands it to the delivery unretained).
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var changeSubscribers: SubscriberList<Void>?

    /// Whether any ``Observed`` property of the view model has a subscriber list (set when the first
    /// one is created, and kept, as the lists are). Until then an in-place mutation skips reading
    /// its property's list, which, where the accessor runs with its key paths unknown at compile
    /// time, is a key path read of the whole property.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var hasPropertySubscribers = false

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
    func subscribeToChanges(_ handler: @escaping @MainActor () -> Void) -> ViewModelSubscription {
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
    func subscribeToTaskEnds(_ handler: @escaping @MainActor () -> Void) -> ViewModelSubscription {
        let list = taskEndSubscribers ?? SubscriberList<Void>()
        taskEndSubscribers = list
        return subscribe(to: list, handler)
    }

    /// Adds `handler` to the hooks told when the view model dismisses itself without an owner and
    /// returns its token.
    func subscribeToUnownedDismissals(_ handler: @escaping @MainActor () -> Void) -> ViewModelSubscription {
        let list = unownedDismissalSubscribers ?? SubscriberList<Void>()
        unownedDismissalSubscribers = list
        return subscribe(to: list, handler)
    }

    /// Adds `handler` to `list` and returns its token.
    func subscribe<Value>(to list: SubscriberList<Value>, _ handler: @escaping @MainActor (Value) -> Void) -> ViewModelSubscription {
        nextSequence &+= 1
        let subscriber = Subscriber(sequence: nextSequence, handler: handler)
        list.append(subscriber)
        return ViewModelSubscription(subscriber: subscriber, list: list)
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
