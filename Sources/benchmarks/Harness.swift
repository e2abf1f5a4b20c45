import CAllocatorStats
import Foundation

/// Samples of one measured case: nanoseconds (or another unit) per operation, one per repetition.
struct Samples {
    var values: [Double]

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    /// The spread as (max − min) / median.
    var spread: Double { (max - min) / median }
}

/// Keeps results alive so the optimizer cannot delete the work that made them.
nonisolated(unsafe) var sink = 0

@inline(never)
func consume<T>(_ value: T) {
    withUnsafeBytes(of: value) { bytes in sink &+= Int(bytes.first ?? 0) }
}

/// Runs `body(iterations)` `repeats` times (after one warm-up) and returns nanoseconds per iteration.
@MainActor
func measure(repeats: Int, iterations: Int, _ body: (Int) -> Void) -> Samples {
    body(max(1, iterations / 10))
    let clock = ContinuousClock()
    var values: [Double] = []
    for _ in 0..<repeats {
        let elapsed = clock.measure { body(iterations) }
        values.append(nanoseconds(elapsed) / Double(iterations))
    }
    return Samples(values: values)
}

/// `async` variant of ``measure(repeats:iterations:_:)``: milliseconds per run.
@MainActor
func measureAsync(repeats: Int, _ body: () async throws -> Void) async rethrows -> Samples {
    let clock = ContinuousClock()
    var values: [Double] = []
    for _ in 0..<repeats {
        let start = clock.now
        try await body()
        values.append(nanoseconds(start.duration(to: clock.now)) / 1e6)
    }
    return Samples(values: values)
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Bytes the allocator has handed out and not yet taken back (glibc's `mallinfo2`, Darwin's malloc
/// zone statistics); 0 where ``allocatorCountsUnavailable`` says why.
func allocatedBytes() -> Int {
    Int(vmk_allocated_bytes())
}

/// Why the memory rows cannot be measured here, or `nil` when ``allocatedBytes()`` counts.
let allocatorCountsUnavailable: String? =
    vmk_allocated_bytes_available() ? nil : "this C library reports no allocation counts"

/// One row of the results table: one measured case, printed once, with every peer it is compared with.
struct Row: Encodable {
    var benchmark: String
    var measured: String
    var unit: String
    var median: Double
    var min: Double
    var max: Double
    /// The peers, each with the library's ratio to it, always in the same direction.
    var comparisons: [Comparison] = []
    var target: String?
    var met: Bool?
    /// Why the case could not be measured here; the figures are then zero and meaningless.
    var unavailable: String?

    init(
        benchmark: String, measured: String, unit: String, median: Double, min: Double, max: Double,
        comparisons: [Comparison] = [], target: String? = nil, met: Bool? = nil, unavailable: String? = nil
    ) {
        self.benchmark = benchmark
        self.measured = measured
        self.unit = unit
        self.median = median
        self.min = min
        self.max = max
        self.comparisons = comparisons
        self.target = target
        self.met = met
        self.unavailable = unavailable
    }

    /// A row of `samples`, compared with each of `peers`.
    init(
        _ benchmark: String, measured: String = "ViewModelKit", unit: String, _ samples: Samples,
        _ peers: [Comparison] = [], target: String? = nil, met: Bool? = nil, unavailable: String? = nil
    ) {
        self.init(
            benchmark: benchmark, measured: measured, unit: unit, median: samples.median, min: samples.min, max: samples.max,
            comparisons: peers, target: target, met: met, unavailable: unavailable
        )
    }
}

/// A peer of a row: its median, and how the library compares with it.
struct Comparison: Encodable {
    var peer: String
    var peerMedian: Double
    /// How many times the library's time is the peer's (for a rate, the peer's rate ÷ the
    /// library's): above 1 the library is slower, below 1 faster. Every row uses this direction.
    var slowdown: Double
    /// The same in words: "1.61× slower", "1.20× faster".
    var words: String

    /// `peer`, whose median is `peerMedian` in the row's `unit`, against the library's `median`;
    /// `slowdown` when the ratio is taken otherwise (the median of paired repetitions' ratios).
    init(_ peer: String, _ peerMedian: Double, against median: Double, unit: String, slowdown: Double? = nil) {
        self.peer = peer
        self.peerMedian = peerMedian
        let higherIsBetter = unit.hasSuffix("/s")
        self.slowdown = slowdown ?? (higherIsBetter ? peerMedian / median : median / peerMedian)
        self.words = Comparison.words(self.slowdown)
    }

    /// "1.61× slower", "1.20× faster", or "as fast" within half a percent.
    static func words(_ slowdown: Double) -> String {
        guard slowdown.isFinite, slowdown > 0 else { return "—" }
        let factor = slowdown >= 1 ? slowdown : 1 / slowdown
        if factor < 1.005 { return "as fast" }
        let text = factor >= 100 ? String(format: "%.0f", factor) : factor >= 10 ? String(format: "%.1f", factor) : String(format: "%.2f", factor)
        return "\(text)× \(slowdown >= 1 ? "slower" : "faster")"
    }
}

func format(_ value: Double) -> String {
    if value.isNaN { return "—" }
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}

/// For a target of "no slower than the peer" where both sides do the same work, so that the
/// measured ratio sits at 1 and its median falls either side of it from run to run: whether the
/// library was slower in so many of the paired repetitions that chance (a fair coin, one-sided, 5%)
/// does not explain it. `ours` and `peer` are times of the same repetitions, measured back to back.
func isSignificantlySlower(ours: Samples, peer: Samples) -> (slower: Int, pairs: Int, threshold: Int, isSlower: Bool) {
    let pairs = min(ours.values.count, peer.values.count)
    let slower = zip(ours.values, peer.values).filter { $0 > $1 }.count
    let threshold = signTestThreshold(pairs: pairs)
    return (slower, pairs, threshold, slower >= threshold)
}

/// The smallest k for which k or more heads in `pairs` tosses of a fair coin has probability 5% or
/// less.
func signTestThreshold(pairs: Int) -> Int {
    guard pairs > 0 else { return 1 }
    // P(X = k) for X ~ Binomial(pairs, 1/2), summed from the top down.
    var tail = 0.0
    var term = pow(0.5, Double(pairs))   // P(X = pairs)
    var k = pairs
    while k >= 0 {
        if tail + term > 0.05 { return k + 1 }
        tail += term
        term *= Double(k) / Double(pairs - k + 1)   // P(X = k − 1) from P(X = k)
        k -= 1
    }
    return 0
}
