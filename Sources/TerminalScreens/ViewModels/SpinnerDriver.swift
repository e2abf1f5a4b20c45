internal import TerminalUI
public import ViewModelKit

/// Advances a spinner while something loads, and asks the app to redraw on each step.
///
/// ```swift
/// let spinner = SpinnerDriver(clock: ContinuousClock()) { app.setNeedsRender() }
/// spinner.setSpinning(viewModel.isLoading)   // from an observer
/// spinner.frame                              // "⠋", "⠙", …
/// ```
@MainActor
public final class SpinnerDriver: ViewModel {
    /// How many steps the spinner has taken.
    @Observed public private(set) var tick = 0
    private let clock: any Clock<Duration>
    private let interval: Duration

    /// Creates a driver stepping every `interval` on `clock`.
    public init(clock: any Clock<Duration> = ContinuousClock(), interval: Duration = .milliseconds(100)) {
        self.clock = clock
        self.interval = interval
        super.init()
    }

    /// The spinner's current frame.
    public var frame: String { Spinner.frame(tick) }

    /// Starts or stops stepping.
    public func setSpinning(_ spinning: Bool) {
        guard spinning else { return cancelTask(id: "spin") }
        guard !isTaskRunning(id: "spin") else { return }
        task(id: "spin") { [weak self, clock, interval] in
            try await repeatEvery(interval, on: clock) { self?.tick += 1 }
        }
    }
}
