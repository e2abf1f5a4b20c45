#if canImport(SwiftUI)
public import SwiftUI

// Not compiled on Linux, where this package is built and tested: SwiftUI exists only on Apple
// platforms. The platform-free part, `IntentBinding`, is tested there.

extension ViewModelProtocol {
    /// A SwiftUI `Binding` that reads `keyPath` and writes by calling `intent`: a control bound to
    /// state the view model keeps `private(set)`.
    ///
    /// ```swift
    /// TextField("Search", text: viewModel.binding(\.query, send: SearchViewModel.queryChanged))
    /// NavigationStack(path: viewModel.binding(\.path, send: AppViewModel.pathChanged)) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The state the control shows.
    ///   - intent: The intent the control's change calls (`SearchViewModel.queryChanged`).
    /// - Returns: A binding that holds the view model.
    public func binding<Value>(
        _ keyPath: KeyPath<Self, Value>,
        send intent: @escaping @MainActor (Self) -> (Value) -> Void
    ) -> Binding<Value> {
        Binding(intentBinding(keyPath, send: intent))
    }
}

extension Binding {
    /// The SwiftUI binding of an ``IntentBinding``.
    @MainActor
    public init(_ binding: IntentBinding<Value>) {
        self.init(get: binding.get, set: binding.set)
    }
}
#endif
