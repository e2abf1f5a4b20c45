public import Synchronization

// MARK: - The observed-write hot path: its unsafe code and the invariants it rests on
//
// Everything that delivers an observed write lives in this file: the subscriber list, the subscriber,
// and the two delivery functions ``deliverChange(_:to:changes:)`` and ``deliverMerged(_:_:_:)``. They
// skip reference counting, runtime isolation checks and dynamic exclusivity checks, because each of
// those costs more than the rest of a write (see the observed-write rows of `swift run -c release
// benchmarks`). That is safe only while the four invariants below hold. Each unsafe site names the
// invariant it relies on; debug builds check them where a check is possible, release builds compile
// the checks away.
//
// 1. Main actor. A ``SubscriberList``, and the handler of every ``Subscriber``, is touched only on the
//    main actor. The types are not `@MainActor` (an isolated call would cost a runtime check per
//    subscriber), so they are `@unchecked Sendable`. Exceptions: a list's `deinit` (when the last
//    reference goes, nothing else can reach the list) and a subscriber's ``SubscriptionState``, one
//    atomic word that a ``ViewModelSubscription`` reads and sets from any thread.
//    Checked: ``assertOnMainActor(_:)`` at every entry point (append, remove, deliveries, sweep).
//
// 2. Owned entries. A list holds one retain on each subscriber it lists (`Unmanaged`, taken in
//    ``SubscriberList/append(_:)``), released only by ``SubscriberList/remove(sequence:)``, by the
//    sweep, or by the list's `deinit`. While a delivery runs (`deliveries > 0`) nothing is released:
//    a cancellation only marks its subscriber and defers the release to the sweep at the end of the
//    outermost delivery. So a delivery may borrow every subscriber it reaches
//    (`_withUnsafeGuaranteedRef`) without retaining it.
//    Checked: the sweep asserts that no delivery is running.
//
// 3. Lists outlive their writes. An ``Observed`` property's list and its view model's change list
//    (``ObservationCenter/changeSubscribers``) are created once, on first use, and never replaced or
//    cleared while the view model lives; the view model holds both. A write borrows the view model
//    for its whole call, so it may hand both lists to the delivery unretained (``unretained(_:)``).
//
// 4. Exclusivity. The `@exclusivity(unchecked)` properties (here and in ``ObservationCenter``) are
//    only read or assigned in instantaneous accesses, never passed `inout` across a call that could
//    run a handler, so no two accesses overlap. Debug builds leave the attribute out, so the
//    runtime's dynamic exclusivity check still watches them there.
//
// 5. Typed entries. A list's entries hold their subscribers as ``SubscriptionState`` (so that adding,
//    removing and sweeping are not generic code, which would look the entry type up at run time on
//    every subscription), but a ``SubscriberList`` of `Value` lists only `Subscriber<Value>`s:
//    ``SubscriberList/append(_:)`` takes nothing else. So a delivery may treat each entry as one
//    (``SubscriberEntry/call(with:)``). Checked: debug builds check the type at each call.

/// Stops a debug build when the caller is not on the main actor (invariant 1 of the hot path);
/// compiles to nothing in a release build.
@inlinable
@inline(__always)
func assertOnMainActor(_ caller: StaticString = #function) {
    #if DEBUG
    MainActor.assertIsolated("\(caller): subscriber lists and handlers are main-actor only")
    #endif
}

/// The part of a subscriber a ``ViewModelSubscription`` needs: its place in subscription order and whether
/// it was cancelled, readable and settable from any thread.
///
/// NB: both live in one atomic word (the sequence shifted left once, the low bit set once cancelled)
/// so that a subscriber with its handler fits one small allocation. `@unchecked Sendable` only
/// because the class is not final (``Subscriber`` extends it): its one stored property is atomic.
@usableFromInline
class SubscriptionState: @unchecked Sendable {
    @usableFromInline let bits: Atomic<UInt64>

