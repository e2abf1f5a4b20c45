public import ViewModelKit
package import ViewModelKitStateDump

/// A snapshot of a view model's observed state that a test can read and change, property by
/// property, with the view model's own names: `$0.count = 1`.
///
/// The tester hands one to each assertion closure as a copy of the last asserted state; the closure
/// changes it into what the test expects, and the tester compares that with the real state.
///
/// ## Topics
///
/// ### Expecting a child
///
/// - ``init(_:reporter:)``
///
/// ### Properties and children
///
/// - ``subscript(dynamicMember:)->ViewModelState<Child>``
/// - ``subscript(dynamicMember:)->ViewModelState<Child>?``
/// - ``subscript(dynamicMember:)->ChildStates<Children.Element>``
/// - ``ChildStates``
///
/// ### Destinations
///
/// - ``subscript(dynamicMember:)->Destination?``
/// - ``subscript(_:case:)-(KeyPath<Model,Destination?>,_)``
/// - ``subscript(_:case:)-(KeyPath<Model,Destination>,_)``
///
/// ### Children of different types and value entries
///
/// - ``erased``
/// - ``modify(as:fileID:filePath:line:column:_:)``
/// - ``entry(_:reporter:)``
/// - ``entry(as:)``
/// - ``subscript(case:)``
@MainActor
@dynamicMemberLookup
public struct ViewModelState<Model: ViewModel> {
    package var snapshot: StateSnapshot {
        // A `@Shared` value written through one place (`$0.profile.stats.count = 1`) is the value of
        // every place that holds its reference.
        didSet { snapshot.synchronizeSharedValues(from: oldValue) }
    }
    var resolver: PropertyResolver<Model>
    let reporter: any IssueReporter
    /// Where the assertion that uses this state was written: a failure inside its closure points there.
    var site: ReportSite?
    /// What the assertion closure wrote: paths into the snapshot, each starting with a property.
    package internal(set) var written: [[SnapshotPathComponent]] = []
    /// Whether this stands for an entry a list does not have (a failure already said so): it holds
    /// nothing, and writing it changes nothing.
    var isInert = false

    init(snapshot: StateSnapshot, resolver: PropertyResolver<Model>, reporter: any IssueReporter, site: ReportSite? = nil) {
        self.snapshot = snapshot
        self.resolver = resolver
        self.reporter = reporter
        self.site = site
    }

    /// The state of `model` as it is now: what a test expects of a child that appears.
    ///
    /// ```swift
    /// await tester.send({ $0.repositoryTapped(swift) }) {
    ///     $0.path = [ViewModelState(RepositoryDetailViewModel(owner: "apple", name: "swift", client: client)).erased]
    /// }
    /// ```
    ///
    /// Children compare by what defines them and by state, not by identity, so a freshly made view
    /// model stands for the one the parent made. What defines a child is its stored `let`
    /// properties whose values are `Equatable`, such as the name a detail was opened with; they
    /// are part of the snapshot and of the diff, beside its observed properties. The same holds for
    /// the view model under test: `$0 = ViewModelState(GameViewModel(oPlayerName: "Blob", xPlayerName: "Blob Jr."))`
    /// expects its state afresh, and compares its `let`s with the tested model's.
    public init(_ model: Model, reporter: any IssueReporter = TestIssueReporter()) {
        self.init(snapshot: model.snapshot(asChild: true), resolver: PropertyResolver(model: model), reporter: reporter)
    }

    /// The same state, for a list of children of different types (a navigation stack).
    public var erased: ViewModelState<ViewModel> {
        ViewModelState<ViewModel>(snapshot: snapshot, resolver: PropertyResolver(model: resolver.model), reporter: reporter, site: site)
    }

    /// The value of a list entry that holds no view model (a stack's `.meeting(meeting)`), or
    /// `nil` if this is the state of a view model or the entry is of another type:
    /// `XCTAssertEqual(tester.state.path[1].entry(as: Screen.self), .meeting(meeting))`.
    public func entry<Entry>(as type: Entry.Type = Entry.self) -> Entry? {
        guard let entry = snapshot.entry else { return nil }
        return (entry as? CaseSnapshot)?.source as? Entry ?? entry as? Entry
    }

