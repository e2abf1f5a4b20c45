public import Synchronization

/// The part of a subscriber a ``Subscription`` needs: its place in subscription order and whether
/// it was cancelled, readable and settable from any thread.
///
/// NB: both live in one atomic word (the sequence shifted left once, the low bit set once cancelled)
/// so that a subscriber with its handler fits the allocator's 48-byte size class.
@usableFromInline
class SubscriptionState: @unchecked Sendable {
    @usableFromInline let bits: Atomic<UInt64>

    init(sequence: UInt64) {
        bits = Atomic(sequence << 1)
    }

    /// The subscriber's place in subscription order; identifies it in its list.
    final var sequence: UInt64 { bits.load(ordering: .relaxed) >> 1 }

    /// Whether the subscription was cancelled.
    @inlinable
    final var isCancelled: Bool { bits.load(ordering: .acquiring) & 1 != 0 }

    /// Marks the subscription cancelled.
    final func markCancelled() {
        bits.bitwiseOr(1, ordering: .acquiringAndReleasing)
    }
}

/// One subscriber: its handler, with its ``SubscriptionState``.
///
/// The list it belongs to owns it; its ``Subscription`` token holds it too until cancelled, to
/// cancel it from any thread. Only the main actor calls the handler.
///
/// NB: not `@MainActor`, so that delivery can borrow it without a runtime isolation check per
/// subscriber (see ``SubscriberList``); `@unchecked Sendable` because the handler is main-actor
/// confined by construction: only ``ObservationCenter`` (main actor) creates subscribers, and only
/// deliveries (main actor) call handlers. Other threads touch only the state.
@usableFromInline
final class Subscriber<Value>: SubscriptionState, @unchecked Sendable {
    @usableFromInline let handler: (Value) -> Void

    init(sequence: UInt64, handler: @escaping (Value) -> Void) {
        self.handler = handler
        super.init(sequence: sequence)
    }
}

/// The subscribers of one observed property (or of "anything changed"), in subscription order.
///
/// The property's ``Observed`` storage (or, for change subscribers, the ``ObservationCenter``)
/// holds it from its creation for the view model's lifetime, and tokens hold it too. A write reaches
/// it without any lookup, and passes it on unretained: the view model is alive for the write.
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
    ///
    /// NB: specialized for the caller but never inlined into it: a write loop stays small (a write
    /// that nobody observes is a store and two checks), at the cost of one call per observed write.
    @inlinable
    @inline(never)
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
