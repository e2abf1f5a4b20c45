#if canImport(Testing)
public import Testing

/// A Swift Testing trait that sets the seed and the size of the explorations a test runs
/// (``ExplorationBudget/current``), so that a test states its budget where Swift Testing shows it.
///
/// ```swift
/// @Test(.exploring(seed: 7, runs: 500, steps: 40)) @MainActor
/// func theCounterKeepsItsInvariants() async {
///     await counterExploration.explore()
/// }
/// ```
public struct ExplorationTrait: TestTrait, SuiteTrait, TestScoping {
    /// The budget the test's explorations use.
    public var budget: ExplorationBudget

    /// Applies to each test of a suite.
    public var isRecursive: Bool { true }

    /// Runs `function` with ``budget`` as the current budget.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ExplorationBudget.$current.withValue(budget) { try await function() }
    }
}

extension Trait where Self == ExplorationTrait {
    /// Explorations in the test (each test of a suite) start from `seed` and make at most `runs`
    /// runs of at most `steps` steps.
    public static func exploring(seed: UInt64 = 0, runs: Int = 100, steps: Int = 40) -> Self {
        ExplorationTrait(budget: ExplorationBudget(seed: seed, runs: runs, steps: steps))
    }
}
#endif
