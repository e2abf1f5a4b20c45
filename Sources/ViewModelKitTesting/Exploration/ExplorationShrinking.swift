internal import ViewModelKit

// Shrinking a failing run: the same choices replayed first, then ``ChoiceShrinker`` with the
// exploration's own candidates (whole steps deleted, advances merged), then the point of no return.

extension Exploration {
    /// Checks that `found` replays, shrinks it, and finds its point of no return.
    func shrink(_ found: Run, broken: (invariant: String, step: Int, detail: String), seed: UInt64, steps: Int) async -> ExplorationFailure {
        var failure = ExplorationFailure(
            invariant: broken.invariant, detail: broken.detail, step: broken.step, steps: found.steps.map(describe),
            seed: seed, unshrunkLength: found.steps.count, shrinkReplays: 0
        )
        var again = ChoiceSequence(replaying: found.choices)
        let replayed = await run(&again, steps: steps)
        guard replayed.failure?.invariant == broken.invariant, replayed.failure?.step == broken.step,
              replayed.steps.map(describe) == failure.steps else {
            failure.nondeterminism = "the same choices did not replay the same run (it "
                + (replayed.failure.map { "broke \"\($0.invariant)\" at step \($0.step)" } ?? "held")
                + "): something the exploration does not control (a real clock, a random number, a task outside "
                + "the view model) decides what happens, so the run was not shrunk"
            return failure
        }
        // The structure of every run the shrinker kept, for its candidates.
        var shapes: [[UInt64]: Run] = [Self.trimmed(found.choices): found]
        let outcome = await ChoiceShrinker.shrink(found.choices, maximumReplays: 2_000) { best in
            shapes[best].map(candidates) ?? []
        } replay: { candidate in
            var replay = ChoiceSequence(replaying: candidate)
            let again = await run(&replay, steps: steps)
            guard let failed = again.failure, failed.invariant == broken.invariant else { return nil }
            var read = again.choices
            while read.count > candidate.count, read.last == 0 { read.removeLast() }
            shapes[read] = again
            return again.choices
        }
        var replay = ChoiceSequence(replaying: outcome.choices)
        let shrunk = await run(&replay, steps: steps)
        failure.shrinkReplays = outcome.replays
        if let failed = shrunk.failure {
            failure.step = failed.step
            failure.detail = failed.detail
            failure.steps = shrunk.steps.map(describe)
            failure.pointOfNoReturn = await pointOfNoReturn(of: shrunk, invariant: broken.invariant, seed: seed, steps: steps)
            if let test {
                (failure.testFiles, failure.testNotes) = await writeTest(test, choices: outcome.choices, failure: failure, steps: steps)
            }
        }
        return failure
    }

    /// The shrinker's own candidates for a run: each step deleted whole (last first), and each
    /// advance moved into the next one.
    func candidates(_ run: Run) -> [[UInt64]] {
        var proposals: [[UInt64]] = []
        for (index, range) in run.ranges.enumerated().reversed() {
            var candidate = run.choices
            candidate.removeSubrange(range)
            proposals.append(candidate)
            // A deleted step may have made a call: later answers then pick one call earlier.
            var renumbered = candidate
            var moved = false
            for later in (index + 1)..<run.ranges.count where later < run.steps.count {
                guard case .answer = run.steps[later], run.ranges[later].count >= 2 else { continue }
                let which = run.ranges[later].lowerBound + 1 - range.count
                if renumbered[which] > 0 {
                    renumbered[which] -= 1
                    moved = true
                }
            }
            if moved { proposals.append(renumbered) }
        }
        // An advance moved into the next one (adjacent or not): the same total time, one step fewer.
        let longest = Int(maximumAdvance / .milliseconds(1))
        for index in run.ranges.indices where index < run.steps.count {
            guard case .advance(let a) = run.steps[index], run.ranges[index].count == 2 else { continue }
            guard let next = (index + 1..<min(run.ranges.count, run.steps.count)).first(where: {
                if case .advance = run.steps[$0] { return true } else { return false }
            }), case .advance(let b) = run.steps[next], run.ranges[next].count == 2 else { continue }
            let merged = Int(((a + b) / .milliseconds(1)).rounded())
            guard merged >= 1, merged <= longest else { continue }
            var candidate = run.choices
            candidate[run.ranges[next].lowerBound + 1] = UInt64(merged)
            candidate.removeSubrange(run.ranges[index])
            proposals.append(candidate)
        }
        return proposals
    }

    /// The first step after which every one of a few random continuations breaks `invariant`.
    func pointOfNoReturn(of run: Run, invariant: String, seed: UInt64, steps: Int) async -> Int? {
        for done in 0...run.ranges.count {
            let prefix = Array(run.choices[..<(done == 0 ? 0 : run.ranges[done - 1].upperBound)])
            var allFail = true
            for attempt in 0..<8 {
                var choices = ChoiceSequence(replaying: prefix, thenSeed: seed &+ UInt64(done * 8 + attempt) &* 0x9E37_79B9)
                guard await self.run(&choices, steps: steps).failure?.invariant == invariant else {
                    allFail = false
                    break
                }
            }
            if allFail { return done }
        }
        return nil
    }

    static func trimmed(_ choices: [UInt64]) -> [UInt64] {
        var trimmed = choices
        while trimmed.last == 0 { trimmed.removeLast() }
        return trimmed
    }
}
