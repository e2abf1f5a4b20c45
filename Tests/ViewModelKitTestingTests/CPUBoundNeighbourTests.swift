import Foundation
import Testing

// CPU-bound tests with no clock and no tester, for `Scripts/parallelism.sh`: it runs them alone and
// beside `ParallelTesterStressTests` (with and without main-actor scheduling) and compares how long
// they take. They run only when `VMK_PARALLELISM_PROBE` is set, since the figure is a measurement,
// never a test's verdict.

/// Counts the primes below `limit` by trial division: work for one core, with no suspension.
private func primes(below limit: Int) -> Int {
    var count = 0
    for candidate in 2..<limit {
        var divisor = 2
        var isPrime = true
        while divisor * divisor <= candidate {
            if candidate % divisor == 0 { isPrime = false; break }
            divisor += 1
        }
        if isPrime { count += 1 }
    }
    return count
}

@Suite(.enabled(if: ProcessInfo.processInfo.environment["VMK_PARALLELISM_PROBE"] != nil))
struct CPUBoundNeighbourTests {
    @Test(arguments: 0..<8)
    func countPrimes(_ index: Int) async {
        // Each case hops to the global executor between slices, as async CPU-bound code does.
        var total = 0
        for _ in 0..<20 {
            total += primes(below: 60_000)
            await Task.yield()
        }
        #expect(total == 20 * 6_057)
    }
}
