/// How a written test calls an intent on `$0`, from the call as Swift source after `$0.`: an
/// `async` intent's call starts with its prefix (`await refresh()`, `try? await load(user: "apple")`),
/// which goes before `$0.`.
package enum IntentCallSource {
    /// The prefixes of an `async` intent's call: awaited, and awaited with its error ignored.
    package static let prefixes = ["try? await ", "await "]

    /// The prefix for an `async` intent, and for one that throws (the written test goes on
    /// whatever it throws, as the session or the exploration did).
    package static func prefix(throwing: Bool) -> String {
        throwing ? prefixes[0] : prefixes[1]
    }

    /// `$0.` and `call`, with an `async` intent's prefix in front: `await $0.refresh()`.
    package static func onSubject(_ call: String) -> String {
        for prefix in prefixes where call.hasPrefix(prefix) {
            return prefix + "$0." + call.dropFirst(prefix.count)
        }
        return "$0." + call
    }
}
