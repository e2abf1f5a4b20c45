internal import ViewModelKitStateDump

/// Where a ``Delegate`` tells of an event it sent while nothing listened, for tools: the tester
/// binds a collector while an intent runs (owned tasks the intent starts inherit it), and reports
/// what it collected as it reports changes no assertion received. Outside such a scope (an app,
/// code the tester does not drive) nothing is collected and the event is dropped, as documented.
package enum UnheardEvents {
    /// The collector of the intent running now, if a tool bound one.
    @TaskLocal package static var collector: UnheardEventCollector?
}

/// A ``Delegate`` of any event type, for tools that find a view model's delegates by reflection.
@MainActor
package protocol DelegateChannel: AnyObject {
    /// Hands `take` each event sent while nothing listens, before any collector sees it; `take`
    /// returns whether it took the event. `nil` stops it.
    func takeUnheardEvents(_ take: (@MainActor (Any) -> Bool)?)
}

/// The events sent while nothing listened, in the order they were sent.
@MainActor
package final class UnheardEventCollector {
    /// One unheard event.
    package struct Event {
        /// The channel's type, e.g. `Delegate<SignInModel.Event>`.
        package var channel: String
        /// The event as the state dump renders it, e.g. `.signedIn(user: "blob")`.
        package var event: String
        /// The intent that started the task that sent it, or `nil` when an intent sent it itself.
        package var origin: String?
    }

    /// What was collected and not yet taken.
    package private(set) var events: [Event] = []
    /// The first intent that reported itself (`recordIntent`) while this collector was bound, outside
    /// any owned task: the intent the tool sent, which the tasks it starts are named after, even
    /// when a private helper starts them.
    package internal(set) var sentIntent: String?

    /// Creates an empty collector.
    package init() {}

    /// Notes an event nobody heard.
    func note<Value>(_ value: Value, on channel: Delegate<Value>.Type) {
        events.append(Event(channel: dumpTypeName(channel), event: dumpText(value), origin: TaskOrigin.current))
    }

    /// The events collected so far, forgotten here.
    package func take() -> [Event] {
        defer {
            events = []
            sentIntent = nil
        }
        return events
    }
}
