public import ViewModelKit
internal import ViewModelKitStateDump

extension ChildStates where Entry: ViewModel {
    /// The state of the row at `position`, as the row's own type, for a list of one type of view
    /// model (`@Child var rows: IdentifiedArrayOf<RowModel>`):
    ///
    /// ```swift
    /// $0.rows[0].count = 1
    /// ```
    ///
    /// A position the list does not have fails the test, naming it and the count; reading it
    /// answers what a row of the same type holds (or an empty value), and writing it changes
    /// nothing.
    @MainActor
    public subscript(position: Int) -> ViewModelState<Entry> {
        get {
            guard states.indices.contains(position) else {
                reportOutOfRange("[\(position)]")
                return inertRow
            }
            return row(states[position], access: "[\(position)]")
        }
        set {
            guard states.indices.contains(position) else {
                // Reading it already failed, when this writes back what a change through it read.
                if !newValue.isInert { reportOutOfRange("[\(position)]") }
                return
            }
            guard !newValue.isInert else { return }
            states[position] = newValue.retyped(as: newValue.resolver.model as ViewModel?)
        }
    }

    /// The state of the row whose id is `id`, for an `IdentifiedArray` whose rows are not
    /// `Identifiable` (`IdentifiedArray(uniqueElements: rows, id: \.name)`); see
    /// ``subscript(id:)-(Entry.ID)``.
    @_disfavoredOverload
    @MainActor
    public subscript<ID: Hashable>(id id: ID) -> ViewModelState<Entry>? {
        get { row(id: id) }
        set { setRow(newValue, id: id) }
    }

    /// Removes the row whose id is `id`, for an `IdentifiedArray` whose rows are not
    /// `Identifiable`; see ``remove(id:)-(Entry.ID)``.
    @_disfavoredOverload
    @MainActor
    @discardableResult
    public mutating func remove<ID: Hashable>(id: ID) -> ViewModelState<Entry>? {
        removeRow(id: id)
    }

    // MARK: - Rows by position and by id

    /// `state` as the row's own type; an entry of another type fails the test.
    @MainActor
    private func row(_ state: ViewModelState<ViewModel>, access: String) -> ViewModelState<Entry> {
        if let model = state.resolver.model as? Entry { return state.retyped(as: model) }
        report("\(name)\(access) holds \(state.snapshot.typeName), not \(dumpTypeName(Entry.self)).")
        return inertRow
    }

    /// What a row the list does not have reads as: a state that holds nothing, whose reads answer
    /// what another row of the type holds (one the test expects, or one the view model has).
    @MainActor
    private var inertRow: ViewModelState<Entry> {
        let standIn = states.lazy.compactMap { $0.resolver.model as? Entry }.first
            ?? (live?() as? any ViewModelContainer)?.childViewModels.lazy.compactMap { $0 as? Entry }.first
        return .inert(standIn: standIn, reporter: reporter, site: site)
    }

    @MainActor
    func row<ID: Hashable>(id: ID) -> ViewModelState<Entry>? {
        // A row that is not there reads as `nil`, as `IdentifiedArray` answers; writing through it
        // (`$0.rows[id: id]?.count = 1`) fails in the setter, which Swift then calls with `nil`.
        position(of: id).map { row(states[$0], access: "[id: \(dumpText(id))]") }
    }

    @MainActor
    mutating func setRow<ID: Hashable>(_ newValue: ViewModelState<Entry>?, id: ID) {
        let access = "[id: \(dumpText(id))]"
        let position = position(of: id)
        guard let newValue else {
            guard let position else { return reportMissing(id, access) }
            states.remove(at: position)
            return
        }
        guard !newValue.isInert else { return }
        let erased = newValue.retyped(as: newValue.resolver.model as ViewModel?)
        if let position { return states[position] = erased }
        guard let given = identity(of: erased), given == AnyHashable(id) else {
            let given = identity(of: erased).map { "whose id is \(dumpText($0.base))" } ?? "without an id"
            return report("\(name)\(access) was given a row \(given): add a row under its own id.")
        }
        states.append(erased)
    }

