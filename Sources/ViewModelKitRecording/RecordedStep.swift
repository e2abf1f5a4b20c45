internal import ViewModelKitStateDump

/// One step of a recorded session: an intent with what it changed, or what one step of a task changed.
struct RecordedStep {
    /// What made the change.
    enum Cause {
        /// The user called an intent.
        case intent(RecordedIntent)
        /// A task of the view model (or of one of its children) went on.
        case task
        /// A line of the test of its own (an exploration's clock advance or client answer).
        case statement(String)
    }

    /// What made the change.
    var cause: Cause
    /// The session's logical time when it happened.
    var time: Duration
    /// Whether a sleep was in progress when it happened.
    var sleeping = true
    /// The state before.
    var before: StateSnapshot
    /// The state after.
    var after: StateSnapshot
}

/// An intent call: on which view model of the tree, which method, with which arguments.
struct RecordedIntent {
    /// How to reach the view model from the root.
    var target: [PathStep]
    /// `#function` of the intent, e.g. `load(user:completion:)`.
    var function: String
    /// The arguments, in order.
    var arguments: [Any]
    /// The call as Swift source after `$0.`, when the caller wrote it (an exploration's intent).
    var source: String?
    /// What goes before the call: `await ` for an `async` intent, `try? await ` for one that throws
    /// (it reported itself with `await recordIntent(…)`).
    var prefix = ""
    /// Intents reported while this one was open, in the same main-actor turn: called inside it, or
    /// after it returned (a view's action that calls several); their changes are part of its step.
    var merged: [RecordedIntent] = []

    /// One step from a view model to a child.
    enum PathStep: Equatable {
        /// A `@Child` property holding one child.
        case property(String)
        /// A `@Child` property holding an optional child.
        case optional(String)
        /// An element of a `@Child` array of view models.
        case element(String, Int)
        /// An element of a `@Child` array of destinations (an enum whose case holds the child).
        case destination(String, Int, caseName: String)
        /// A `@Child` enum (a screen), or an optional one (a destination), whose case holds the child.
        case enumCase(String, caseName: String, optional: Bool)
    }
}
