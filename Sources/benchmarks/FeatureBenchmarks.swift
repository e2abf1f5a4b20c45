import ViewModelKitExampleCounter
import Foundation
import ViewModelKitExampleGitHub
import TerminalScreens
import TerminalUI
import TestSupport
import ViewModelKit
import ViewModelKitTesting

/// Case 3: decoding 10,000 of GitHub's full repository objects.
@MainActor
func decodingRows(repeats: Int, fixtures: URL) async throws -> [Row] {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("github/users/kohsuke/repos.json"))
    guard let real = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
    let objects: [[String: Any]] = (0..<10_000).map { index in
        var object = real[index % real.count]
        object["id"] = 10_000_000 + index
        object["name"] = "repository-\(index)"
        object["full_name"] = "octocat/repository-\(index)"
        object["stargazers_count"] = index % 1000
        return object
    }
    let body = try JSONSerialization.data(withJSONObject: objects)
    let megabytes = Double(body.count) / 1_000_000

    // The three decoders take turns within each repetition, the library's and the bare decode each
    // going first in every other one, so drift on a shared machine hits them alike. The library's is
    // the one its clients call (the check of a large body overlaps the decode); it runs on one of
    // Swift's cooperative threads, as the clients' decode does, so the peers run there too rather
    // than on the main thread.
    let decoders: [() async throws -> Int] = [
        { try await GitHubRepository.decodeListConcurrently(from: body, source: "benchmark").count },
        { try await onCooperativeThread { try JSONDecoder().decode([GitHubRepository].self, from: body).count } },
        { try await onCooperativeThread { (try JSONSerialization.jsonObject(with: body) as? [Any])?.count ?? 0 } },
    ]
    let clock = ContinuousClock()
    var times: [[Double]] = [[], [], []]
    for decode in decoders { consume(try await decode()) }
    for repetition in 0..<repeats {
        let order = repetition.isMultiple(of: 2) ? [0, 1, 2] : [1, 0, 2]
        for index in order {
            let start = clock.now
            consume(try await decoders[index]())
            times[index].append(nanoseconds(start.duration(to: clock.now)) / 1e6)
        }
    }
    let library = Samples(values: times[0])
    let bare = Samples(values: times[1])
    let serialization = Samples(values: times[2])
    // A 200 ms decode moves by a tenth or more from one repetition to the next on a shared machine,
    // more than the target's margin; the two measured back to back move together. So the ratio is
    // the median of the repetitions' ratios, as in the Observation interop rows.
    let overhead = Samples(values: zip(library.values, bare.values).map { $0 / $1 }).median
    return [
        Row("decode 10,000 full repositories (\(format(megabytes)) MB)", measured: "ViewModelKit decodeListConcurrently", unit: "ms",
            library, [Comparison("bare JSONDecoder", bare.median, against: library.median, unit: "ms", slowdown: overhead)],
            target: "at most 1.05× slower than the bare decode (the median of the repetitions' ratios)", met: overhead <= 1.05),
        Row(benchmark: "decode throughput", measured: "ViewModelKit decodeListConcurrently", unit: "MB/s",
            median: megabytes / (library.median / 1000), min: megabytes / (library.max / 1000), max: megabytes / (library.min / 1000),
            comparisons: [Comparison("JSONSerialization (same bytes)", megabytes / (serialization.median / 1000),
                                     against: megabytes / (library.median / 1000), unit: "MB/s")]),
    ]
}

/// Case 4: 25 pages at 50 ms each on the loopback server, concurrent against `next`-following.
@MainActor
func paginationRows(repeats: Int) async throws -> [Row] {
    let objects: [[String: Any]] = (0..<2450).map { index in
        ["id": index, "name": "repo-\(index)", "full_name": "octocat/repo-\(index)", "stargazers_count": index % 200,
         "description": "Repository \(index)", "fork": false, "archived": false]
    }
    let body = try JSONSerialization.data(withJSONObject: objects)
    let latency = Duration.milliseconds(50)
    let concurrentServer = try FakeGitHubServer(repositories: ["octocat": body], options: .init(latency: latency))
    let sequentialServer = try FakeGitHubServer(repositories: ["octocat": body], options: .init(includeLastLink: false, latency: latency))
    let concurrent = try await measureAsync(repeats: repeats) {
        let repositories = try await GithubAPIClient(baseURL: concurrentServer.baseURL).fetchRepositories(user: "octocat")
        consume(repositories.count)
    }
    let sequential = try await measureAsync(repeats: repeats) {
        let repositories = try await GithubAPIClient(baseURL: sequentialServer.baseURL).fetchRepositories(user: "octocat")
        consume(repositories.count)
    }
    let ideal = Double(1 + (24 + 5) / 6) * 50
    let speedup = sequential.median / concurrent.median
    return [
        Row("25 pages × 50 ms latency", measured: "concurrent (6 in flight)", unit: "ms", concurrent, [
            Comparison("sequential next-following", sequential.median, against: concurrent.median, unit: "ms"),
            Comparison("ideal (1 + ⌈24/6⌉) × 50 ms", ideal, against: concurrent.median, unit: "ms"),
        ], target: "≥ 4× faster than sequential, at most 1.3× slower than ideal",
        met: speedup >= 4 && concurrent.median <= ideal * 1.3),
    ]
}

