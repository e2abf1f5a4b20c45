import ViewModelKit

/// A view model whose tasks write in known steps, for the tester's TestStore-parity tests.
@MainActor
final class StepModel: ViewModel {
    @Observed private(set) var count = 1
    @Observed private(set) var label = ""

    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    /// Starts three tasks that each add one.
    func threeTasksTapped() {
        for index in 0..<3 {
            task(id: index) { [weak self] in self?.count += 1 }
        }
    }

    /// Starts one task that adds one, suspends, and adds one again.
    func twoStepsTapped() {
        task(id: "steps") { [weak self] in
            self?.count += 1
            await Task.yield()
            self?.count += 1
        }
    }

    /// Starts a task that writes before its first suspension, then waits a minute on the clock.
    func startTapped() {
        task(id: "start") { [weak self, clock] in
            self?.label = "started"
            try await clock.sleep(for: .seconds(60))
            self?.label = "done"
        }
    }

    /// Leaves the screen.
    func closeTapped() {
        dismiss()
    }
}
