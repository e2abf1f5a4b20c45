#if canImport(SwiftUI)
public import SwiftUI

// Not compiled on Linux, where this package is built and tested: SwiftUI exists only on Apple
// platforms. The platform-free part, `AlertState` and `ButtonState`, is tested there.

extension View {
    /// Shows `alert` while it is not `nil`; a tap on one of its buttons calls `send` with the
    /// button's action (`nil` for a button that only dismisses), and that intent clears the alert.
    ///
    /// ```swift
    /// List { … }
    ///     .alert(viewModel.alert, send: viewModel.alertButtonTapped)
    /// ```
    ///
    /// The alert is shown from the view model's state only: SwiftUI's own dismissal is ignored, and
    /// every way out of an alert is one of its buttons (``AlertState/buttonsShown``), whose intent
    /// clears it.
    ///
    /// - Parameters:
    ///   - alert: The view model's alert.
    ///   - send: The view model's intent for a tap, given the button's action.
    @MainActor
    public func alert<Action>(_ alert: AlertState<Action>?, send: @escaping @MainActor (Action?) -> Void) -> some View {
        self.alert(
            Text(alert?.title ?? ""),
            isPresented: .constant(alert != nil),
            presenting: alert,
            actions: { alert in
                ForEach(Array(alert.buttonsShown.enumerated()), id: \.offset) { _, button in
                    Button(button.label, role: button.role.map(swiftUIRole)) { send(button.action) }
                }
            },
            message: { alert in
                if let message = alert.message { Text(message) }
            }
        )
    }
}

/// SwiftUI's role for a ``ButtonState/Role``.
private func swiftUIRole<Action>(_ role: ButtonState<Action>.Role) -> ButtonRole {
    switch role {
    case .cancel: .cancel
    case .destructive: .destructive
    }
}
#endif
