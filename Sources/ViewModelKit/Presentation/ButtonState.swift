/// A button of an ``AlertState``: a label, a role, and the action its tap sends to the view model.
///
/// ```swift
/// ButtonState.destructive("Delete", action: AlertAction.confirmDeletion)
/// ButtonState<AlertAction>.cancel("Cancel")          // only dismisses: its tap sends nil
/// ButtonState(label: "Retry", action: AlertAction.retry)
/// ```
///
/// The initializer's labels are the stored properties', so a test that a session recorder writes
/// spells a button as it is made.
public struct ButtonState<Action> {
    /// What a button does, as SwiftUI's `ButtonRole` says it.
    public enum Role: Hashable, Sendable {
        /// Dismisses without doing anything (shown apart, or triggered by the escape key).
        case cancel
        /// Deletes or destroys something (shown in red).
        case destructive
    }

    /// The button's title.
    public var label: String
    /// The role, if any.
    public var role: Role?
    /// What a tap sends to the view model's intent; `nil` for a button that only dismisses.
    public var action: Action?

    /// Creates a button.
    /// - Parameters:
    ///   - label: The title.
    ///   - role: The role, if any.
    ///   - action: What a tap sends; `nil` for a button that only dismisses.
    public init(label: String, role: Role? = nil, action: Action? = nil) {
        self.label = label
        self.role = role
        self.action = action
    }

    /// A cancel button: it dismisses the alert, and sends `action` if it has one.
    public static func cancel(_ label: String, action: Action? = nil) -> Self {
        Self(label: label, role: .cancel, action: action)
    }

    /// A destructive button, which sends `action`.
    public static func destructive(_ label: String, action: Action? = nil) -> Self {
        Self(label: label, role: .destructive, action: action)
    }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
