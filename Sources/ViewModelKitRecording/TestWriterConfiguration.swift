public import ViewModelKit
internal import ViewModelKitStateDump

/// How a written test makes what the library cannot make by itself: the children that appear in
/// the state, and values whose initializer takes its arguments in another order than their
/// stored properties. A ``SessionRecorder`` and an exploration each take one.
///
/// ```swift
/// var writer = TestWriterConfiguration()
/// writer.writeChildren(of: TodoViewModel.self) { todo in
///     ("TodoViewModel(todo: \(SessionRecorder.swiftSource(for: todo.todo) ?? "…"))", TodoViewModel(todo: todo.todo))
/// }
/// ```
///
/// A child the test cannot make is taken as the view model shows it (`$0.shown(\.todos, at: 2)`):
/// the test checks that it appeared, not the state it appeared in.
@MainActor
public struct TestWriterConfiguration {
    /// How to write each type of child, by type.
    var childFactories: [ObjectIdentifier: (ViewModel) -> (expression: String, fresh: StateSnapshot)?] = [:]
    /// The argument labels of initializers, by type.
    package var initializerLabels: [ObjectIdentifier: [String]] = [:]

    /// A configuration that makes no child and writes every value by its stored properties.
    public init() {}

    /// Says how the written test makes a child of type `Child` that appears in the state (a pushed
    /// detail, a new row): `expression` builds it as the test would (with the test's `clock` and
    /// doubles), and `fresh` is the same child as that expression makes it, before anything
    /// happens to it.
    ///
    /// ```swift
    /// writer.writeChildren(of: RepositoryDetailViewModel.self) { detail in
    ///     (#"RepositoryDetailViewModel(owner: "\#(detail.owner)", name: "\#(detail.name)", client: client)"#,
    ///      RepositoryDetailViewModel(owner: detail.owner, name: detail.name, client: unusedClient))
    /// }
    /// ```
    public mutating func writeChildren<Child: ViewModel>(
        of type: Child.Type, as write: @escaping @MainActor (Child) -> (expression: String, fresh: Child)
    ) {
        childFactories[ObjectIdentifier(type)] = { model in
            guard let child = model as? Child else { return nil }
            let (expression, fresh) = write(child)
            return (expression, fresh.snapshot(asChild: true))
        }
    }

    /// Says in which order the initializer of `Value` takes its arguments, when it is not the order
    /// of its stored properties: a struct is written as a call of its initializer, one argument per
    /// stored property, labelled by the property's name. Labels not listed keep their order, after
    /// the listed ones.
    ///
    /// ```swift
    /// writer.writeValues(of: GitHubRepositoryDetail.self, initializerLabels: ["id", "name", "owner", "fullName"])
    /// ```
    public mutating func writeValues<Value>(of type: Value.Type, initializerLabels: [String]) {
        self.initializerLabels[ObjectIdentifier(type)] = initializerLabels
    }

    /// Whether the writer can make a child of `type`.
    public func writesChildren<Child: ViewModel>(of type: Child.Type) -> Bool {
        childFactories[ObjectIdentifier(type)] != nil
    }
}
