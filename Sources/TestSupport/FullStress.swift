internal import Foundation

/// The one switch for the long runs: `VMK_FULL_STRESS` (set by `.ci/run`; see CONTRIBUTING.md). A
/// plain `swift test` runs each stress scenario a few times, or over a shorter span of simulated
/// time; under the switch it runs the full count.
///
/// ```swift
/// let ticks = FullStress.count(60, full: 600)   // ten simulated minutes under the switch
/// ```
public enum FullStress {
    /// Whether the full stress run was asked for.
    public static var isOn: Bool { ProcessInfo.processInfo.environment["VMK_FULL_STRESS"] != nil }

    /// `full` under the switch, else `plain`.
    public static func count(_ plain: Int, full: Int) -> Int { isOn ? full : plain }
}