/// A client that answers at once.
private struct InstantClient: GithubAPIClientProtocol {
    func fetchRepositories(user: String) async throws -> [GitHubRepository] { [] }
}

private struct NoFacts: NumberFactClientProtocol {
    func fetchFact(number: Int) async throws -> String { "\(number)" }
}

/// Case 5: the counter's 10-minute timer and the 300 ms search debounce, on `TestClock` against
/// `ContinuousClock` (report only).
@MainActor
func timeRows(repeats: Int, realTicks: Int) async -> [Row] {
    func tenMinutes() async {
        let clock = TestClock()
        let counter = CounterViewModel(client: NoFacts(), clock: clock)
        counter.toggleTimerButtonTapped()
        await clock.advance(by: .seconds(600))
        counter.toggleTimerButtonTapped()
        consume(counter.count)
    }
    // In a main-actor scheduling scope and without one, the clock yields a fixed number of times
    // after each tick (`VMK_SETTLE_YIELDS`); in the scope every job is a turn of the main queue.
    let timer = await measureAsync(repeats: repeats) { await withMainActorScheduling { await tenMinutes() } }
    let unscoped = await measureAsync(repeats: repeats) { await tenMinutes() }
    // The same timer on the real clock, for a few ticks; ten minutes is that times 600 / ticks.
    let real = await measureAsync(repeats: 1) {
        let counter = CounterViewModel(client: NoFacts(), clock: ContinuousClock())
        counter.toggleTimerButtonTapped()
        for await count in counter.values(of: \.count) where count >= realTicks { break }
        counter.toggleTimerButtonTapped()
    }
    let realTenMinutes = real.median * 600 / Double(realTicks)

    func debounce(_ clock: any Clock<Duration>, advance: @escaping () async -> Void) async -> Samples {
        await measureAsync(repeats: repeats) {
            let viewModel = GitHubRepositoryViewModel(client: InstantClient(), clock: clock)
            for text in ["a", "ap", "app", "apple"] { viewModel.userNameChanged(text) }
            await advance()
            for await repositories in viewModel.values(of: \.majorRepositories) where repositories != nil { break }
        }
    }
    let testClock = TestClock()
    let debounced = await debounce(testClock) { await testClock.advance(by: .milliseconds(300)) }
    let realDebounce = await debounce(ContinuousClock()) {}
    return [
        Row("counter timer, 10 simulated minutes, main-actor scheduling", measured: "TestClock", unit: "ms", timer,
            [Comparison("ContinuousClock (measured \(realTicks) ticks, scaled to 600)", realTenMinutes, against: timer.median, unit: "ms")]),
        Row(benchmark: "counter timer, one tick of 600, main-actor scheduling", measured: "TestClock", unit: "µs/tick",
            median: timer.median * 1_000 / 600, min: timer.min * 1_000 / 600, max: timer.max * 1_000 / 600,
            target: "≤ 10 µs a tick (10 simulated minutes ≤ 6 ms)", met: timer.median * 1_000 / 600 <= 10),
        Row("counter timer, 10 simulated minutes, no scope", measured: "TestClock", unit: "ms", unscoped,
            [Comparison("the same in a main-actor scheduling scope", timer.median, against: unscoped.median, unit: "ms")],
            target: "≤ 30 ms (50 µs a tick)", met: unscoped.median <= 30),
        Row("search debounce (4 keystrokes, 300 ms)", measured: "TestClock", unit: "ms", debounced,
            [Comparison("ContinuousClock", realDebounce.median, against: debounced.median, unit: "ms")]),
    ]
}

/// Case 6: rendering and diffing one frame of the interactive list with 1,000 repositories at 200×60.
@MainActor
func renderRows(repeats: Int) -> [Row] {
    let repositories = (0..<1000).map {
        GitHubRepository(id: $0, name: "repository-\($0)", stargazersCount: ($0 * 37) % 5000,
                         description: "A repository with a description long enough to be cut at the edge of the screen #\($0)")
    }
    var state = ReposScreen.State(userName: "octocat", focus: .list, repositories: repositories, totalCount: 1200)
    var differ = FrameDiffer()
    consume(differ.output(for: ReposScreen.render(state, columns: 200, rows: 60)))
    let samples = measure(repeats: repeats, iterations: 200) { n in
        for i in 0..<n {
            state.selection = (i % 2) * 30
            let frame = ReposScreen.render(state, columns: 200, rows: 60)
            consume(differ.output(for: frame).utf8.count)
        }
    }
    return [Row(benchmark: "render + diff, 1,000 repositories at 200×60", measured: "ReposScreen + FrameDiffer", unit: "µs/frame",
                median: samples.median / 1000, min: samples.min / 1000, max: samples.max / 1000)]
}

/// Runs `work` on one of Swift's cooperative threads, whatever the caller's executor.
@concurrent
private func onCooperativeThread(_ work: @Sendable () throws -> Int) async rethrows -> Int {
    try work()
}
