public import ViewModelKit
internal import ViewModelKitStateDump

extension ViewModelState {
    /// Reads or writes a `@Child` property that holds an optional enum destination: one case of a
    /// sheet with its own view model, an alert's state, a confirmation, or `nil` for nothing
    /// presented.
    ///
    /// ```swift
    /// $0.destination = .alert(.deleteMeeting)                       // a case holding a value
    /// $0.destination = .confirmDeletion                             // a case holding nothing
    /// $0.destination = .edit(FormViewModel(meeting: meeting))       // a child, as freshly made
    /// $0.destination = nil                                          // dismissed
    /// ```
    ///
    /// A child written here stands for the one the view model made, compared by what defines it and
    /// its state (see ``init(_:reporter:)``); change the child's expected state further with
    /// ``subscript(_:case:)-(KeyPath<Model,Destination?>,_)``. Reading answers the case of the snapshot, whose child is the one
    /// the snapshot was taken of: read its state through ``subscript(_:case:)-(KeyPath<Model,Destination?>,_)`` too. For an
    /// optional child view model, Swift prefers ``subscript(dynamicMember:)->ViewModelState<Child>?``.
    @_disfavoredOverload
    public subscript<Destination: ViewModelContainer>(dynamicMember keyPath: KeyPath<Model, Destination?>) -> Destination? {
        get {
            guard let index = destinationIndex(keyPath) else { return nil }
            let value = snapshot.fields[index].value
            guard !(Destination.self is ViewModel.Type) else {
                // An optional child read as a destination: never hand out the live child.
                report("\(describe(keyPath)) was read as the live view model, not as its state in the snapshot, so this "
                    + "expectation cannot change it. Write it with modify(as:), which only a child's state has.")
                return nil
            }
            return ((value as? CaseSnapshot?) ?? nil)?.source as? Destination
        }
        set {
            guard let index = destinationIndex(keyPath) else { return }
            snapshot.fields[index].value = newValue.map { valueSnapshot(of: $0) as? CaseSnapshot } ?? CaseSnapshot?.none
            noteWritten([.field(snapshot.fields[index].name)])
        }
    }

    /// The state of the child view model in one case of an optional enum destination, or `nil`
    /// when another case (or none) is presented; setting it presents that case with that state.
    ///
    /// ```swift
    /// $0[\.destination, case: Destination.edit]?.title = "Engineering"
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The `@Child` property holding the destination.
    ///   - embed: The case, as the function that makes it from its view model: `Destination.edit`.
    public subscript<Destination: ViewModelContainer, Child: ViewModel>(
        _ keyPath: KeyPath<Model, Destination?>, case embed: (Child) -> Destination
    ) -> ViewModelState<Child>? {
        get { destinationIndex(keyPath).flatMap { presentedChild(at: $0, case: embed) } }
        set {
            guard let index = destinationIndex(keyPath) else { return }
            present(newValue, at: index, case: embed, optional: true, keyPath: describe(keyPath))
        }
    }

    /// The state of the child view model in one case of a `@Child` enum that is always one of its
    /// cases (a root that shows one screen at a time), or `nil` when it is in another case; setting
    /// it moves the enum to that case with that state.
    ///
    /// ```swift
    /// @Child private(set) var screen: Screen          // enum Screen: ViewModelContainer { case login(LoginModel), … }
    ///
    /// $0[\.screen, case: Screen.login]?.email = "blob@pointfree.co"
    /// $0.screen = .newGame(NewGameModel())              // another screen, as freshly made
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The `@Child` property holding the enum.
    ///   - embed: The case, as the function that makes it from its view model: `Screen.login`.
    public subscript<Destination: ViewModelContainer, Child: ViewModel>(
        _ keyPath: KeyPath<Model, Destination>, case embed: (Child) -> Destination
    ) -> ViewModelState<Child>? {
        get { destinationIndex(keyPath).flatMap { presentedChild(at: $0, case: embed) } }
        set {
            guard let index = destinationIndex(keyPath) else { return }
            present(newValue, at: index, case: embed, optional: false, keyPath: describe(keyPath))
        }
    }

    /// The child's state in the case of the enum at field `index`, if it is the case `embed` makes.
    private func presentedChild<Destination, Child: ViewModel>(
        at index: Int, case embed: (Child) -> Destination
    ) -> ViewModelState<Child>? {
        let value = snapshot.fields[index].value
        guard let presented = value as? CaseSnapshot ?? ((value as? CaseSnapshot?) ?? nil),
              let child = presented.payload.first?.value as? StateSnapshot,
              let model = child.source as? Child,
              enumCaseName(of: embed(model)) == presented.caseName
        else { return nil }
        return ViewModelState<Child>(snapshot: child, resolver: PropertyResolver(model: model), reporter: reporter, site: site)
    }

