public import ViewModelKit
public import Foundation
internal import Synchronization

// A campaign: many runs from consecutive seeds, the first failure shrunk and reported, and the
// health of the intents; with its budget, report and failure.

extension Exploration {
    /// Runs a campaign: `budget.runs` runs of at most `budget.steps` steps, the n-th from seed
    /// `budget.seed + n`. The first failure is checked for a replay, shrunk, and reported to
    /// `reporter` (failing the running test, with the campaign's ``ExplorationReport/timing``); the
    /// timing and any health warning (an intent never enabled, one that never ran) are printed.
    ///
    /// - Parameters:
    ///   - budget: The seed and sizes; by default the ``ExplorationBudget/current`` one (set by the
    ///     `.exploring(…)` trait), else ``ExplorationBudget/init(seed:runs:steps:)``'s defaults.
    ///   - reporter: Where a failure goes; the running test by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    /// - Returns: What the campaign found, and how its intents fared.
    @discardableResult
    public func explore(
        _ budget: ExplorationBudget? = nil,
        reporter: any IssueReporter = TestIssueReporter(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ExplorationReport {
        let budget = budget ?? ExplorationBudget.current ?? ExplorationBudget()
        var report = ExplorationReport(budget: budget)
        var answered: Set<String> = []
        var enabled = Array(repeating: 0, count: intents.count)
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<budget.runs {
            let runSeed = budget.seed &+ UInt64(index)
            var choices = ChoiceSequence(seed: runSeed)
            let outcome = await run(&choices, steps: budget.steps)
            report.runs += 1
            report.steps += outcome.steps.count
            report.ran.merge(outcome.ran, uniquingKeysWith: +)
            report.rejected.merge(outcome.rejected, uniquingKeysWith: +)
            for (index, count) in outcome.enabled.enumerated() { enabled[index] += count }
            answered.formUnion(outcome.answered)
            guard let broken = outcome.failure else { continue }
            report.duration = start.duration(to: clock.now)
            report.failure = await shrink(outcome, broken: broken, seed: runSeed, steps: budget.steps)
            report.shrinkDuration = start.duration(to: clock.now) - report.duration
            break
        }
        if report.failure == nil { report.duration = start.duration(to: clock.now) }
        for (intent, count) in zip(intents, enabled) { report.enabled[intent.name, default: 0] += count }
        report.warnings = healthWarnings(report, answered: answered)
        if printsReport {
            print("Exploration, \(budget): \(report.timing)")
            for warning in report.warnings { print("Exploration warning: \(warning)") }
        }
        if let failure = report.failure {
            let unwritten = test == nil
                ? "\nNot written as a test: say how the test makes the view model, with the test's clock and answers "
                    + "(.writingTests(subject: \"\(Model.self)(…)\"))."
                : ""
            reporter.reportIssue(
                failure.description + "\n" + report.timing + unwritten, fileID: fileID, filePath: filePath, line: line, column: column
            )
            if failure.testSource != nil {
                var files = failure.testFiles
                let directory = ProcessInfo.processInfo.environment["VMK_EXPLORATION_OUTPUT"].flatMap { $0.isEmpty ? nil : $0 }
                if let directory {
                    // Another exploration of this process may have written a different test under
                    // the same name (two in one test method): this one gets a name of its own.
                    files = ExploredTestOutput.claimName(for: files)
                    do {
                        try ExploredTestOutput.write(files, to: URL(fileURLWithPath: directory, isDirectory: true))
                    } catch {
                        reporter.reportIssue(
                            "Could not write the explored test to \(directory) (VMK_EXPLORATION_OUTPUT): \(error)",
                            fileID: fileID, filePath: filePath, line: line, column: column
                        )
                    }
                }
                if let source = files.first.flatMap({ String(data: $0.contents, encoding: .utf8) }) {
                    print("The shrunk run as a test" + (directory.map { " (written to \($0)/\(files[0].name))" } ?? "") + ":\n\n\(source)")
                }
            }
        }
        return report
    }

    func healthWarnings(_ report: ExplorationReport, answered: Set<String>) -> [String] {
        var warnings: [String] = []
        for intent in intents {
            let ran = report.ran[intent.name] ?? 0, rejected = report.rejected[intent.name] ?? 0
            if !drawsAmongEnabledIntents {
                if ran == 0 {
                    warnings.append("\(intent.name) never ran in \(report.runs) runs" + (rejected > 0 ? " (its precondition turned away all \(rejected) draws)" : ""))
                } else if rejected > ran {
                    warnings.append("\(intent.name)'s precondition turned away \(rejected) of \(ran + rejected) draws")
                }
            } else if report.enabled[intent.name, default: 0] == 0 {
                warnings.append("\(intent.name) was never enabled in \(report.runs) runs: its precondition held before no step")
            } else if ran == 0 {
                warnings.append("\(intent.name) never ran in \(report.runs) runs (its precondition held before \(counted(report.enabled[intent.name, default: 0], "step")))")
            }
        }
        guard report.failure == nil else { return warnings }
        for name in responders.keys.sorted() where !answered.contains(name) {
            warnings.append("no call of \(name) was answered in \(report.runs) runs")
        }
        return warnings
    }
}

/// The seed and the size of an exploration campaign.
///
/// ```swift
/// @Test(.exploring(seed: 7, runs: 500)) func counterHolds() async {
///     await counterExploration.explore()          // reads the trait's budget
/// }
/// ```
public struct ExplorationBudget: Sendable, Hashable, CustomStringConvertible {
    /// The first run's seed; the n-th run's is `seed + n`.
    public var seed: UInt64
    /// How many runs at most.
    public var runs: Int
    /// How many steps a run takes at most.
    public var steps: Int

    /// A budget: by default seed 0, 100 runs of at most 40 steps.
    public init(seed: UInt64 = 0, runs: Int = 100, steps: Int = 40) {
        self.seed = seed
        self.runs = runs
        self.steps = steps
    }

    /// The budget a trait or ``withBudget(_:isolation:_:)`` set for the running code, if any.
    @TaskLocal public static var current: ExplorationBudget?

    /// Runs `operation` with `budget` as the ``current`` one.
    public static func withBudget<Result>(
        _ budget: ExplorationBudget, isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $current.withValue(budget, operation: operation, isolation: isolation)
    }

    /// `seed 7, 300 runs of at most 40 steps`.
    public var description: String { "seed \(seed), \(runs) runs of at most \(steps) steps" }
}

/// What an exploration campaign found, and how its intents fared.
public struct ExplorationReport: Sendable {
    /// The campaign's budget.
    public var budget: ExplorationBudget
    /// The first failure, shrunk; `nil` when every run held.
    public var failure: ExplorationFailure?
    /// How many runs were made.
    public var runs = 0
    /// How many steps they took in all.
    public var steps = 0
    /// How often each intent ran, by name.
    public var ran: [String: Int] = [:]
    /// Before how many steps each intent's precondition held, by name: the steps it could be drawn at.
    public var enabled: [String: Int] = [:]
    /// How often each intent's precondition turned a draw away, by name: only when the exploration
    /// draws among all its intents (the benchmarks' "before"), each such draw a step that did nothing.
    package var rejected: [String: Int] = [:]
    /// What looks unhealthy: an intent never enabled (its precondition never held), one that never
    /// ran, a client method never answered.
    public var warnings: [String] = []
    /// How long the runs took, up to and including the one that failed.
    public var duration: Duration = .zero
    /// How long replaying, shrinking and writing the failure took; zero when nothing failed.
    public var shrinkDuration: Duration = .zero

    /// The steps run a second, shrinking left out.
    public var stepsPerSecond: Double {
        let seconds = duration / .seconds(1)
        return seconds > 0 ? Double(steps) / seconds : 0
    }

    /// The campaign's time: `300 runs, 11204 steps in 0.52 s (21546 steps a second); shrunk in
    /// 0.08 s (94 replays)`.
    public var timing: String {
        var text = "\(counted(runs, "run")), \(counted(steps, "step")) in \(secondsText(duration))"
            + " (\(Int(stepsPerSecond.rounded())) steps a second)"
        if let failure {
            text += failure.nondeterminism == nil
                ? "; shrunk in \(secondsText(shrinkDuration)) (\(counted(failure.shrinkReplays, "replay")))"
                : "; replayed in \(secondsText(shrinkDuration))"
        }
        return text
    }
}

/// `0.52 s`.
private func secondsText(_ duration: Duration) -> String {
    let seconds = duration / .seconds(1)
    return seconds >= 10 ? "\(Int(seconds.rounded())) s" : String(format: "%.2f s", seconds)
}

/// The explorations' written tests of this process, by file name: a different test under a name
/// already written gets a name of its own, so that two explorations (in one test method, or one
/// per seed of a sweep) never overwrite each other's file.
enum ExploredTestOutput {
    private static let written = Mutex<[String: Data]>([:])

    /// `files`, renamed (`CounterExploredRun2Tests.swift`, class `CounterExploredRun2Tests`) when
    /// another test was written under their name; the name is then taken.
    static func claimName(for files: [ExploredTestFile]) -> [ExploredTestFile] {
        guard let test = files.first, test.name.hasSuffix("Tests.swift") else { return files }
        let base = String(test.name.dropLast("Tests.swift".count))
        return written.withLock { written in
            var number = 1
            while true {
                let name = number == 1 ? base : "\(base)\(number)"
                var renamed = files
                if number > 1 {
                    // The class, and the data files it reads (`<class>.<value>.json`).
                    let text = String(decoding: test.contents, as: UTF8.self)
                        .replacingOccurrences(of: "class \(base)Tests:", with: "class \(name)Tests:")
                        .replacingOccurrences(of: "\"\(base)Tests.", with: "\"\(name)Tests.")
                    renamed[0] = ExploredTestFile(name: "\(name)Tests.swift", contents: Data(text.utf8))
                    for index in renamed.indices.dropFirst() where renamed[index].name.hasPrefix("\(base)Tests.") {
                        renamed[index].name = "\(name)Tests." + renamed[index].name.dropFirst("\(base)Tests.".count)
                    }
                }
                let key = renamed[0].name
                if written[key] == nil || written[key] == renamed[0].contents {
                    written[key] = renamed[0].contents
                    return renamed
                }
                number += 1
            }
        }
    }

    /// Writes `files` into `directory` (created if missing).
    static func write(_ files: [ExploredTestFile], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.name), options: .atomic)
        }
    }
}

