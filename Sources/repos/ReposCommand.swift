import Foundation
import ViewModelKitExampleGitHub
import TerminalScreens
import TerminalUI
import ViewModelKit
import ViewModelKitRecording

/// The `repos` program: wires a client into ``GitHubRepositoryViewModel`` and prints what it shows.
@MainActor
enum ReposCommand {
    /// Runs the command and returns its exit status.
    /// - Parameters:
    ///   - arguments: The arguments without the program name.
    ///   - environment: `GITHUB_TOKEN` and `GITHUB_API_URL` are read from it.
    ///   - defaultFixtures: The directory `--offline` reads.
    ///   - output: Receives standard output text.
    ///   - errorOutput: Receives standard error text.
    ///   - onTerminal: Whether standard input and output are a terminal (no user then means interactive).
    ///   - errorIsTerminal: Whether standard error is a terminal (then a spinner shows while loading).
    static func run(
        arguments: [String],
        environment: [String: String],
        defaultFixtures: URL,
        output: (String) -> Void,
        errorOutput: @escaping (String) -> Void,
        onTerminal: Bool = false,
        errorIsTerminal: Bool = false
    ) async -> Int32 {
        let options: ReposOptions
        do {
            switch try ReposOptions.parse(arguments, environment: environment, defaultFixtures: defaultFixtures, onTerminal: onTerminal) {
            case .help:
                output(ReposOptions.usage + "\n")
                return 0
            case .run(let parsed):
                options = parsed
            case .record(let record):
                return await runRecord(record, environment: environment, output: output, errorOutput: errorOutput)
            case .interactive(let interactive):
                return await runInteractive(interactive, environment: environment, errorOutput: errorOutput)
            }
        } catch {
            errorOutput("repos: \(error.description)\n\n\(ReposOptions.usage)\n")
            return 2
        }

        if let problem = fixtureDirectoryProblem(options.source) {
            errorOutput("repos: \(problem)\n\n\(ReposOptions.usage)\n")
            return 2
        }
        let viewModel = GitHubRepositoryViewModel(
            client: makeClient(options.source, environment: environment, errorOutput: errorOutput), minimumStars: options.minimumStars
        )
        // On a terminal, a spinner on standard error while loading; never escape codes on standard output.
        let spinner = SpinnerDriver()
        let spinning = errorIsTerminal ? spinner.observe(\.tick) { _ in errorOutput("\r\(spinner.frame) loading \(options.user)…") } : nil
        spinner.setSpinning(errorIsTerminal)
        // Ctrl-C (or SIGTERM, SIGHUP) while the spinner shows must not leave it on the line.
        let lineGuard = errorIsTerminal ? SpinnerLineGuard() : nil
        // The spinner stops and its line is cleared as soon as the load ends, before anything is
        // printed: standard output and standard error may be the same terminal.
        var spinnerStopped = false
        func stopSpinner() {
            guard !spinnerStopped else { return }
            spinnerStopped = true
            lineGuard?.release()
            spinner.setSpinning(false)
            spinning?.cancel()
            if errorIsTerminal { errorOutput("\r\u{1B}[K") }
        }
        defer { stopSpinner() }
        do {
            try await viewModel.load(user: options.user)
        } catch {
            stopSpinner()
            errorOutput("repos: \(viewModel.error?.description ?? String(describing: error))\n")
            return 1
        }
        stopSpinner()

        let major = viewModel.majorRepositories ?? []
        if options.json {
            output(renderJSON(major))
        } else if major.isEmpty {
            let count = viewModel.repositories?.count ?? 0
            output("\(options.user) has no repository with \(options.minimumStars) or more stars (\(count) checked).\n")
        } else {
            output(renderTable(major))
        }
        return 0
    }