    /// Changes this state as a `Child`'s, for a child in a list of different types:
    /// `$0.path[1].modify(as: RepositoryDetailViewModel.self) { $0.isLoading = false }`.
    ///
    /// If the state belongs to another type, the test fails and `body` is not called.
    ///
    /// - Parameters:
    ///   - type: The child's view model type.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    ///   - body: Changes the child's state.
    public mutating func modify<Child: ViewModel>(
        as type: Child.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: (inout ViewModelState<Child>) throws -> Void
    ) rethrows {
        // An entry the list does not have: reading it already failed the test.
        guard !isInert else { return }
        guard let model = resolver.model as? Child else {
            let owner = snapshot.entry == nil ? snapshot.typeName : "an entry of \(snapshot.typeName) that holds no view model"
            reporter.reportIssue(
                "modify(as: \(Child.self)): this state belongs to \(owner)",
                fileID: fileID, filePath: filePath, line: line, column: column
            )
            return
        }
        var typed = retyped(as: model)
        try body(&typed)
        snapshot = typed.snapshot
        written = typed.written
    }

    /// Reads or writes a `@Child` property that holds one child view model.
    public subscript<Child: ViewModel>(dynamicMember keyPath: KeyPath<Model, Child>) -> ViewModelState<Child> {
        get {
            guard let state = childStates(at: keyPath, as: Child.self)?.first else {
                // An entry the list does not have: its children hold nothing either.
                guard !isInert else { return .inert(standIn: resolver.model?[keyPath: keyPath], reporter: reporter, site: site) }
                // Reported by `childStates`. A copy of its state: a write to it never reaches the child.
                var copy = ViewModelState<Child>(readableValue(at: keyPath), reporter: reporter)
                copy.site = site
                return copy
            }
            return state
        }
        set { setChildren(at: keyPath, to: [newValue], single: true) }
    }

    /// Reads or writes a `@Child` property that holds an optional child (a presented detail):
    /// `$0.detail?.isLoading = false`, `$0.detail = nil`.
    public subscript<Child: ViewModel>(dynamicMember keyPath: KeyPath<Model, Child?>) -> ViewModelState<Child>? {
        get { childStates(at: keyPath, as: Child.self)?.first }
        set { setChildren(at: keyPath, to: newValue.map { [$0] } ?? [ViewModelState<Child>](), single: true) }
    }

    /// Reads or writes a `@Child` property that holds a collection or a navigation stack, as a list
    /// of child states that also takes the entries themselves: `$0.path.removeLast()`,
    /// `$0.path.append(.meeting(meeting))`, `$0.path.append(ViewModelState(detail))`.
    public subscript<Children: Collection & ViewModelContainer>(
        dynamicMember keyPath: KeyPath<Model, Children>
    ) -> ChildStates<Children.Element> {
        get {
            let name = resolver.index(of: keyPath, in: snapshot).map { "\(snapshot.typeName).\(snapshot.fields[$0].name)" }
            var list = ChildStates<Children.Element>(
                states: childStates(at: keyPath, as: ViewModel.self) ?? [], reporter: reporter, name: name ?? describe(keyPath), site: site
            )
            // The list as the view model holds it now: what identifies a row, and a row to read from
            // when the test names one the expected list does not have.
            list.live = { [model = resolver.model] in model?[keyPath: keyPath] }
            return list
        }
        set { setChildren(at: keyPath, to: newValue.states, single: false) }
    }

    private func childStates<Value, Child: ViewModel>(at keyPath: KeyPath<Model, Value>, as type: Child.Type) -> [ViewModelState<Child>]? {
        guard let index = resolver.index(of: keyPath, in: snapshot) else {
            report("\(keyPath) is not a @Child property of \(snapshot.typeName)")
            return nil
        }
        let value = snapshot.fields[index].value
        let snapshots: [StateSnapshot]
        if let many = value as? [StateSnapshot] {
            snapshots = many
        } else if let one = value as? StateSnapshot? {
            snapshots = one.map { [$0] } ?? []
        } else {
            return nil
        }
        return snapshots.compactMap { child in
            if child.entry != nil, Child.self == ViewModel.self {
                return ViewModelState<Child>(snapshot: child, resolver: PropertyResolver(model: nil), reporter: reporter, site: site)
            }
            guard let model = child.source as? Child else { return nil }
            return ViewModelState<Child>(snapshot: child, resolver: PropertyResolver(model: model), reporter: reporter, site: site)
        }
    }

