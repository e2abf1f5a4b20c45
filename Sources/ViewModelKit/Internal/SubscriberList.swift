public import Synchronization

/// The subscribers of one observed property (or of "anything changed"), in subscription order.
///
/// It lives inside the property's ``Observed`` storage, created on first subscription, so a write
/// reaches its subscribers without any lookup.
@MainActor
@usableFromInline
final class SubscriberList<Value>: RemovableSubscriberList {
    @usableFromInline
    struct Entry {
        @usableFromInline let state: SubscriptionState
        @usableFromInline let handler: (Value) -> Void

        @inlinable
        init(state: SubscriptionState, handler: @escaping (Value) -> Void) {
            self.state = state
            self.handler = handler
        }
    }

    @usableFromInline
    @exclusivity(unchecked)
    var entries: ContiguousArray<Entry> = []

    @usableFromInline
    init() {}

    func append(_ state: SubscriptionState, _ handler: @escaping (Value) -> Void) {
        entries.append(Entry(state: state, handler: handler))
    }

    func remove(sequence: UInt64) {
        entries.removeAll { $0.state.sequence == sequence }
    }
}

/// What a ``Subscription`` needs of the list it belongs to.
@MainActor
protocol RemovableSubscriberList: AnyObject, Sendable {
    func remove(sequence: UInt64)
}

/// The state a subscription token shares with its entry in a list: its place in subscription order
/// and whether it was cancelled (from any thread).
@usableFromInline
final class SubscriptionState: Sendable {
    @usableFromInline let sequence: UInt64
    @usableFromInline let cancelled = Atomic<Bool>(false)

    init(sequence: UInt64) {
        self.sequence = sequence
    }

    @inlinable
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Marks the subscription cancelled; returns `false` if it already was.
    func markCancelled() -> Bool {
        !cancelled.exchange(true, ordering: .acquiringAndReleasing)
    }
}
