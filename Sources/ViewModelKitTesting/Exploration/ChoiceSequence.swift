/// The random decisions of one exploration run, drawn from a seed and kept, so that the run can be
/// replayed exactly and shrunk: a shorter or smaller sequence of choices is a simpler run.
///
/// Every decision of a run (which action, its arguments, how far the clock moves, what a client
/// answers) is one draw. A run replayed from a kept sequence makes the same decisions; a run replayed
/// from an edited one (a block deleted, a value made smaller) makes the decisions it now reads, and
/// draws past the end of the sequence read 0, the simplest choice (as in Hypothesis). Actions then
/// see their preconditions checked again on every replay, since the run itself decides again.
///
/// An argument generator of an ``Exploration`` draws from the run's sequence:
///
/// ```swift
/// .intent("thresholdChanged") { model, choices in
///     let stars = model.repositories.map(\.stargazersCount)
///     let threshold = choices.element(of: stars) ?? choices.draw(below: 500)
///     model.thresholdChanged(threshold)
///     return "thresholdChanged(\(threshold))"
/// }
/// ```
public struct ChoiceSequence: Sendable {
    /// The draws made so far, in order: what a replay reads.
    package private(set) var drawn: [UInt64] = []

    private var source: Source

    private enum Source: Sendable {
        case random(SplitMix64)
        /// `choices` from `next`, then zeros, or the draws of `then` when there is one.
        case replay([UInt64], next: Int, then: SplitMix64?)
    }

    /// A sequence whose draws come from `seed`.
    package init(seed: UInt64) {
        source = .random(SplitMix64(seed: seed))
    }

    /// A sequence that reads `choices` and then zeros.
    package init(replaying choices: [UInt64]) {
        source = .replay(choices, next: 0, then: nil)
    }

    /// A sequence that reads `choices` and then draws from `seed`: a run that goes on at random
    /// from a given start.
    package init(replaying choices: [UInt64], thenSeed seed: UInt64) {
        source = .replay(choices, next: 0, then: SplitMix64(seed: seed))
    }

    /// Whether a replay (with nothing to draw from after its choices) has read all of them: a run
    /// replayed from a shortened sequence ends there, instead of going on with the simplest steps.
    package var isExhausted: Bool {
        guard case .replay(let choices, let next, nil) = source else { return false }
        return next >= choices.count
    }

    /// Whether a replay read past the end of its choices (it then read zeros).
    package private(set) var ranOut = false

    /// A raw draw, kept as it is.
    package mutating func drawRaw() -> UInt64 {
        let value = nextSource()
        drawn.append(value)
        return value
    }

    /// A draw in `0..<bound` (0 when `bound` is 1 or less). What is kept is the value itself, not
    /// the raw bits it came from: the same decision, and a small number to shrink (a binary search
    /// over it takes log₂ `bound` replays, not 64).
    public mutating func draw(below bound: Int) -> Int {
        let raw = nextSource()
        let value = bound > 1 ? raw % UInt64(bound) : 0
        drawn.append(value)
        return Int(value)
    }

    /// The next value of the source, not yet kept.
    private mutating func nextSource() -> UInt64 {
        switch source {
        case .random(var generator):
            let value = generator.next()
            source = .random(generator)
            return value
        case .replay(let choices, let next, var then):
            defer { source = .replay(choices, next: next + 1, then: then) }
            guard next < choices.count else {
                guard then == nil else { return then?.next() ?? 0 }
                ranOut = true
                return 0
            }
            return choices[next]
        }
    }

    /// An index into `weights` (non-negative, at least one positive), drawn in proportion to them;
    /// `nil` when no weight is positive. Index order is the order of simplicity: a raw choice of 0
    /// picks the first positive weight.
    public mutating func draw(weights: [Int]) -> Int? {
        let total = weights.reduce(0) { $0 + max(0, $1) }
        guard total > 0 else {
            _ = drawRaw()
            return nil
        }
        var point = draw(below: total)
        for (index, weight) in weights.enumerated() where weight > 0 {
            if point < weight { return index }
            point -= weight
        }
        return weights.lastIndex { $0 > 0 }
    }
}

extension ChoiceSequence {
    /// One of `elements`, the first being the simplest; `nil` when there is none.
    public mutating func element<Element>(of elements: [Element]) -> Element? {
        elements.isEmpty ? nil : elements[draw(below: elements.count)]
    }

    /// `false` or `true`, `false` being the simpler.
    public mutating func bool() -> Bool {
        draw(below: 2) == 1
    }
}

/// SplitMix64 (Steele, Lea and Flood): a small generator with the same output on every platform, so a
/// seed replays the same run on Linux and on macOS.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started at `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
