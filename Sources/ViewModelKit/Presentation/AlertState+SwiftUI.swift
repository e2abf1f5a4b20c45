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
    /// The alert shows as long as the view model holds it. Each presentation calls `send` once: with
    /// the tapped button's action, or with `nil` when SwiftUI dismisses the alert without a button
    /// (the escape key on a Mac).
    ///
    /// - Parameters:
    ///   - alert: The view model's alert.
    ///   - send: The view model's intent for a tap, given the button's action.
    @MainActor
    public func alert<Action>(_ alert: AlertState<Action>?, send: @escaping @MainActor (Action?) -> Void) -> some View {
        let isPresented = alert != nil
        let answer = AlertAnswer(send: send)
        return self.alert(
            Text(alert?.title ?? ""),
            isPresented: Binding(
                get: { isPresented },
                set: { @MainActor presented in if !presented { answer.dismissed() } }
            ),
            presenting: alert,
            actions: { alert in
                ForEach(Array(alert.buttonsShown.enumerated()), id: \.offset) { _, button in
                    Button(button.label, role: button.role.map(swiftUIRole)) { answer.tapped(button.action) }
                }
            },
            message: { alert in
                if let message = alert.message { Text(message) }
            }
        )
    }
}

/// Calls the view model's intent once for one presentation of an alert: SwiftUI both runs the tapped
/// button's action and writes `false` to `isPresented`, in an order it does not document.
@MainActor
private final class AlertAnswer<Action> {
    private let send: @MainActor (Action?) -> Void
    private var isAnswered = false

    init(send: @escaping @MainActor (Action?) -> Void) { self.send = send }

    /// A button was tapped.
    func tapped(_ action: Action?) {
        guard !isAnswered else { return }
        isAnswered = true
        send(action)
    }

    /// SwiftUI dismissed the alert: without a button if no button's action follows in this turn of
    /// the main actor.
    func dismissed() {
        Task { @MainActor in self.tapped(nil) }
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