    private mutating func setChildren<Value, Child: ViewModel>(
        at keyPath: KeyPath<Model, Value>, to children: [ViewModelState<Child>], single: Bool
    ) {
        guard let index = resolver.index(of: keyPath, in: snapshot) else {
            return report("\(keyPath) is not a @Child property of \(snapshot.typeName); a test can only assert observed state.")
        }
        let field = SnapshotPathComponent.field(snapshot.fields[index].name)
        let old = snapshot.fields[index].value
        let before: [StateSnapshot] = old as? [StateSnapshot] ?? (old as? StateSnapshot?)?.map { [$0] } ?? []
        let snapshots = children.map(\.snapshot)
        snapshot.fields[index].value = single ? snapshots.first as StateSnapshot? : snapshots
        // The same children, changed in place: only what was written inside them counts as written
        // (a non-exhaustive test names just those). Anything else replaces the whole property.
        let samePlaces = before.count == snapshots.count
            && zip(before, snapshots).allSatisfy { ($0.source != nil && $0.source === $1.source) || ($0.entry != nil && $0 == $1) }
        guard samePlaces else { return noteWritten([field]) }
        for (position, child) in children.enumerated() {
            for path in child.written {
                noteWritten([field] + (single ? [] : [.element(position)]) + path)
            }
        }
    }

    mutating func noteWritten(_ path: [SnapshotPathComponent]) {
        if !written.contains(path) { written.append(path) }
    }

