import ViewModelKit

/// Names a lap.
protocol LapNamer: Sendable {
    func name(forLap lap: Int) async throws -> String
}

enum LapNamerError: Error, Equatable {
    case unnamed(Int)
}

struct FixedLapNamer: LapNamer {
    func name(forLap lap: Int) async throws -> String {
        guard lap < 3 else { throw LapNamerError.unnamed(lap) }
        return "Lap \(lap)"
    }
}

/// A stopwatch: the view model the recorder tests record.
@MainActor
final class Stopwatch: ViewModel {
    @Observed private(set) var seconds = 0
    @Observed private(set) var isRunning = false
    @Observed private(set) var lapName: String?
    @Observed private(set) var error: LapNamerError?
    @Child private(set) var laps: [Lap] = []

    private let clock: any Clock<Duration>
    private let namer: any LapNamer

    init(clock: any Clock<Duration>, namer: any LapNamer = FixedLapNamer()) {
        self.clock = clock
        self.namer = namer
    }

    func startTapped() {
        recordIntent()
        isRunning = true
        task(id: "tick") { [weak self, clock] in
            try await repeatEvery(.seconds(1), on: clock) { self?.seconds += 1 }
        }
    }

    func stopTapped() {
        recordIntent()
        isRunning = false
        cancelTask(id: "tick")
    }

    /// Calls another intent: only this one is recorded.
    func resetTapped() {
        recordIntent()
        stopTapped()
        seconds = 0
        laps = []
    }

    func lapTapped(_ note: String) {
        recordIntent(note)
        laps.append(Lap(number: laps.count + 1, note: note))
    }

    func nameRequested(forLap lap: Int) {
        recordIntent(lap)
        task(id: "name") { [weak self, namer] in
            do {
                let name = try await namer.name(forLap: lap)
                self?.lapName = name
                self?.error = nil
            } catch let error as LapNamerError {
                self?.error = error
            }
        }
    }
}

/// One lap: a child view model.
@MainActor
final class Lap: ViewModel {
    let number: Int
    @Observed private(set) var note: String
    @Observed private(set) var isStarred = false

    init(number: Int, note: String) {
        self.number = number
        self.note = note
    }

    func starTapped() {
        recordIntent()
        isStarred.toggle()
    }
}
