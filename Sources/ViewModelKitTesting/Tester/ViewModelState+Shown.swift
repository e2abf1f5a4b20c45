public import ViewModelKit

extension ViewModelState {
    /// The state of the child the view model shows at `keyPath` now, as it made it: what a written
    /// test expects of a child whose writer was not told how to make one.
    ///
    /// ```swift
    /// await tester.send({ $0.settingsButtonTapped() }) { $0.settings = $0.shown(\.settings) }
    /// ```
    ///
    /// It checks that a child of that type is there, not its state: an expectation that makes the
    /// child afresh (`$0.settings = ViewModelState(SettingsViewModel(…))`) checks both.
    public func shown<Child: ViewModel>(_ keyPath: KeyPath<Model, Child?>) -> ViewModelState<Child>? {
        guard let model = resolver.model?[keyPath: keyPath] else { return nil }
        return state(of: model)
    }

    /// The state of the one child the view model holds at `keyPath` now, as it made it (see
    /// ``shown(_:)-(KeyPath<Model,Child?>)``).
    public func shown<Child: ViewModel>(_ keyPath: KeyPath<Model, Child>) -> ViewModelState<Child> {
        if resolver.model == nil { report("shown(\(describe(keyPath))): this state belongs to no view model") }
        return state(of: readableValue(at: keyPath))
    }

    /// The entry at `position` of the list the view model holds at `keyPath` now, as it made it:
    /// a child's state, or a value entry. At a position the list does not have, an entry that
    /// holds nothing, which no list has: the expectation that takes it fails, showing the lists.
    ///
    /// ```swift
    /// await tester.send({ $0.addButtonTapped() }) { $0.todos.append($0.shown(\.todos, at: 2)) }
    /// ```
    public func shown<Children: Collection & ViewModelContainer>(
        _ keyPath: KeyPath<Model, Children>, at position: Int
    ) -> ViewModelState<ViewModel> where Children.Element: ViewModelContainer {
        let entries = resolver.model.map { Array($0[keyPath: keyPath]) } ?? []
        // NB: not reported here: a written test's check that a broken state is not reached takes
        // an entry a fixed view model does not have, and passes.
        guard entries.indices.contains(position) else { return .inert(reporter: reporter, site: site) }
        var state = ViewModelState<ViewModel>.entry(entries[position], reporter: reporter)
        state.site = site
        return state
    }

    /// The enum the view model holds at `keyPath` now (a screen, a destination), with the children
    /// in its case as it made them: `$0.screen = $0.shown(\.screen)`.
    @_disfavoredOverload
    public func shown<Value: ViewModelContainer>(_ keyPath: KeyPath<Model, Value>) -> Value {
        guard let model = resolver.model else {
            report("shown(\(describe(keyPath))): this state belongs to no view model")
            return readableValue(at: keyPath)
        }
        return model[keyPath: keyPath]
    }

    private func state<Child: ViewModel>(of model: Child) -> ViewModelState<Child> {
        var state = ViewModelState<Child>(model, reporter: reporter)
        state.site = site
        return state
    }
}
