public import ViewModelKit
internal import ViewModelKitStateDump

// The tester's case access on the live view models: an exploration's invariants, preconditions and
// intents (and the `send` of a written test) reach a child in an enum case the way a tester's
// expectation does.

extension ViewModelContainer {
    /// The view model this value holds when it is the case `embed` makes, or `nil` in another case:
    /// an enum of screens, a stack entry, or a presented destination, read on the live view model.
    ///
    /// ```swift
    /// .invariant("a game always has a player") { app in
    ///     app.screen[case: Screen.game].map { !$0.playerName.isEmpty } ?? true
    /// }
    /// .intent("path.last?[case: Path.detail]?.editTapped()", when: { $0.path.last?[case: Path.detail] != nil }) {
    ///     $0.path.last?[case: Path.detail]?.editTapped()
    /// }
    /// ```
    ///
    /// The same spelling works in a ``ViewModelTester``'s `send`. An optional destination reads
    /// through `?` (`$0.destination?[case: Destination.edit]`), or as `$0[\.destination, case: …]`.
    ///
    /// - Parameter embed: The case, as the function that makes it from its view model: `Screen.game`.
    @MainActor
    public subscript<Child: ViewModel>(case embed: (Child) -> Self) -> Child? {
        guard let child = childViewModels.first(where: { $0 is Child }) as? Child else { return nil }
        return isSameCase(embed(child), self) ? child : nil
    }
}

extension ViewModelContainer where Self: ViewModel {
    /// The view model in the case `embed` makes of the enum at `keyPath`, or `nil` in another
    /// case: a ``ViewModelState``'s `$0[\.screen, case: Screen.login]`, on the live view model.
    ///
    /// ```swift
    /// .invariant("the login screen never shows an error before a submit") { app in
    ///     app[\.screen, case: Screen.login].map { $0.submitted || $0.error == nil } ?? true
    /// }
    /// ```
    @MainActor
    public subscript<Destination: ViewModelContainer, Child: ViewModel>(
        _ keyPath: KeyPath<Self, Destination>, case embed: (Child) -> Destination
    ) -> Child? {
        self[keyPath: keyPath][case: embed]
    }

    /// The view model in the case `embed` makes of the optional destination at `keyPath`, or `nil`
    /// when another case, or none, is presented.
    ///
    /// ```swift
    /// .invariant("an edit sheet shows a title") { $0[\.destination, case: Destination.edit].map { !$0.title.isEmpty } ?? true }
    /// ```
    @MainActor
    public subscript<Destination: ViewModelContainer, Child: ViewModel>(
        _ keyPath: KeyPath<Self, Destination?>, case embed: (Child) -> Destination
    ) -> Child? {
        self[keyPath: keyPath]?[case: embed]
    }
}

/// Whether `made` and `value` are the same case, optionals unwrapped.
private func isSameCase(_ made: Any, _ value: Any) -> Bool {
    guard let made = unwrapped(made), let value = unwrapped(value) else { return false }
    return type(of: made) == type(of: value) && enumCaseName(of: made) == enumCaseName(of: value)
}

/// `value` without its `Optional` layers, or `nil` when one is `nil`.
private func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.flatMap { unwrapped($0.value) }
}
