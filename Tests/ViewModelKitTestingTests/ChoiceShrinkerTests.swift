@testable import ViewModelKitTesting
import XCTest

/// The exploration engine's core: seeded choices that replay exactly, and shrinking them to the
/// simplest run that still fails.
final class ChoiceShrinkerTests: XCTestCase {
    /// A tiny counter program driven by choices: increment, decrement (only above 0) or reset, for at
    /// most `steps` steps. Its planted bug: the count must stay below 3. Returns the step at which the
    /// invariant broke, if it did, and the choices the run read.
    private static func run(_ choices: inout ChoiceSequence, steps: Int = 40) -> (failedAt: Int?, read: [UInt64]) {
        var count = 0
        for step in 0..<steps {
            switch choices.draw(weights: [2, 1, 1]) {
            case 0: count += 1
            case 1 where count > 0: count -= 1   // the precondition, checked again on every replay
            case 2: count = 0
            default: break
            }
            if count >= 3 { return (step, choices.drawn) }
        }
        return (nil, choices.drawn)
    }

    private func failingSeed() throws -> (seed: UInt64, choices: [UInt64]) {
        for seed: UInt64 in 1...300 {
            var choices = ChoiceSequence(seed: seed)
            let outcome = Self.run(&choices)
            if outcome.failedAt != nil { return (seed, outcome.read) }
        }
        throw XCTSkip("no seed in 300 found the bug")
    }

    func test_aSeed_replaysTheSameChoices() {
        var first = ChoiceSequence(seed: 7)
        var second = ChoiceSequence(seed: 7)
        let a = (0..<100).map { _ in first.drawRaw() }
        let b = (0..<100).map { _ in second.drawRaw() }
        XCTAssertEqual(a, b)
        // SplitMix64's published first output for seed 0, so the runs are the same on every platform.
        var zero = SplitMix64(seed: 0)
        XCTAssertEqual(zero.next(), 0xE220_A839_7B1D_CDAF)
    }

    func test_aReplay_readsTheKeptChoices_thenZeros() {
        var replay = ChoiceSequence(replaying: [5, 9])
        XCTAssertEqual([replay.drawRaw(), replay.drawRaw(), replay.drawRaw()], [5, 9, 0])
        XCTAssertTrue(replay.ranOut)
        XCTAssertEqual(replay.drawn, [5, 9, 0])
    }

    func test_weights_pickInProportion_andZeroPicksTheFirst() {
        var replay = ChoiceSequence(replaying: [0, 1, 2, 3])
        XCTAssertEqual((0..<4).map { _ in replay.draw(weights: [2, 0, 1, 1]) }, [0, 0, 2, 3])
        var none = ChoiceSequence(replaying: [1])
        XCTAssertNil(none.draw(weights: [0, 0]))
    }

    func test_aFailingRun_shrinksToTheMinimalOne() async throws {
        let (seed, choices) = try failingSeed()
        let outcome = await ChoiceShrinker.shrink(choices) { candidate in
            var replay = ChoiceSequence(replaying: candidate)
            let result = Self.run(&replay)
            return result.failedAt == nil ? nil : result.read
        }
        // No kept choice at all: a replay reads zeros, three increments, the shortest run that breaks
        // the invariant, each the simplest choice.
        XCTAssertEqual(outcome.choices, [], "seed \(seed), \(choices.count) choices")
        var replay = ChoiceSequence(replaying: outcome.choices)
        let result = Self.run(&replay)
        XCTAssertEqual(result.failedAt, 2)
        XCTAssertEqual(result.read, [0, 0, 0])
        XCTAssertFalse(outcome.budgetSpent)
        XCTAssertGreaterThan(outcome.replays, 0)
    }

    func test_shrinking_keepsOnlyCandidatesThatFailTheSameWay() async {
        // A run fails when it holds a 7 somewhere after a 3; the simplest such sequence is [3, 7].
        let failing: [UInt64] = [1, 3, 8, 8, 7, 2]
        let outcome = await ChoiceShrinker.shrink(failing) { candidate in
            guard let three = candidate.firstIndex(of: 3), candidate[(three + 1)...].contains(7) else { return nil }
            return candidate
        }
        XCTAssertEqual(outcome.choices, [3, 7])
    }

    func test_theBudget_boundsTheReplays() async {
        // Fails while it holds 40 choices or more: every choice then shrinks to 0, one replay each.
        let outcome = await ChoiceShrinker.shrink(Array(repeating: 1, count: 50), maximumReplays: 10) { $0.count >= 40 ? $0 : nil }
        XCTAssertEqual(outcome.replays, 10)
        XCTAssertTrue(outcome.budgetSpent)
    }

    func test_simplicity_isShortlex() {
        XCTAssertTrue(ChoiceShrinker.isSimpler([9], than: [0, 0]))
        XCTAssertTrue(ChoiceShrinker.isSimpler([0, 5], than: [1, 0]))
        XCTAssertFalse(ChoiceShrinker.isSimpler([1, 0], than: [1, 0]))
    }
}
