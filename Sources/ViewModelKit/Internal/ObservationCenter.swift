/// Per-view-model observation bookkeeping: the "anything changed" subscribers, the subscription
/// order counter, change hooks for tools, and key-path tracking used to find a property's storage.
@MainActor
@usableFromInline
final class ObservationCenter {
    /// A read recorded while tracking: which subscriber list a key path reached.
    @usableFromInline
    struct TrackedRead {
        @usableFromInline let list: AnyObject
        @usableFromInline let keyPath: AnyKeyPath
    }

    // NB: the properties a write reads skip the dynamic exclusivity check in release builds: it would
    // cost more than the write. Safe by invariant 4 of the hot path (top of SubscriberList.swift).

    /// `true` only while ``track(_:)`` evaluates a key path.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var isTracking = false

    /// The reads recorded by the ``track(_:)`` running now, whichever view model's: shared, so that a
    /// view model does not carry an array it uses only inside `track` (main actor only, as `track`).
    private static var trackedReads: [TrackedRead] = []

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

    /// The next subscriber's place in subscription order.
    @usableFromInline
    func nextSubscriptionSequence() -> UInt64 {
        nextSequence &+= 1
        return nextSequence
    }

    /// The subscriber lists ``list(readThrough:read:)`` found, with the key path that reached each:
    /// a property's list is never replaced (invariant 3 of the hot path), so the same key path object
    /// finds the same list again without a tracked read. The key paths are held, so that no other key
    /// path can take the identity compared here. At most ``knownListCapacity``; a key path beyond that,
    /// or one built anew for each call (an equal one is not the same object), is read every time.
    // NB: read and appended to only in instantaneous accesses (invariant 4 of the hot path), and
    // unchecked in release builds: the check would be a tenth of a subscription's cost.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var knownLists: [(keyPath: AnyKeyPath, list: AnyObject)] = []

    /// How many key paths ``knownLists`` holds at most.
    @usableFromInline
    static let knownListCapacity = 8

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
    @inlinable
    func subscribe<Value>(to list: SubscriberList<Value>, _ handler: @escaping @MainActor (Value) -> Void) -> ViewModelSubscription {
        let subscriber = Subscriber(sequence: nextSubscriptionSequence(), handler: handler)
        list.append(subscriber)
        return ViewModelSubscription(subscriber: subscriber, list: list)
    }

    @usableFromInline
    func recordRead(of list: AnyObject, through keyPath: AnyKeyPath) {
        Self.trackedReads.append(TrackedRead(list: list, keyPath: keyPath))
    }

    /// The subscriber list of the one observed property that `keyPath` reads (through `read`, which
    /// reads it), or `nil` when it reads none, or more than one, or another key path's.
    @inlinable
    func list<Value>(readThrough keyPath: AnyKeyPath, _ read: () -> Void) -> SubscriberList<Value>? {
        for known in knownLists where known.keyPath === keyPath {
            return known.list as? SubscriberList<Value>
        }
        let reads = track(read)
        guard reads.count == 1, reads[0].keyPath == keyPath, let list = reads[0].list as? SubscriberList<Value> else {
            return nil
        }
        if knownLists.count < Self.knownListCapacity { knownLists.append((keyPath, list)) }
        return list
    }

    /// Evaluates `read` with tracking on and returns the observed storage it read.
    @usableFromInline
    func track(_ read: () -> Void) -> [TrackedRead] {
        let wasTracking = isTracking
        let outer = Self.trackedReads
        isTracking = true
        Self.trackedReads = []
        read()
        let reads = Self.trackedReads
        Self.trackedReads = outer
        isTracking = wasTracking
        return reads
    }
}
