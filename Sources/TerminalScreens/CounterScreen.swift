public import ViewModelKitExampleCounter
public import TerminalUI

/// The counter's terminal screen: a pure function from the view model's state and the terminal's
/// size to a frame, and from keys to intents.
public enum CounterScreen {
    /// What the screen shows.
    public struct State: Equatable, Sendable {
        /// The count.
        public var count: Int
        /// The fact about the count, if loaded.
        public var fact: String?
        /// Whether a fact is loading.
        public var isLoading: Bool
        /// Whether the timer runs.
        public var isTimerRunning: Bool
        /// The alert's text, if shown.
        public var alert: String?
        /// The spinner's frame.
        public var spinner: String

        /// Creates a state value.
        public init(count: Int = 0, fact: String? = nil, isLoading: Bool = false, isTimerRunning: Bool = false, alert: String? = nil, spinner: String = "⠋") {
            self.count = count
            self.fact = fact
            self.isLoading = isLoading
            self.isTimerRunning = isTimerRunning
            self.alert = alert
            self.spinner = spinner
        }

        /// The state of `viewModel`.
        @MainActor
        public init(_ viewModel: CounterViewModel, spinner: String) {
            self.init(
                count: viewModel.count, fact: viewModel.fact, isLoading: viewModel.isLoading,
                isTimerRunning: viewModel.isTimerRunning, alert: viewModel.numberFactAlert, spinner: spinner
            )
        }
    }

    /// What a key asks the counter to do.
    public enum Intent: Equatable, Sendable {
        case increment, decrement, fact, toggleTimer, dismissAlert, quit
    }

    /// The help line.
    public static let help = "+/- count  f fact  t timer  Enter/Esc dismiss  q quit"

    /// The intent for `key`. While the alert shows, only dismissing and quitting work.
    public static func intent(for key: Key, alertShown: Bool) -> Intent? {
        switch key {
        case .character("q"), .control("c"), .control("d"): return .quit
        case .enter, .escape: return alertShown ? .dismissAlert : nil
        case _ where alertShown: return nil
        case .character("+"), .character("="), .up, .right: return .increment
        case .character("-"), .character("_"), .down, .left: return .decrement
        case .character("f"): return .fact
        case .character("t"): return .toggleTimer
        default: return nil
        }
    }

    /// Calls the intent on the view model.
    @MainActor
    public static func apply(_ intent: Intent, to viewModel: CounterViewModel) -> KeyResult {
        switch intent {
        case .increment: viewModel.incrementButtonTapped()
        case .decrement: viewModel.decrementButtonTapped()
        case .fact: viewModel.factButtonTapped()
        case .toggleTimer: viewModel.toggleTimerButtonTapped()
        case .dismissAlert: viewModel.factAlertDismissed()
        case .quit: return .quit
        }
        return .continue
    }

    /// The frame for `state` in a terminal of `columns` × `rows`.
    public static func render(_ state: State, columns: Int, rows: Int) -> Frame {
        let width = max(1, columns)
        var lines: [String] = []
        let timer = state.isTimerRunning ? "timer ● running" : "timer ○ stopped"
        lines.append(spread("Counter", timer, width: width))
        lines.append(String(repeating: "─", count: width))
        lines.append("")
        lines.append(centered("−   \(state.count)   +", width: width))
        lines.append("")
        if state.isLoading {
            lines.append("Fact: \(state.spinner) loading…")
        } else if let fact = state.fact {
            lines += TextLayout.wrap("Fact: " + TextLayout.sanitize(fact), width: width)
        } else {
            lines.append("Fact: press f")
        }
        var body = lines
        let height = max(1, rows)
        while body.count < height - 1 { body.append("") }
        body = Array(body.prefix(height - 1))
        if let alert = state.alert {
            overlay(box(title: "Number fact", text: alert, footer: "Enter/Esc: OK", width: width), on: &body, width: width)
        }
        body.append(help)
        return Frame(width: width, height: height, lines: body)
    }

    // MARK: - Layout helpers

    /// `left` and `right` on one line, `right` flush right when both fit.
    static func spread(_ left: String, _ right: String, width: Int) -> String {
        let gap = width - TextLayout.width(of: left) - TextLayout.width(of: right)
        guard gap >= 1 else { return left }
        return left + String(repeating: " ", count: gap) + right
    }

    /// `text` centered in `width`.
    static func centered(_ text: String, width: Int) -> String {
        let margin = max(0, (width - TextLayout.width(of: text)) / 2)
        return String(repeating: " ", count: margin) + text
    }

    /// A framed box with a title, wrapped text and a footer, at most 60 columns wide.
    static func box(title: String, text: String, footer: String, width: Int) -> [String] {
        let outer = min(width, 60)
        guard outer >= 6 else { return TextLayout.wrap(TextLayout.sanitize(text), width: width) }
        let inner = outer - 4
        let top = "┌─ " + TextLayout.truncate(title, toWidth: max(0, outer - 6)) + " "
        var lines = [top + String(repeating: "─", count: max(0, outer - 1 - TextLayout.width(of: top))) + "┐"]
        for line in TextLayout.wrap(TextLayout.sanitize(text), width: inner) + ["", footer] {
            lines.append("│ " + TextLayout.pad(line, toWidth: inner) + " │")
        }
        lines.append("└" + String(repeating: "─", count: outer - 2) + "┘")
        return lines
    }

    /// Draws `box` centered over `lines`.
    static func overlay(_ box: [String], on lines: inout [String], width: Int) {
        let top = max(0, (lines.count - box.count) / 2)
        for (offset, line) in box.enumerated() where top + offset < lines.count {
            lines[top + offset] = centered(line, width: width)
        }
    }
}
