import ViewModelKit

/// A small counter with a fact and a timer, for the tester's own tests.
@MainActor
final class FactModel: ViewModel {
    @Observed private(set) var count = 0
    @Observed private(set) var fact: String?
    @Observed private(set) var isLoading = false
    @Observed private(set) var isTimerRunning = false
    var notObserved = 0

    private let fetchFact: @Sendable (Int) async throws -> String
    private let clock: any Clock<Duration>

    init(
        fetchFact: @escaping @Sendable (Int) async throws -> String = { "\($0) is a good number." },
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.fetchFact = fetchFact
        self.clock = clock
    }

    func incrementButtonTapped() {
        count += 1
        fact = nil
    }

    func factButtonTapped() {
        isLoading = true
        task(id: "fact") { [weak self, fetchFact, count] in
            let fact = try await fetchFact(count)
            try Task.checkCancellation()
            self?.fact = fact
            self?.isLoading = false
        }
    }

    func toggleTimerButtonTapped() {
        isTimerRunning.toggle()
        guard isTimerRunning else { return cancelTask(id: "timer") }
        task(id: "timer") { [weak self, clock] in
            try await repeatEvery(.seconds(1), on: clock) {
                self?.count += 1
            }
        }
    }
}
