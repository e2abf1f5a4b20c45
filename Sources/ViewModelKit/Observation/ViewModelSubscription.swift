internal import Foundation
internal import Synchronization

/// A live subscription to a view model's changes. Cancel it, or let it go: either ends it.
///
/// Keep the token as long as you want to be told:
///
/// ```swift
/// var subscriptions: Set<ViewModelSubscription> = []
/// viewModel.observe(\.count) { print($0) }.store(in: &subscriptions)
/// ```
///
/// A token may be cancelled or released on any thread; the observer is never called after that.
///
/// ## Topics
///
/// ### Ending a subscription
///
/// - ``cancel()``
/// - ``isCancelled``
///
/// ### Keeping subscriptions
///
/// - ``store(in:)``
///
/// ### Comparing subscriptions
///
/// - ``==(_:_:)``
/// - ``hash(into:)``
public final class ViewModelSubscription: Sendable, Hashable {
    /// The subscriber, which this token retains until it is cancelled, and the list it belongs to;
    /// `nil` once cancelled.
    // NB: taken out exactly once, under the lock, by whichever thread cancels first: a cancelled token
    // must not keep the handler (and what it captures) alive. The list is held strongly: it refers to
    // its handlers, never to the view model, so holding it keeps no view model alive, and it lets a
    // token outlive its view model safely.
    private let registration: Mutex<Registration?>

    private struct Registration {
        let subscriber: SubscriptionState
        let list: any RemovableSubscriberList
    }

    @usableFromInline
    init(subscriber: SubscriptionState, list: any RemovableSubscriberList) {
        registration = Mutex(Registration(subscriber: subscriber, list: list))
    }

    deinit {
        cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { registration.withLock { $0 == nil } }

    /// Ends the subscription. Calling it again does nothing.
    public func cancel() {
        guard let registration = registration.withLock({ $0.take() }) else { return }
        registration.subscriber.markCancelled()
        let list = registration.list
        let sequence = registration.subscriber.sequence
        if Thread.isMainThread {
            // The main thread runs the main actor's jobs and nothing else does, so the list may be
            // touched here (invariant 1 of the hot path, checked inside `remove`), without building a
            // closure for `MainActor.assumeIsolated`.
            list.remove(sequence: sequence)
        } else {
            Task { @MainActor in list.remove(sequence: sequence) }
        }
    }

    /// Keeps this subscription alive as long as `set` holds it.
    public func store(in set: inout Set<ViewModelSubscription>) {
        set.insert(self)
    }

    /// Tokens are equal when they are the same subscription.
    public static func == (lhs: ViewModelSubscription, rhs: ViewModelSubscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