    /// Puts `newValue` in the case `embed` makes, in the enum at field `index` (`optional` when the
    /// property is an optional destination, which `nil` dismisses).
    private mutating func present<Destination, Child: ViewModel>(
        _ newValue: ViewModelState<Child>?, at index: Int, case embed: (Child) -> Destination, optional: Bool, keyPath: String
    ) {
        let field = snapshot.fields[index].name
        let old = snapshot.fields[index].value
        let before = old as? CaseSnapshot ?? ((old as? CaseSnapshot?) ?? nil)
        guard let newValue, let model = newValue.resolver.model else {
            guard optional else {
                return report("\(keyPath) always holds one of its cases: set another case (`$0.screen = .login(LoginModel())`) instead of nil")
            }
            snapshot.fields[index].value = CaseSnapshot?.none
            return noteWritten([.field(field)])
        }
        guard var presented = valueSnapshot(of: embed(model)) as? CaseSnapshot, !presented.payload.isEmpty else {
            return report("\(keyPath): the case made from \(Child.self) holds no view model")
        }
        presented.payload[0].value = newValue.snapshot
        snapshot.fields[index].value = optional ? presented as CaseSnapshot? : presented
        // The same child, changed in place: only what was written inside it counts as written
        // (a non-exhaustive test names just that). Anything else replaces the destination.
        let sameChild = before?.caseName == presented.caseName
            && (before?.payload.first?.value as? StateSnapshot)?.source === model
        guard sameChild else { return noteWritten([.field(field)]) }
        for path in newValue.written { noteWritten([.field(field), .payload(0)] + path) }
    }

    private func destinationIndex<Destination>(_ keyPath: KeyPath<Model, Destination>) -> Int? {
        guard let index = resolver.index(of: keyPath, in: snapshot) else {
            report("\(keyPath) is not a @Child property of \(snapshot.typeName); a test can only assert observed state.")
            return nil
        }
        return index
    }
}

extension ViewModelState where Model == ViewModel {
    /// The state of the child view model in this stack entry, when the entry is the case `embed`
    /// makes; setting it changes the entry's expected state.
    ///
    /// ```swift
    /// $0.path[0][case: AppModel.Path.detail]?.isEditing = true
    /// ```
    ///
    /// It is `nil` for an entry in another case, an entry that holds no view model, and an entry
    /// whose view model is of another type. Setting `nil` changes nothing and fails the test: remove
    /// an entry from the list instead (`$0.path.removeLast()`).
    ///
    /// - Parameter embed: The case, as the function that makes it from its view model: `Path.detail`.
    public subscript<Entry: ViewModelContainer, Child: ViewModel>(case embed: (Child) -> Entry) -> ViewModelState<Child>? {
        get {
            guard snapshot.entry == nil, let model = resolver.model as? Child,
                  snapshot.entryCase == nil || snapshot.entryCase == enumCaseName(of: embed(model))
            else { return nil }
            return retyped(as: model)
        }
        set {
            // An entry the list does not have: reading it already failed the test.
            guard !isInert else { return }
            guard let newValue, let model = newValue.resolver.model else {
                return report("[case: \(Entry.self).…] = nil cannot remove a stack entry: remove it from the list (`$0.path.remove(at:)`)")
            }
            var changed = newValue.snapshot
            changed.entryCase = entrySnapshot(of: embed(model)).entryCase
            snapshot = changed
            resolver = PropertyResolver(model: model)
            written = newValue.written
        }
    }

    /// The expected state of a list entry, such as a stack's screen, given as the entry itself:
    /// `$0.path.append(.entry(Screen.meeting(meeting)))`.
    ///
    /// An entry that holds no view model stands as its value; one that holds a view model stands
    /// as that child's state, freshly made (as ``erased`` of ``init(_:reporter:)`` would).
    public static func entry<Entry: ViewModelContainer>(
        _ entry: Entry, reporter: any IssueReporter = TestIssueReporter()
    ) -> ViewModelState<ViewModel> {
        let snapshot = entrySnapshot(of: entry)
        return ViewModelState(snapshot: snapshot, resolver: PropertyResolver(model: snapshot.source as? ViewModel), reporter: reporter)
    }
}