    @MainActor
    mutating func removeRow<ID: Hashable>(id: ID) -> ViewModelState<Entry>? {
        guard let position = position(of: id) else {
            reportMissing(id, ".remove(id: \(dumpText(id)))")
            return nil
        }
        let removed = states.remove(at: position)
        return row(removed, access: ".remove(id: \(dumpText(id)))")
    }

    /// The position of the expected row whose id is `id`.
    @MainActor
    private func position<ID: Hashable>(of id: ID) -> Int? {
        let wanted = AnyHashable(id)
        let list = live?() as? any IdentifiedEntries
        return states.firstIndex { identity(of: $0, in: list) == wanted }
    }

    /// The id of the row `state` stands for: as the view model's `IdentifiedArray` identifies its
    /// rows, or by `Identifiable`.
    @MainActor
    private func identity(of state: ViewModelState<ViewModel>, in list: (any IdentifiedEntries)? = nil) -> AnyHashable? {
        guard let model = state.resolver.model else { return nil }
        if let list = list ?? live?() as? any IdentifiedEntries, let id = list.entryID(of: model) { return id }
        guard let identifiable = model as? any Identifiable else { return nil }
        return erasedID(identifiable)
    }

    @MainActor
    private func reportMissing<ID: Hashable>(_ id: ID, _ access: String) {
        let list = live?() as? any IdentifiedEntries
        let ids = states.compactMap { identity(of: $0, in: list) }.map { dumpText($0.base) }
        let property = name.split(separator: ".").last.map(String.init) ?? name
        let add = "the row first (`$0.\(property).append(ViewModelState(row))`)"
        guard !ids.isEmpty else {
            return report("\(name)\(access) is not there: the expected \(property) is empty. Add \(add).")
        }
        report("\(name)\(access) is not there: the expected \(property) has the ids \(ids.joined(separator: ", ")). "
            + "Use one of them, or add \(add).")
    }
}

extension ChildStates where Entry: ViewModel & Identifiable {
    /// The state of the row whose id is `id`, as the row's own type, or `nil` if the expected list
    /// has no such row; setting a state replaces the row (or adds it at the end), and setting `nil`
    /// removes it, as `IdentifiedArray` does:
    ///
    /// ```swift
    /// $0.rows[id: 2]?.count = 1
    /// $0.rows[id: 3] = ViewModelState(RowModel(id: 3))
    /// ```
    ///
    /// A change through an id the expected list does not have (`$0.rows[id: 9]?.count = 1`), and a
    /// removal of one, fail the test, naming the id and the ids the list has.
    @MainActor
    public subscript(id id: Entry.ID) -> ViewModelState<Entry>? {
        get { row(id: id) }
        set { setRow(newValue, id: id) }
    }

    /// Removes the row whose id is `id` and returns its state: `$0.rows.remove(id: 2)`. An id the
    /// expected list does not have fails the test, naming it and the ids the list has.
    @MainActor
    @discardableResult
    public mutating func remove(id: Entry.ID) -> ViewModelState<Entry>? {
        removeRow(id: id)
    }
}

/// A list that knows how it identifies its entries: an `IdentifiedArray`, by the key path it was
/// made with.
protocol IdentifiedEntries {
    /// The id of `entry`, or `nil` if it is not one of the list's elements.
    func entryID(of entry: Any) -> AnyHashable?
}

extension IdentifiedArray: IdentifiedEntries {
    func entryID(of entry: Any) -> AnyHashable? {
        (entry as? Element).map { AnyHashable(id(of: $0)) }
    }
}

/// `value`'s id, type-erased.
private func erasedID<Value: Identifiable>(_ value: Value) -> AnyHashable {
    AnyHashable(value.id)
}