    /// Reads or writes one `@Observed` property of the snapshot.
    ///
    /// Only the snapshot is read and written, never the view model under test. A key path the
    /// snapshot cannot resolve (a computed property, a property that is not observed) fails the
    /// test, naming it; writing it changes nothing, and reading it answers the view model's value
    /// only because a getter must return one.
    public subscript<Value: Hashable>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
        get { observedValue(at: keyPath) }
        set { setObservedValue(newValue, at: keyPath) }
    }

    /// Reads or writes one `@Observed` property of the snapshot whose type is not `Hashable`, as
    /// the subscript for `Hashable` values does.
    ///
    /// Swift prefers this subscript least: an expectation that goes through children and ends in a
    /// `Hashable` property (`$0.list.addSheet?.form.title = "Engineering"`) always reads the
    /// children's states. One that ends in another type, through two or more levels of children
    /// with settable properties, can make Swift read a child as its live view model instead; the
    /// test then fails, naming the child's key path, and nothing is written into the view model.
    /// Write such an expectation with ``modify(as:fileID:filePath:line:column:_:)``:
    /// `$0.list.addSheet?.form.modify(as: FormViewModel.self) { $0.schedule = schedule }`.
    @_disfavoredOverload
    public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
        get { observedValue(at: keyPath) }
        set { setObservedValue(newValue, at: keyPath) }
    }

    private func observedValue<Value>(at keyPath: KeyPath<Model, Value>) -> Value {
        // An entry the list does not have (a failure already said so): any value will do.
        guard !isInert else { return readableValue(at: keyPath) }
        if let index = resolver.index(of: keyPath, in: snapshot) {
            let field = snapshot.fields[index].value
            if let value = field as? Value { return value }
            // A `@Shared` property: the value the snapshot holds for the shared reference.
            if let shared = field as? SharedSnapshot, let value = shared.value as? Value { return value }
            // A `@Child` enum that is always one of its cases (`@Child var screen: Screen`): the case
            // of the snapshot, whose child is the one the snapshot was taken of.
            if let presented = field as? CaseSnapshot, let value = presented.source as? Value { return value }
        }
        if Value.self is any Collection.Type, Value.self is any ViewModelContainer.Type {
            // Swift chose this subscript over the list's: an expression the list of states cannot take.
            report(liveListAdvice(describe(keyPath), rows: Value.self is any IdentifiedEntries.Type))
        } else if Value.self is any ViewModelContainer.Type {
            // Swift chose this subscript over the children's: never hand out the live child.
            report("\(describe(keyPath)) was read as the live view model, not as its state in the snapshot, so this "
                + "expectation cannot change it. Write it with modify(as:), which only a child's state has.")
            if let nilType = Value.self as? any ExpressibleByNilLiteral.Type, let none = nilType.init(nilLiteral: ()) as? Value {
                return none
            }
        } else {
            report("\(describe(keyPath)) is not observed state of \(snapshot.typeName): an assertion can only read the snapshot "
                + "(@Observed and @Child properties).")
        }
        return readableValue(at: keyPath)
    }

    /// Why an expression that Swift read as the live list cannot change the expected one, and how to
    /// write it: for an `IdentifiedArray` of rows, through a row's id or position; for a stack, through
    /// its entries.
    private func liveListAdvice(_ name: String, rows: Bool) -> String {
        let property = name.split(separator: ".").last.map(String.init) ?? "list"
        let intro = "\(name) was read as the live list, not as its entries' states in the snapshot, so this "
            + "expectation cannot change it. "
        guard !rows else {
            return intro + "Change a row through its id or position (`$0.\(property)[id: id]?.title = …`, "
                + "`$0.\(property)[0].title = …`), remove one by id (`$0.\(property).remove(id: id)`), or add a row's "
                + "state (`$0.\(property).append(ViewModelState(row))`)."
        }
        return intro + "Write an entry as the list holds it (`$0.\(property).append(.meeting(meeting))`), "
            + "a list of states with .entry (`$0.\(property) = [.entry(Screen.meeting(meeting))]`), or change one entry "
            + "through its case (`$0.\(property)[0][case: Screen.detail]?.title = …`)."
    }

    private mutating func setObservedValue<Value>(_ newValue: Value, at keyPath: KeyPath<Model, Value>) {
        // An entry the list does not have (a failure already said so): nothing to write.
        guard !isInert else { return }
        if let index = resolver.index(of: keyPath, in: snapshot), let container = newValue as? any ViewModelContainer {
            // A `@Child` enum or list written as a value (`$0.screen = .newGame(NewGameModel())`,
            // `$0.path = [.meeting(meeting)]`): each view model in it stands as its state, freshly
            // made, as `ViewModelState(_:)` makes it.
            snapshot.fields[index].value = container.childSnapshot
            return noteWritten([.field(snapshot.fields[index].name)])
        }
        guard let index = resolver.index(of: keyPath, in: snapshot), let value = newValue as? any Equatable else {
            return report(
                "\(describe(keyPath)) is not an @Observed property of \(snapshot.typeName); a test can only assert observed state."
            )
        }
        if let shared = snapshot.fields[index].value as? SharedSnapshot {
            // A `@Shared` property: the shared value, which every other place holding it follows.
            snapshot.fields[index].value = shared.holding(value)
            return noteWritten([.field(snapshot.fields[index].name)])
        }
        snapshot.fields[index].value = value
        noteWritten([.field(snapshot.fields[index].name)])
    }

    /// What a read the snapshot cannot answer reads once it has failed the test (a getter must
    /// return something): the value in the view model this state resolves key paths with; for a
    /// list entry without one, the value in a fresh ``ViewModel``, or an empty value of the type.
    func readableValue<Value>(at keyPath: KeyPath<Model, Value>) -> Value {
        if let model = resolver.model { return model[keyPath: keyPath] }
        if let blank = ViewModel() as? Model { return blank[keyPath: keyPath] }
        // An entry a list of rows does not have, and no row of its type anywhere to read from.
        if let empty = emptyValue(of: Value.self) { return empty }
        preconditionFailure(
            "\(describe(keyPath)) was read from an entry the list does not have (the failure above), and no \(Model.self) "
                + "exists to read a \(Value.self) from"
        )
    }

    /// The same state as a state of `Other`, resolving key paths with `model`, with what was
    /// written into it.
    func retyped<Other: ViewModel>(as model: Other?) -> ViewModelState<Other> {
        var state = ViewModelState<Other>(snapshot: snapshot, resolver: PropertyResolver(model: model), reporter: reporter, site: site)
        state.written = written
        state.isInert = isInert
        return state
    }

    /// The state an entry a list does not have reads as, once the failure is reported: no entry and
    /// no properties. Reads of it answer what `standIn` (a view model of the same type, if the test
    /// has one) holds; writes change nothing.
    static func inert(standIn: Model?, reporter: any IssueReporter, site: ReportSite?) -> ViewModelState<Model> {
        var state = ViewModelState(
            snapshot: StateSnapshot(typeName: "(no entry)", fields: []), resolver: PropertyResolver(model: standIn), reporter: reporter, site: site
        )
        state.isInert = true
        return state
    }

    /// `keyPath` as Swift prints it, without the address it prints for a computed property:
    /// `\\Root.<computed Int>`.
    func describe<Value>(_ keyPath: KeyPath<Model, Value>) -> String {
        if let index = resolver.index(of: keyPath, in: snapshot) {
            return "\\\(snapshot.typeName).\(snapshot.fields[index].name)"
        }
        var text = "\(keyPath)"
        while let start = text.firstRange(of: "<computed 0x"),
              let open = text[start.upperBound...].firstRange(of: " ("),
              let close = text[open.upperBound...].firstRange(of: ")>") {
            let type = text[open.upperBound..<close.lowerBound]
            text.replaceSubrange(start.lowerBound..<close.upperBound, with: "<computed \(type)>")
        }
        return text
    }

    /// Reports a failure of the assertion closure at the assertion's line. A state that stands for
    /// an entry the list does not have reports nothing more: reading it already failed the test.
    func report(_ message: String) {
        guard !isInert else { return }
        let site = site ?? ReportSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        reporter.reportIssue(message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }
}

