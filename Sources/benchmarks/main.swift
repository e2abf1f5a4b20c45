import Foundation
import TestSupport

// `swift run -c release benchmarks [--json PATH] [--quick]`: every case against its peer, measured
// in the same run; medians over repetitions, with the spread. `--long-lived-fetch CLIENT URL` runs
// the long-lived program that `Scripts/long-lived-memory.py` measures instead.

let arguments = CommandLine.arguments.dropFirst()
if let flag = arguments.firstIndex(of: "--long-lived-fetch"), arguments.index(flag, offsetBy: 2) < arguments.endIndex,
   let url = URL(string: arguments[arguments.index(flag, offsetBy: 2)]) {
    await runLongLivedFetch(client: arguments[arguments.index(after: flag)], url: url)
}
let quick = arguments.contains("--quick")
let jsonPath = arguments.firstIndex(of: "--json").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
let repeats = quick ? 3 : 11
/// `--only TEXT`: run only the cases whose group name contains TEXT (for profiling).
let only = arguments.firstIndex(of: "--only").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
func wanted(_ group: String) -> Bool { only.map { group.contains($0) } ?? true }

/// The package's own `Fixtures/`.
let fixtures = TestPaths.fixtures

var rows: [Row] = []
@MainActor
func report(_ new: [Row]) {
    for row in new {
        if let reason = row.unavailable {
            print("\(row.benchmark) | \(row.measured): unavailable (\(reason))")
            continue
        }
        var line = "\(row.benchmark) | \(row.measured): \(format(row.median)) \(row.unit) [\(format(row.min))–\(format(row.max))]"
        if !row.comparisons.isEmpty {
            line += " | " + row.comparisons.map { "vs \($0.peer) \(format($0.peerMedian)): \($0.words)" }.joined(separator: "; ")
        }
        if let target = row.target, let met = row.met { line += " | target \(target): \(met ? "met" : "MISSED")" }
        print(line)
    }
    rows += new
}

if wanted("write") { report(observedWriteRows(repeats: repeats)) }
if wanted("interop") { report(observationInteropRows(repeats: quick ? repeats : 21)) }
if wanted("collections") { report(collectionRows(repeats: repeats)) }
if wanted("subscribe") { report(subscriptionRows(repeats: repeats)) }
do {
    if wanted("decode") { report(try await decodingRows(repeats: quick ? 2 : 11, fixtures: fixtures)) }
    if wanted("pagination") { report(try await paginationRows(repeats: quick ? 2 : 5)) }
} catch {
    print("benchmarks: \(error)")
    exit(1)
}
if wanted("time") { report(await timeRows(repeats: quick ? 2 : 5, realTicks: quick ? 1 : 3)) }
if wanted("render") { report(renderRows(repeats: repeats)) }
if wanted("IdentifiedArray") { report(identifiedArrayRows(repeats: repeats)) }
if wanted("exploration") { report(await explorationRows(repeats: quick ? 2 : 5)) }
if wanted("exploration") { report(await explorationDrawRows(repeats: quick ? 2 : 5)) }

if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
        try encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        print("benchmarks: could not write \(jsonPath): \(error)")
        exit(1)
    }
}
let missed = rows.filter { $0.met == false }
print(missed.isEmpty ? "All targets met." : "Targets missed: \(missed.map { "\($0.benchmark) (\($0.target ?? ""))" }.joined(separator: "; "))")