/// A run that broke an invariant, shrunk.
public struct ExplorationFailure: Sendable, Equatable, CustomStringConvertible {
    /// The invariant that broke.
    public var invariant: String
    /// What a built-in invariant saw; empty for the feature's own.
    public var detail: String
    /// The step after which it broke, from 1.
    public var step: Int
    /// The steps, in order, up to that one.
    public var steps: [String]
    /// The seed of the run that found it.
    public var seed: UInt64
    /// How many steps the run had before shrinking.
    public var unshrunkLength: Int
    /// How many candidate runs shrinking replayed.
    public var shrinkReplays: Int
    /// The first step after which every random continuation tried broke the invariant too (0: the
    /// view model breaks it whatever happens), or `nil` if none.
    public var pointOfNoReturn: Int?
    /// Why the run was not shrunk, when its choices did not replay it.
    public var nondeterminism: String?
    /// The shrunk run as an XCTest file and the data files it reads, when the exploration was told
    /// how to write it (``Exploration/writingTests(_:)``).
    public var testFiles: [ExploredTestFile] = []
    /// What the written test could not say as the exploration saw it: a child it takes as the view
    /// model shows it, with the call that says how to make one.
    public var testNotes: [String] = []

    /// The text of the written test, if there is one.
    public var testSource: String? {
        testFiles.first.flatMap { String(data: $0.contents, encoding: .utf8) }
    }

    /// Writes ``testFiles`` into `directory` (created if missing).
    public func writeTestFiles(to directory: URL) throws {
        try ExploredTestOutput.write(testFiles, to: directory)
    }

    /// The failure as a test failure's message.
    public var description: String {
        var lines = ["Exploration broke \"\(invariant)\" at step \(step) of \(steps.count) (seed \(seed)"
            + (nondeterminism == nil ? ", shrunk from \(unshrunkLength) steps in \(shrinkReplays) replays):" : "):")]
        if !detail.isEmpty { lines.append("  \(detail)") }
        for (index, step) in steps.enumerated() { lines.append("  \(index + 1). \(step)") }
        if let pointOfNoReturn, pointOfNoReturn < step {
            lines.append(pointOfNoReturn == 0
                ? "Every random run tried broke it: the view model breaks it from the start."
                : "After step \(pointOfNoReturn), every random continuation tried broke it too.")
        }
        if let nondeterminism { lines.append("Not shrunk: \(nondeterminism).") }
        for note in testNotes { lines.append("The written test: \(note).") }
        return lines.joined(separator: "\n")
    }
}
