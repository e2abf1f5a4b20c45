/// Shrinks the choices of a failing run (see ``ChoiceSequence``) to a simpler sequence that still
/// fails the same way: fewer choices first, then smaller ones ("shortlex" order, as in Hypothesis).
///
/// Every candidate is replayed through the run itself (`replay`), which decides again from the
/// choices it reads, checks preconditions again, and answers with the choices it actually read when
/// the candidate still fails the same way (a run that fails earlier reads fewer), or `nil` when it
/// does not. A candidate is kept only if what it read is simpler than the best so far, so shrinking
/// always ends.
///
/// The passes, repeated until none makes progress or `maximumReplays` is spent:
/// 1. the caller's own candidates for the best sequence so far (`candidates`: an ``Exploration``
///    deletes whole steps and merges adjacent clock advances);
/// 2. delete a block of 8, 4, 2 or 1 choices (a step, or part of one, disappears);
/// 3. set each choice to 0, else to the smallest value a binary search finds that still fails;
/// 4. swap a choice with a smaller one up to 8 places later (two searches in the other order).
///
/// ```swift
/// let shrunk = await ChoiceShrinker.shrink(failing.drawn) { candidate in
///     var replay = ChoiceSequence(replaying: candidate)
///     return await run(&replay).brokeTheSameInvariant ? replay.drawn : nil
/// }
/// ```
package enum ChoiceShrinker {
    /// A shrunk sequence and what it cost.
    package struct Outcome: Equatable, Sendable {
        /// The simplest failing choices found.
        package var choices: [UInt64]
        /// How many candidates were replayed.
        package var replays: Int
        /// Whether the budget ran out before no pass made progress.
        package var budgetSpent: Bool
    }

    /// Whether `lhs` is simpler than `rhs`: shorter, or as long and smaller at the first difference.
    package static func isSimpler(_ lhs: [UInt64], than rhs: [UInt64]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        return lhs.lexicographicallyPrecedes(rhs)
    }

    /// Shrinks `choices`, which fail, with `replay` deciding whether a candidate still fails.
    /// Runs on the main actor, where the view models it replays live.
    @MainActor
    package static func shrink(
        _ choices: [UInt64], maximumReplays: Int = 5_000,
        candidates: @MainActor ([UInt64]) -> [[UInt64]] = { _ in [] },
        replay: @MainActor ([UInt64]) async -> [UInt64]?
    ) async -> Outcome {
        var best = choices
        var replays = 0

        /// Replays `candidate` (unless it is no simpler, or the budget is spent); keeps it when it
        /// still fails and what it read is simpler.
        @MainActor func attempt(_ candidate: [UInt64]) async -> Bool {
            guard replays < maximumReplays, isSimpler(candidate, than: best) else { return false }
            replays += 1
            guard let read = await replay(candidate) else { return false }
            // A replay reads zeros past the end of its choices: trailing zeros read are implied.
            var kept = read
            while kept.count > candidate.count, kept.last == 0 { kept.removeLast() }
            guard isSimpler(kept, than: best) else { return false }
            best = kept
            return true
        }

        var progressed = true
        while progressed, replays < maximumReplays {
            progressed = false
            var tried = 0
            var proposals = candidates(best)
            while tried < proposals.count {
                if await attempt(proposals[tried]) {
                    progressed = true
                    proposals = candidates(best)
                    tried = 0
                } else {
                    tried += 1
                }
            }
            for size in [8, 4, 2, 1] {
                var start = best.count - size
                while start >= 0 {
                    var candidate = best
                    candidate.removeSubrange(start..<start + size)
                    if await attempt(candidate) { progressed = true }
                    start = min(start - 1, best.count - size)
                }
            }
            var index = 0
            while index < best.count {
                let value = best[index]
                if value != 0 {
                    var zeroed = best
                    zeroed[index] = 0
                    if await attempt(zeroed) {
                        progressed = true
                    } else {
                        // Invariant of the search: `low` does not fail, `high` does.
                        var low: UInt64 = 0
                        var high = value
                        while high - low > 1, replays < maximumReplays, index < best.count, best[index] == high {
                            let middle = low + (high - low) / 2
                            var candidate = best
                            candidate[index] = middle
                            if await attempt(candidate) {
                                high = middle
                                progressed = true
                            } else {
                                low = middle
                            }
                        }
                    }
                }
                index += 1
            }
            for first in best.indices {
                for second in (first + 1)..<min(first + 9, best.count) where first < best.count && second < best.count && best[first] > best[second] {
                    var swapped = best
                    swapped.swapAt(first, second)
                    if await attempt(swapped) { progressed = true }
                }
            }
        }
        return Outcome(choices: best, replays: replays, budgetSpent: replays >= maximumReplays)
    }
}
