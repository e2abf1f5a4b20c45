public import Synchronization

/// One subscriber: its handler, its place in subscription order, and whether it was cancelled.
///
/// The list it belongs to owns it; its ``Subscription`` token holds it too, to cancel it from any
/// thread. Only the main actor calls the handler; any thread may read ``sequence`` and the flag.
///
/// NB: not `@MainActor`, so that delivery can borrow it without a runtime isolation check per
/// subscriber (see ``SubscriberList``); `@unchecked Sendable` because the handler is main-actor
/// confined by construction: only ``ObservationCenter`` (main actor) creates subscribers, and only
/// deliveries (main actor) call handlers. Other threads touch only the immutable sequence and the
/// atomic flag.
@usableFromInline
final class Subscriber<Value>: CancellableSubscriber, @unchecked Sendable {
    @usableFromInline let handler: (Value) -> Void
    @usableFromInline let sequence: UInt64
    @usableFromInline let cancelled = Atomic<Bool>(false)

    init(sequence: UInt64, handler: @escaping (Value) -> Void) {
        self.sequence = sequence
        self.handler = handler
    }

    @inlinable
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Marks the subscriber cancelled; returns `false` if it already was.
    func markCancelled() -> Bool {
        !cancelled.exchange(true, ordering: .acquiringAndReleasing)
    }
}

/// What a ``Subscription`` needs of its subscriber, whatever the subscriber's value type.
protocol CancellableSubscriber: AnyObject, Sendable {
    /// The subscriber's place in subscription order; identifies it in its list.
    var sequence: UInt64 { get }
    /// Whether the subscription was cancelled.
    var isCancelled: Bool { get }
    /// Marks the subscriber cancelled; returns `false` if it already was.
    func markCancelled() -> Bool
}

/// The subscribers of one observed property (or of "anything changed"), in subscription order.
///
/// The view model's ``ObservationCenter`` owns it for the view model's lifetime (tokens hold it
/// too), so a write reaches it through an unretained reference, without any lookup.
///
/// Delivery walks the entries by index without retaining anything: the list holds one reference to
/// each subscriber, and while a delivery runs nothing is taken out of the list (a subscription
/// cancelled meanwhile is only marked, and swept out when the outermost delivery ends), so every
/// subscriber a delivery reaches stays alive for its call. Subscribers added meanwhile go to the end
/// and are not called for the write being delivered.
///
/// NB: main-actor confined, but not `@MainActor`: delivery runs in nonisolated code so that borrowing
/// the list and each subscriber (`_withUnsafeGuaranteedRef`) costs no runtime isolation check.
/// Everything that touches it runs on the main actor: ``ObservationCenter`` (`@MainActor`) and
/// ``Subscription/cancel()``, which hops there. Hence `@unchecked Sendable`.
@usableFromInline
final class SubscriberList<Value>: RemovableSubscriberList, @unchecked Sendable {
    /// One subscriber, with its sequence number inline so that merging two lists reads no subscriber.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let sequence: UInt64
        /// Owned by the list: retained when added, released when swept out or with the list.
        @usableFromInline let subscriber: Unmanaged<Subscriber<Value>>
    }

    // NB: `@exclusivity(unchecked)`: confined to the main actor, and read on every write.

    @usableFromInline
    @exclusivity(unchecked)
    var entries: ContiguousArray<Entry> = []

    /// How many deliveries through this list are running (more than one when a handler writes the
    /// same property again).
    @usableFromInline
    @exclusivity(unchecked)
    var deliveries = 0

    /// Whether a subscription was cancelled while a delivery ran, so that its entry waits for sweeping.
    @usableFromInline
    @exclusivity(unchecked)
    var needsSweep = false

    @usableFromInline
    init() {}

    deinit {
        // NB: the last reference may go on any thread (a token outliving its view model), but then
        // nothing else can reach the list any more.
        for entry in entries { entry.subscriber.release() }
    }

    /// Whether no subscriber is listed (cancelled ones awaiting a sweep count as listed).
    @inlinable
    var isEmpty: Bool { entries.isEmpty }

    /// Adds a subscriber at the end.
    func append(_ subscriber: Subscriber<Value>) {
        entries.append(Entry(sequence: subscriber.sequence, subscriber: .passRetained(subscriber)))
    }

    /// Takes out the subscriber with `sequence`, now or, during a delivery, once it ends.
    func remove(sequence: UInt64) {
        if deliveries > 0 {
            needsSweep = true
            return
        }
        guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return }
        entries.remove(at: index).subscriber.release()
    }

    /// Calls every subscriber listed when the delivery starts and not cancelled by the time its turn
    /// comes, in order.
    @inlinable
    func deliver(_ value: Value) {
        let count = entries.count
        guard count > 0 else { return }
        deliveries &+= 1
        var index = 0
        while index < count {
            entries[index].subscriber.call(with: value)
            index &+= 1
        }
        endDelivery()
    }

    /// Ends one delivery; the outermost one sweeps out the subscriptions cancelled meanwhile.
    @inlinable
    func endDelivery() {
        deliveries &-= 1
        if _slowPath(needsSweep) && deliveries == 0 { sweep() }
    }

    /// Releases the subscribers that were cancelled.
    @usableFromInline
    func sweep() {
        needsSweep = false
        var kept: ContiguousArray<Entry> = []
        kept.reserveCapacity(entries.count)
        var released: [Unmanaged<Subscriber<Value>>] = []
        for entry in entries {
            if entry.subscriber._withUnsafeGuaranteedRef({ $0.isCancelled }) {
                released.append(entry.subscriber)
            } else {
                kept.append(entry)
            }
        }
        entries = kept
        for subscriber in released { subscriber.release() }
    }

    /// How many listed subscribers are not cancelled.
    var liveCount: Int {
        entries.count { !$0.subscriber._withUnsafeGuaranteedRef { $0.isCancelled } }
    }
}

/// What a ``Subscription`` needs of the list it belongs to.
protocol RemovableSubscriberList: AnyObject, Sendable {
    /// Takes out the subscriber with `sequence`. Main actor only.
    func remove(sequence: UInt64)
}

extension Unmanaged {
    /// Calls the subscriber's handler unless it was cancelled, borrowing the subscriber (its list
    /// keeps it alive) instead of retaining it and its handler.
    @inlinable
    func call<Value>(with value: Value) where Instance == Subscriber<Value> {
        _withUnsafeGuaranteedRef { subscriber in
            if !subscriber.isCancelled { subscriber.handler(value) }
        }
    }
}
