/// A value a control reads from a view model and writes through one of its intents: what a SwiftUI
/// `Binding` needs for state the view model keeps `private(set)`.
///
/// ```swift
/// @Observed private(set) var query = ""
/// func queryChanged(_ query: String) { self.query = query; search() }
///
/// let query = viewModel.intentBinding(\.query, send: SearchViewModel.queryChanged)
/// query.wrappedValue                 // reads viewModel.query
/// query.wrappedValue = "swift"       // calls viewModel.queryChanged("swift")
/// ```
///
/// On platforms with SwiftUI, `viewModel.binding(\.query, send: SearchViewModel.queryChanged)`
/// makes the `Binding` a `TextField` takes; this type is the part of it every platform has, so a
/// test can drive a control as the view does. Every write calls the intent, even with the value
/// the state holds: the intent decides what a write means.
@MainActor
public struct IntentBinding<Value>: Sendable {
    /// Reads the state.
    public let get: @MainActor @Sendable () -> Value
    /// Calls the intent with a new value.
    public let set: @MainActor @Sendable (Value) -> Void

    /// Creates a binding from a read and a write.
    /// - Parameters:
    ///   - get: Reads the state.
    ///   - set: Calls the intent with a new value.
    public init(get: @escaping @MainActor @Sendable () -> Value, set: @escaping @MainActor @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The state, read; written, the intent is called with the new value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

extension ViewModelProtocol {
    /// A value that reads `keyPath` and writes by calling `intent` with the new value.
    ///
    /// ```swift
    /// let query = viewModel.intentBinding(\.query, send: SearchViewModel.queryChanged)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The state a control shows (a `private(set)` property reads as well).
    ///   - intent: The intent a control's change calls, as the method itself
    ///     (`SearchViewModel.queryChanged`) or a closure (`{ model in { model.queryChanged($0) } }`).
    /// - Returns: The binding; it holds the view model.
    public func intentBinding<Value>(
        _ keyPath: KeyPath<Self, Value>,
        send intent: @escaping @MainActor (Self) -> (Value) -> Void
    ) -> IntentBinding<Value> {
        IntentBinding(get: { self[keyPath: keyPath] }, set: { intent(self)($0) })
    }
}