extension ViewModelState where Model == ViewModel {
    /// The state an index a list does not have reads, once the failure is reported: no view model,
    /// no entry, no properties.
    static func inert(reporter: any IssueReporter, site: ReportSite?) -> ViewModelState<ViewModel> {
        inert(standIn: nil, reporter: reporter, site: site)
    }
}

/// Where a failure is reported: the line of an assertion.
struct ReportSite {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Maps key paths of a view model to the snapshot fields they read, caching the answers.
@MainActor
final class PropertyResolver<Model: ViewModel> {
    /// The view model whose key paths are resolved; `nil` for a list entry that holds none.
    let model: Model?
    private var names: [AnyKeyPath: String?] = [:]

    init(model: Model?) {
        self.model = model
    }

    func index<Value>(of keyPath: KeyPath<Model, Value>, in snapshot: StateSnapshot) -> Int? {
        guard let model else { return nil }
        let name: String?
        if let cached = names[keyPath] {
            name = cached
        } else {
            name = model.observedPropertyName(for: keyPath)
            names[keyPath] = name
        }
        return name.flatMap(snapshot.index(of:))
    }
}

/// An empty value of `type` (`nil`, `0`, `false`, `""`, `[]`, `[:]`), if its type has a literal for
/// one: what a read of an entry a list does not have answers when no view model is at hand.
private func emptyValue<Value>(of type: Value.Type) -> Value? {
    func zero<T: ExpressibleByIntegerLiteral>(_: T.Type) -> T { 0 }
    func none<T: ExpressibleByNilLiteral>(_: T.Type) -> T { nil }
    func no<T: ExpressibleByBooleanLiteral>(_: T.Type) -> T { false }
    func blank<T: ExpressibleByStringLiteral>(_: T.Type) -> T { "" }
    func empty<T: ExpressibleByArrayLiteral>(_: T.Type) -> T { [] }
    func emptyDictionary<T: ExpressibleByDictionaryLiteral>(_: T.Type) -> T { [:] }
    let value: Any? = if let optional = type as? any ExpressibleByNilLiteral.Type { none(optional) }
        else if let integer = type as? any ExpressibleByIntegerLiteral.Type { zero(integer) }
        else if let bool = type as? any ExpressibleByBooleanLiteral.Type { no(bool) }
        else if let string = type as? any ExpressibleByStringLiteral.Type { blank(string) }
        else if let array = type as? any ExpressibleByArrayLiteral.Type { empty(array) }
        else if let dictionary = type as? any ExpressibleByDictionaryLiteral.Type { emptyDictionary(dictionary) }
        else { nil }
    return value as? Value
}
