/// A typed way for a child view model to tell its owner what happened, without knowing the owner.
///
/// The child declares what it can say and says it:
///
/// ```swift
/// final class RepositoryDetailViewModel: ViewModel {
///     enum Event { case showOwnerRepositories(String) }
///     let delegate = Delegate<Event>()
///
///     func ownerButtonTapped() { delegate.send(.showOwnerRepositories(owner)) }
/// }
/// ```
///
/// The parent listens when it creates the child. It is held weakly, so the child (which the parent
/// owns) never keeps its parent alive:
///
/// ```swift
/// detail.delegate.connect(to: self) { parent, event in
///     switch event {
///     case .showOwnerRepositories(let owner): parent.push(owner)
///     }
/// }
/// ```
///
/// An event sent while nobody listens is dropped: a child works the same on its own. Under
/// `ViewModelTester`, the events of the view model under test are its outputs: the test receives
/// them in order with its changes (`await tester.receive(\.delegate, .signedIn(user: "blob"))`).
/// An event a child of it sends while nobody listens fails the test, as a change no assertion
/// received does: a forgotten ``connect(to:_:)`` shows at once.
///
/// The owner is the one listener ``connect(to:_:)`` sets (a new connection replaces it). Others
/// that only want to hear the events, a test or a logger, ``observe(_:)`` them, which leaves the
/// owner connected:
///
/// ```swift
/// var events: [RepositoryDetailViewModel.Event] = []
/// let subscription = detail.delegate.observe { events.append($0) }
/// ```
///
/// ## Topics
///
/// ### Creating a channel
///
/// - ``init()``
///
/// ### Listening
///
/// - ``connect(to:_:)``
/// - ``connect(_:)``
/// - ``disconnect()``
/// - ``isConnected``
///
/// ### Observing without connecting
///
/// - ``observe(_:)``
///
/// ### Telling the owner
///
/// - ``send(_:)``
@MainActor
public final class Delegate<Event>: DelegateChannel {
    private var handler: (@MainActor (Event) -> Void)?
    /// Whether the owner given to ``connect(to:_:)`` still lives; `nil` for a closure listener.
    private var ownerIsAlive: (@MainActor () -> Bool)?

    /// Those who observe the events besides the owner.
    private let observers = SubscriberList<Event>()
    private var nextObserverSequence: UInt64 = 0
    /// A tool that takes the events nobody hears (the tester, for the view model it tests); it says
    /// whether it took the event.
    private var unheardTaker: (@MainActor (Any) -> Bool)?

    /// Creates a channel nobody listens to yet.
    public init() {}

    /// Whether someone listens: a closure, or an owner that still lives.
    public var isConnected: Bool { handler != nil && ownerIsAlive?() != false }

    /// Tells the listener, then every observer, synchronously. Does nothing when nobody listens
    /// (under `ViewModelTester`, the test receives the event of the view model it tests; a child's
    /// event sent while nobody listens fails the test).
    public func send(_ event: Event) {
        let isHeard = isConnected || !observers.isEmpty
        handler?(event)
        observers.deliver(event)
        guard !isHeard, unheardTaker?(event) != true else { return }
        UnheardEvents.collector?.note(event, on: Self.self)
    }

    /// Hands `take` the events sent while nobody listens (see ``DelegateChannel``).
    package func takeUnheardEvents(_ take: (@MainActor (Any) -> Bool)?) {
        unheardTaker = take
    }

    /// Hears every event from now on, besides the connected owner (which stays connected), until
    /// the subscription is cancelled or released.
    ///
    /// - Parameter handle: Called with each event, after the owner's handler.
    /// - Returns: The subscription; keep it as long as `handle` should be called.
    public func observe(_ handle: @escaping @MainActor (Event) -> Void) -> ViewModelSubscription {
        nextObserverSequence &+= 1
        let subscriber = Subscriber(sequence: nextObserverSequence, handler: handle)
        observers.append(subscriber)
        return ViewModelSubscription(subscriber: subscriber, list: observers)
    }

    /// Listens with `owner`, held weakly: `handle` is called with the owner while it lives. Replaces
    /// any previous listener.
    public func connect<Owner: AnyObject>(to owner: Owner, _ handle: @escaping @MainActor (Owner, Event) -> Void) {
        handler = { [weak owner] event in
            guard let owner else { return }
            handle(owner, event)
        }
        ownerIsAlive = { [weak owner] in owner != nil }
    }

    /// Listens with a closure (tests record events this way). Replaces any previous listener.
    public func connect(_ handle: @escaping @MainActor (Event) -> Void) {
        handler = handle
        ownerIsAlive = nil
    }

    /// Stops listening.
    public func disconnect() {
        handler = nil
        ownerIsAlive = nil
    }
}
