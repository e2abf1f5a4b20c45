/// How much of a view model's behavior a ``ViewModelTester`` insists the test spells out.
public enum Exhaustivity: Equatable, Sendable {
    /// Every state change and every task must be accounted for (the default).
    case on
    /// Only what the test names is checked. With `showSkippedAssertions`, what was not checked is
    /// printed, so a reader sees what the test leaves out.
    case off(showSkippedAssertions: Bool)

    /// Only what the test names is checked; nothing is printed about the rest.
    public static let off = Exhaustivity.off(showSkippedAssertions: false)
}
