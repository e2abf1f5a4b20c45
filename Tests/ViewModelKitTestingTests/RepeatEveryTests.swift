import ViewModelKit
import ViewModelKitTesting
import XCTest

@MainActor
final class RepeatEveryTests: XCTestCase {
    /// Each deadline comes from the previous deadline: a tick whose work takes 300 ms does not push
    /// the next tick back (a "sleep one second after the work" loop would tick at 1, 2.3, 3.6 s).
    func testTicksDoNotDriftWhenTheWorkTakesTime() async throws {
        let clock = ImmediateClock()
        var tickTimes: [Duration] = []
        do {
            try await repeatEvery(.seconds(1), on: clock) {
                tickTimes.append(clock.now.offset)
                try await clock.sleep(for: .milliseconds(300))   // the work takes time
                if tickTimes.count == 4 { throw CancellationError() }
            }
        } catch is CancellationError {}
        XCTAssertEqual(tickTimes, [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
    }

    func testStopsWhenTheTaskIsCancelled() async {
        let clock = TestClock()
        let task = Task { @MainActor in
            var ticks = 0
            do {
                try await repeatEvery(.seconds(1), on: clock) { ticks += 1 }
            } catch {}
            return ticks
        }
        await clock.advance(by: .seconds(3))
        task.cancel()
        let ticks = await task.value
        XCTAssertEqual(ticks, 3)
    }
}
