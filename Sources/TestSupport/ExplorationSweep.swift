internal import Foundation

/// The long check of the features' explorations: under `VMK_EXPLORATION_SWEEP` (set by `.ci/run`
/// for its release-build stage), each exploration test also explores 5 more seeds of 1,000 runs,
/// and must find nothing on the view models as they are. A plain `swift test` runs each test's own
/// budget only.
///
/// ```swift
/// for seed in ExplorationSweep.seeds {
///     await exploration.explore(ExplorationBudget(seed: seed, runs: ExplorationSweep.runs, steps: 40))
/// }
/// ```
public enum ExplorationSweep {
    /// Whether the sweep was asked for.
    public static var isOn: Bool { ProcessInfo.processInfo.environment["VMK_EXPLORATION_SWEEP"] != nil }

    /// The sweep's seeds: none unless ``isOn``.
    public static var seeds: [UInt64] { isOn ? (1...5).map { UInt64($0) * 7_919 } : [] }

    /// The runs of each seed of the sweep.
    public static let runs = 1_000
}
