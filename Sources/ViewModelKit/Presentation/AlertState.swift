/// An alert as a value a view model holds: a title, a message and buttons whose taps are intents,
/// as swift-navigation's `AlertState` is for an observable model.
///
/// The view model holds an optional alert and one intent that every button calls with its
/// ``ButtonState/action``; the intent clears the alert, so a tap dismisses it:
///
/// ```swift
/// enum AlertAction: Equatable, Sendable { case confirmDeletion }
///
/// @Observed private(set) var alert: AlertState<AlertAction>?
///
/// func deleteButtonTapped() {
///     alert = AlertState(
///         title: "Delete \(item.name)?",
///         message: "This cannot be undone.",
///         buttons: [.destructive("Delete", action: .confirmDeletion), .cancel("Cancel")]
///     )
/// }
///
/// func alertButtonTapped(_ action: AlertAction?) {
///     alert = nil
///     if action == .confirmDeletion { delete() }
/// }
/// ```
///
/// A SwiftUI view shows it with `.alert(viewModel.alert, send: viewModel.alertButtonTapped)`
/// (on platforms with SwiftUI). A test taps a button by sending its intent, and asserts the alert
/// as any state, since it is `Equatable` when its action is:
///
/// ```swift
/// await tester.send({ $0.deleteButtonTapped() }) {
///     $0.alert = AlertState(title: "Delete Notes?", message: "This cannot be undone.",
///                           buttons: [.destructive("Delete", action: .confirmDeletion), .cancel("Cancel")])
/// }
/// await tester.send({ $0.alertButtonTapped(.confirmDeletion) }) { $0.alert = nil; … }
/// ```
///
/// An alert without buttons shows one, ``defaultButton``, which only dismisses it: use
/// ``buttonsShown`` to list what a view shows. `AlertState<Never>` is an alert that only informs.
public struct AlertState<Action> {
    /// The title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order; empty for an alert with only ``defaultButton``.
    public var buttons: [ButtonState<Action>]

    /// Creates an alert.
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title.
    ///   - buttons: The buttons, in order. None shows ``defaultButton``.
    public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// The button an alert without buttons shows: "OK", which only dismisses it (its tap sends `nil`).
    public static var defaultButton: ButtonState<Action> { .cancel("OK") }

    /// The buttons a view shows: ``buttons``, or ``defaultButton`` when there are none. Each one's
    /// tap sends its ``ButtonState/action`` (`nil` for a button that only dismisses).
    public var buttonsShown: [ButtonState<Action>] {
        buttons.isEmpty ? [Self.defaultButton] : buttons
    }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