    @usableFromInline
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
/// The list it belongs to owns it; its ``ViewModelSubscription`` token holds it too until cancelled, to
/// cancel it from any thread.
///
/// NB: `@unchecked Sendable` by invariant 1 of the hot path (top of this file): only
/// ``ObservationCenter`` (main actor) creates subscribers and only the deliveries here (checked to
/// run on the main actor) call handlers. Other threads touch only the state.
@usableFromInline
final class Subscriber<Value>: SubscriptionState, @unchecked Sendable {
    @usableFromInline let handler: (Value) -> Void

    @usableFromInline
    init(sequence: UInt64, handler: @escaping (Value) -> Void) {
        self.handler = handler
        super.init(sequence: sequence)
    }
}

/// The subscribers of one observed property (or of "anything changed"), in subscription order.
///
/// The property's ``Observed`` storage (or, for change subscribers, the ``ObservationCenter``)
/// holds it from its creation for the view model's lifetime, and tokens hold it too. A write reaches
/// it without any lookup, and passes it on unretained (invariant 3).
///
/// Delivery walks the entries by index without retaining anything (invariant 2): a subscription
/// cancelled meanwhile is only marked, and swept out when the outermost delivery ends. Subscribers
/// added meanwhile go to the end and are not called for the write being delivered.
///
/// NB: `@unchecked Sendable` by invariant 1: main-actor confined, but not `@MainActor`, so that
/// delivery borrows the list and each subscriber without a runtime isolation check.
@usableFromInline
final class SubscriberList<Value>: RemovableSubscriberList, @unchecked Sendable {
    // Invariant 4: unchecked exclusivity in release builds only.

    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var entries: ContiguousArray<SubscriberEntry> = []

    /// How many deliveries through this list are running (more than one when a handler writes the
    /// same property again).
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var deliveries = 0

    /// Counts the deliveries started through this list while another was running, so that a delivery
    /// can tell that a handler's write started another one (which told every subscriber a newer
    /// value) and stop.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var deliveryGeneration: UInt = 0

    /// Whether a subscription was cancelled while a delivery ran, so that its entry waits for sweeping.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var needsSweep = false

    @usableFromInline
    init() {}

    deinit {
        // Invariant 1's exception: the last reference may go on any thread (a token outliving its
        // view model), but then nothing else can reach the list any more.
        for entry in entries { entry.subscriber.release() }
    }

    /// Whether no subscriber is listed (cancelled ones awaiting a sweep count as listed).
    @inlinable
    var isEmpty: Bool { entries.isEmpty }

    /// Adds a subscriber at the end.
    @usableFromInline
    func append(_ subscriber: Subscriber<Value>) {
        assertOnMainActor()
        entries.append(SubscriberEntry(sequence: subscriber.sequence, subscriber: .passRetained(subscriber)))
    }

    /// Takes out the subscriber with `sequence`, now or, during a delivery, once it ends.
    @usableFromInline
    func remove(sequence: UInt64) {
        assertOnMainActor()
        if deliveries > 0 {
            needsSweep = true
            return
        }
        guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return }
        entries.remove(at: index).subscriber.release()
    }

