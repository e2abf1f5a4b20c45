public import ViewModelKit

/// TCA's counter tutorial as a view model: a count, a fact about it, and a timer.
///
/// ```swift
/// let counter = CounterViewModel(client: FixtureNumberFactClient(directory: fixtures))
/// counter.incrementButtonTapped()          // count 1, fact cleared
/// counter.factButtonTapped()               // isLoading, then fact and numberFactAlert
/// counter.toggleTimerButtonTapped()        // count += 1 every second until toggled again
/// ```
///
/// Better than the tutorial: a failed fact stops the spinner and shows the error in the alert; a fact
/// that arrives after the count changed is dropped (its request is cancelled); the timer never runs
/// twice; the view model cancels everything it started when it goes away.
///
/// ## Topics
///
/// ### Creating the view model
///
/// - ``init(client:clock:timerInterval:)``
/// - ``timerInterval``
///
/// ### State
///
/// - ``count``
/// - ``fact``
/// - ``isLoading``
/// - ``isTimerRunning``
/// - ``numberFactAlert``
///
/// ### Intents
///
/// - ``incrementButtonTapped()``
/// - ``decrementButtonTapped()``
/// - ``factButtonTapped()``
/// - ``factAlertDismissed()``
/// - ``toggleTimerButtonTapped()``
@MainActor
public final class CounterViewModel: ViewModel {
    /// The count.
    @Observed public private(set) var count = 0
    /// A fact about the current count; cleared whenever the count changes.
    @Observed public private(set) var fact: String?
    /// Whether a fact is loading.
    @Observed public private(set) var isLoading = false
    /// Whether the timer runs.
    @Observed public private(set) var isTimerRunning = false
    /// The alert's text: the fact, or why it could not be loaded. Stays until dismissed.
    @Observed public private(set) var numberFactAlert: String?

    /// The timer's period.
    public let timerInterval: Duration
    private let client: any NumberFactClientProtocol
    private let clock: any Clock<Duration>

    private enum TaskID: Hashable, Sendable {
        case fact
        case timer
    }

    /// Creates the counter.
    /// - Parameters:
    ///   - client: Where facts come from. Defaults to the live ``NumberFactClient``.
    ///   - clock: What the timer sleeps on. Defaults to `ContinuousClock`; tests pass a `TestClock`.
    ///   - timerInterval: The timer's period. Defaults to one second.
    public init(
        client: any NumberFactClientProtocol = NumberFactClient(),
        clock: any Clock<Duration> = ContinuousClock(),
        timerInterval: Duration = .seconds(1)
    ) {
        self.client = client
        self.clock = clock
        self.timerInterval = timerInterval
        super.init()
    }

    /// Adds one.
    public func incrementButtonTapped() {
        recordIntent()
        countChanged(by: 1)
    }

    /// Subtracts one.
    public func decrementButtonTapped() {
        recordIntent()
        countChanged(by: -1)
    }

    /// Loads a fact about the current count.
    public func factButtonTapped() {
        recordIntent()
        fact = nil
        isLoading = true
        task(id: TaskID.fact) { [weak self, client, count] in
            do {
                let fact = try await client.fetchFact(number: count)
                try Task.checkCancellation()
                self?.fact = fact
                self?.numberFactAlert = fact
            } catch {
                // Cancelled: the count changed, or the view model went away; the fact is stale.
                if Task.isCancelled || error is CancellationError { return }
                self?.numberFactAlert = "Could not load a fact about \(count): \(error)"
            }
            self?.isLoading = false
        }
    }

    /// Dismisses the alert.
    public func factAlertDismissed() {
        recordIntent()
        numberFactAlert = nil
    }

    /// Starts the timer, or stops it if it runs.
    public func toggleTimerButtonTapped() {
        recordIntent()
        isTimerRunning.toggle()
        guard isTimerRunning else { return cancelTask(id: TaskID.timer) }
        task(id: TaskID.timer) { [weak self, clock, timerInterval] in
            try await repeatEvery(timerInterval, on: clock) {
                self?.timerTicked()
            }
        }
    }

    private func timerTicked() {
        countChanged(by: 1)
    }

    private func countChanged(by delta: Int) {
        count += delta
        fact = nil
        if isLoading {
            cancelTask(id: TaskID.fact)
            isLoading = false
        }
    }
}