    /// Why `source`'s fixture directory cannot be read (it does not exist or is not a directory), if so.
    static func fixtureDirectoryProblem(_ source: RepositorySource) -> String? {
        guard case .fixtures(let directory) = source else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            return "the fixture directory \(directory.path.quotedForUsage) does not exist"
        }
        return isDirectory.boolValue ? nil : "the fixture directory \(directory.path.quotedForUsage) is not a directory"
    }

    /// The client for `source`; a cache directory that is not safe to use is reported on `errorOutput`
    /// (once) and the client goes on without it.
    static func makeClient(
        _ source: RepositorySource, environment: [String: String], errorOutput: (String) -> Void
    ) -> any GitHubClientProtocol {
        switch source {
        case .live(let baseURL, let cacheDirectory, let deadline):
            let cache = ResponseCache(directory: cacheDirectory)
            if let directory = cacheDirectory, let problem = cache.directoryProblem {
                errorOutput("repos: not using the cache directory \(directory.path.quotedForUsage): \(problem); continuing without a cache\n")
            }
            return GithubAPIClient(baseURL: baseURL, token: environment["GITHUB_TOKEN"], deadline: deadline, cache: cache)
        case .fixtures(let directory):
            return FixtureGithubAPIClient(directory: directory)
        }
    }

    /// `repos --interactive`: the full-screen browser.
    static func runInteractive(
        _ options: InteractiveOptions, environment: [String: String], errorOutput: (String) -> Void
    ) async -> Int32 {
        if let problem = fixtureDirectoryProblem(options.source) {
            errorOutput("repos: \(problem)\n\n\(ReposOptions.usage)\n")
            return 2
        }
        guard let terminal = Terminal() else {
            errorOutput("repos: --interactive needs a terminal (stdin and stdout must be a TTY)\n")
            return 2
        }
        let client = makeClient(options.source, environment: environment, errorOutput: errorOutput)
        // --record-test: the session's time, dates and GitHub's answers are recorded with it.
        let answers = RecordedAnswers()
        let recordingClock = RecordingClock(ContinuousClock())
        let dates = RecordingDateGenerator(wholeSecondsNow)
        let navigation = options.recordTest == nil
            ? GitHubNavigationViewModel(client: client, minimumStars: options.minimumStars)
            : GitHubNavigationViewModel(
                client: GitHubClientDouble(answers: answers, live: client), minimumStars: options.minimumStars,
                clock: recordingClock, now: dates.generator
            )
        // Started before the browser, so that loading an initial user is part of the session.
        let recorder = options.recordTest.map { _ in
            ReposRecording.recorder(for: navigation, clock: recordingClock, answers: answers, minimumStars: options.minimumStars, dates: dates)
        }
        let browser = ReposBrowser(navigation: navigation, initialUser: options.user)
        let spinner = SpinnerDriver()
        let app = TerminalApp(terminal: terminal)
        let subscriptions = [
            // The browser owns the whole stack: its changes include every screen's.
            browser.observeChanges {
                spinner.setSpinning(browser.isLoadingOnScreen)
                app.setNeedsRender()
            },
            spinner.observeChanges { app.setNeedsRender() },
        ]
        spinner.setSpinning(browser.isLoadingOnScreen)
        defer { withExtendedLifetime(subscriptions) {} }
        do {
            try await app.run(
                render: { columns, rows in
                    if let detail = browser.detail {
                        let state = RepositoryDetailScreen.State(detail, depth: browser.navigation.path.count, spinner: spinner.frame)
                        return RepositoryDetailScreen.render(state, columns: columns, rows: rows)
                    }
                    return ReposScreen.render(.init(browser, spinner: spinner.frame), columns: columns, rows: rows)
                },
                handle: { key in recorder.map { $0.userAction { browser.handle(key) } } ?? browser.handle(key) }
            )
            if let recorder, let directory = options.recordTest {
                let test = ReposRecording.test(
                    source: describe(options.source), minimumStars: options.minimumStars, dates: dates,
                    secrets: [environment["GITHUB_TOKEN"] ?? ""]
                )
                do {
                    let problems = try recorder.writeTest(test, to: directory)
                    for problem in problems { errorOutput("repos: the recorded test cannot replay this: \(problem)\n") }
                } catch {
                    errorOutput("repos: could not write the recorded test into \(directory.path): \(error.localizedDescription)\n")
                    return 1
                }
                errorOutput("Wrote the session's test to \(directory.appendingPathComponent("GitHubSessionTests.swift").path)\n")
            }
            return 0
        } catch {
            errorOutput("repos: terminal error: \(error)\n")
            return 1
        }
    }

    /// Where `source` reads from, for the recorded test's comment (no URL: it may hold credentials).
    static func describe(_ source: RepositorySource) -> String {
        switch source {
        case .live: "live GitHub"
        case .fixtures: "fixtures"
        }
    }

    /// `repos record`: fetches live, writes the fixture file, says where.
    static func runRecord(
        _ options: RecordOptions,
        environment: [String: String],
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) async -> Int32 {
        let client = GithubAPIClient(baseURL: options.apiURL, token: environment["GITHUB_TOKEN"], deadline: options.deadline)
        do {
            let (file, count) = try await GitHubFixtureRecorder(client: client).record(user: options.user, into: options.directory)
            output("Recorded \(count) repositories of \(options.user) to \(file.path)\n")
            return 0
        } catch let error as FetcherError {
            errorOutput("repos: \(error.description)\n")
        } catch let error as FixtureRecordingError {
            errorOutput("repos: \(error.description)\n")
        } catch {
            errorOutput("repos: could not write the fixture: \(error.localizedDescription)\n")
        }
        return 1
    }

    /// One line per repository: name, stars, description, in columns aligned by display width (a
    /// CJK character or an emoji takes two columns), with control characters made harmless.
    nonisolated static func renderTable(_ repositories: [GitHubRepository]) -> String {
        let names = repositories.map { TextLayout.sanitize($0.name) }
        let stars = repositories.map { String($0.stargazersCount) }
        let nameWidth = names.map(TextLayout.width(of:)).max() ?? 0
        let starWidth = stars.map(\.count).max() ?? 0
        var text = ""
        for (index, repository) in repositories.enumerated() {
            let name = TextLayout.pad(names[index], toWidth: nameWidth)
            let star = String(repeating: " ", count: starWidth - stars[index].count) + stars[index]
            let description = TextLayout.sanitize(repository.description ?? "")
            text += TextLayout.trimmingTrailingSpaces("\(name)  \(star) ★  \(description)") + "\n"
        }
        return text
    }

    /// A pretty-printed JSON array with GitHub's keys, in a stable key order.
    nonisolated static func renderJSON(_ repositories: [GitHubRepository]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(repositories), let text = String(data: data, encoding: .utf8) else {
            return "[]\n"
        }
        // NB: JSONEncoder leaves DEL and the C1 controls as they are; a terminal acts on C1 (U+009B is a
        // CSI). Outside strings JSON is ASCII, so escaping them in the whole text escapes them in strings.
        guard text.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return text + "\n" }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                escaped += "\\u00" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\n"
    }
}