    /// Calls every subscriber listed when the delivery starts and not cancelled by the time its turn
    /// comes, in order, until a handler's write starts another delivery through this list: that one
    /// calls every subscriber with the newer value, so the rest of this one would only hand them a
    /// value that is no longer current.
    ///
    /// NB: specialized for the caller but never inlined into it: a write loop stays small (a write
    /// that nobody observes is a store and two checks), at the cost of one call per observed write.
    @inlinable
    @inline(never)
    func deliver(_ value: Value) {
        assertOnMainActor()
        let count = entries.count
        guard count > 0 else { return }
        // A delivery that starts inside another supersedes it (and any outside that).
        if _slowPath(deliveries > 0) { deliveryGeneration &+= 1 }
        let generation = deliveryGeneration
        deliveries &+= 1
        var index = 0
        while true {
            entries[index].call(with: value)
            index &+= 1
            if index == count || _slowPath(deliveryGeneration != generation) { break }
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
        assertOnMainActor()
        assert(deliveries == 0, "a sweep released subscribers while a delivery could still reach them")
        needsSweep = false
        var kept: ContiguousArray<SubscriberEntry> = []
        kept.reserveCapacity(entries.count)
        var released: [Unmanaged<SubscriptionState>] = []
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
        assertOnMainActor()
        return entries.count { !$0.subscriber._withUnsafeGuaranteedRef { $0.isCancelled } }
    }
}

/// What a ``ViewModelSubscription`` needs of the list it belongs to.
@usableFromInline
protocol RemovableSubscriberList: AnyObject, Sendable {
    /// Takes out the subscriber with `sequence`. Main actor only.
    func remove(sequence: UInt64)
}

/// One subscriber of a list, with its sequence number inline so that merging two lists reads no
/// subscriber.
///
/// NB: not generic, so that a list's bookkeeping (append, remove, sweep) is the same code for every
/// value type: invariant 5 says which subscriber type an entry of a list holds.
@usableFromInline
struct SubscriberEntry: Sendable {
    @usableFromInline let sequence: UInt64
    /// Owned by the list (invariant 2); a `Subscriber<Value>` of the list's `Value` (invariant 5).
    @usableFromInline let subscriber: Unmanaged<SubscriptionState>

    init<Value>(sequence: UInt64, subscriber: Unmanaged<Subscriber<Value>>) {
        self.sequence = sequence
        self.subscriber = .fromOpaque(subscriber.toOpaque())
    }

    /// Calls the subscriber's handler with `value` unless it was cancelled, borrowing the subscriber
    /// (invariant 2: its list keeps it alive) instead of retaining it and its handler. Reached only
    /// from the deliveries, which check invariant 1; `Value` is the list's (invariant 5).
    @inlinable
    func call<Value>(with value: Value) {
        subscriber._withUnsafeGuaranteedRef { state in
            if state.isCancelled { return }
            #if DEBUG
            precondition(state is Subscriber<Value>, "a subscriber list holds a subscriber of another type")
            #endif
            unsafeDowncast(state, to: Subscriber<Value>.self).handler(value)
        }
    }
}

/// `list`, unretained: the caller guarantees something else keeps it alive (invariant 3).
@inlinable
func unretained<Value>(_ list: SubscriberList<Value>?) -> Unmanaged<SubscriberList<Value>>? {
    if let list { .passUnretained(list) } else { nil }
}

/// Called by ``Observed`` after it stored a new value: calls the property's subscribers (`list`)
/// and the view model's change subscribers (`changes`), merged in subscription order.
///
/// NB: nonisolated and handed unretained lists on purpose: the caller retains nothing for the call
/// (invariant 3), and the closures here borrow without a runtime isolation check (invariant 1, checked
/// by the deliveries it calls).
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
/// ``SubscriberList/deliver(_:)``. It stops when a handler writes the same property again (a newer
/// delivery through `own`); a write of another property (a newer delivery through `any` only) leaves
/// `value` current, so it goes on.
@inlinable
@inline(never)
func deliverMerged<Value>(_ value: Value, _ own: SubscriberList<Value>, _ any: SubscriberList<Void>) {
    assertOnMainActor()
    let ownCount = own.entries.count
    let anyCount = any.entries.count
    // A delivery that starts inside another one through the same list supersedes it.
    if _slowPath(own.deliveries > 0) { own.deliveryGeneration &+= 1 }
    if _slowPath(any.deliveries > 0) { any.deliveryGeneration &+= 1 }
    let generation = own.deliveryGeneration
    own.deliveries &+= 1
    any.deliveries &+= 1
    var i = 0
    var j = 0
    while i < ownCount || j < anyCount {
        if j == anyCount || (i < ownCount && own.entries[i].sequence < any.entries[j].sequence) {
            own.entries[i].call(with: value)
            i &+= 1
        } else {
            any.entries[j].call(with: ())
            j &+= 1
        }
        if _slowPath(own.deliveryGeneration != generation) { break }
    }
    own.endDelivery()
    any.endDelivery()
}
