internal import Foundation
internal import Synchronization

/// A live subscription to a view model's changes. Cancel it, or let it go: either ends it.
///
/// Keep the token as long as you want to be told:
///
/// ```swift
/// var subscriptions: Set<Subscription> = []
/// viewModel.observe(\.count) { print($0) }.store(in: &subscriptions)
/// ```
///
/// A token may be cancelled or released on any thread; the observer is never called after that.
public final class Subscription: Sendable, Hashable {
    /// The address of the subscriber, which this token retains until it is cancelled; 0 after.
    // NB: not a plain reference: the subscriber holds the handler, and a cancelled token must not
    // keep the handler (and what it captures) alive. An atomic word lets `cancel()`, from any
    // thread, take it exactly once.
    private let subscriber: Atomic<UInt>
    // NB: strong: the list refers to its handlers, never to the view model, so holding it keeps no
    // view model alive, and it lets a token outlive its view model safely.
    private let list: any RemovableSubscriberList

    init(subscriber: SubscriptionState, list: any RemovableSubscriberList) {
        self.subscriber = Atomic(UInt(bitPattern: Unmanaged.passRetained(subscriber).toOpaque()))
        self.list = list
    }

    deinit {
        cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { subscriber.load(ordering: .acquiring) == 0 }

    /// Ends the subscription. Calling it again does nothing.
    public func cancel() {
        let address = subscriber.exchange(0, ordering: .acquiringAndReleasing)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
        let subscriber = Unmanaged<SubscriptionState>.fromOpaque(pointer).takeRetainedValue()
        subscriber.markCancelled()
        let list = self.list
        let sequence = subscriber.sequence
        if Thread.isMainThread {
            MainActor.assumeIsolated { list.remove(sequence: sequence) }
        } else {
            Task { @MainActor in list.remove(sequence: sequence) }
        }
    }

    /// Keeps this subscription alive as long as `set` holds it.
    public func store(in set: inout Set<Subscription>) {
        set.insert(self)
    }

    /// Tokens are equal when they are the same subscription.
    public static func == (lhs: Subscription, rhs: Subscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
