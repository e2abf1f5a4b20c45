import Foundation
import GitHubRepositories

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
    static func run(
        arguments: [String],
        environment: [String: String],
        defaultFixtures: URL,
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) async -> Int32 {
        let options: ReposOptions
        do {
            switch try ReposOptions.parse(arguments, environment: environment, defaultFixtures: defaultFixtures) {
            case .help:
                output(ReposOptions.usage + "\n")
                return 0
            case .run(let parsed):
                options = parsed
            case .record(let record):
                return await runRecord(record, environment: environment, output: output, errorOutput: errorOutput)
            }
        } catch {
            errorOutput("repos: \(error.description)\n\n\(ReposOptions.usage)\n")
            return 2
        }

        let client: any GithubAPIClientProtocol
        switch options.source {
        case .live(let baseURL):
            client = GithubAPIClient(baseURL: baseURL, token: environment["GITHUB_TOKEN"])
        case .fixtures(let directory):
            client = FixtureGithubAPIClient(directory: directory)
        }
        let viewModel = GitHubRepositoryViewModel(client: client, minimumStars: options.minimumStars)
        do {
            try await viewModel.load(user: options.user)
        } catch {
            errorOutput("repos: \(viewModel.error?.description ?? String(describing: error))\n")
            return 1
        }

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

    /// `repos record`: fetches live, writes the fixture file, says where.
    static func runRecord(
        _ options: RecordOptions,
        environment: [String: String],
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) async -> Int32 {
        let client = GithubAPIClient(baseURL: options.apiURL, token: environment["GITHUB_TOKEN"])
        do {
            let (file, count) = try await GitHubFixtureRecorder(client: client).record(user: options.user, into: options.directory)
            output("Recorded \(count) repositories of \(options.user) to \(file.path)\n")
            return 0
        } catch let error as FetcherError {
            errorOutput("repos: \(error.description)\n")
        } catch {
            errorOutput("repos: could not write the fixture: \(error.localizedDescription)\n")
        }
        return 1
    }

    /// One line per repository: name, stars, description, in aligned columns.
    nonisolated static func renderTable(_ repositories: [GitHubRepository]) -> String {
        let names = repositories.map { $0.name.sanitizedForTerminal }
        let stars = repositories.map { String($0.stargazersCount) }
        let nameWidth = names.map(\.count).max() ?? 0
        let starWidth = stars.map(\.count).max() ?? 0
        var text = ""
        for (index, repository) in repositories.enumerated() {
            let name = names[index].padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let star = String(repeating: " ", count: starWidth - stars[index].count) + stars[index]
            let description = repository.description?.sanitizedForTerminal ?? ""
            let line = "\(name)  \(star) ★  \(description)"
            text += line.trimmingTrailingSpaces + "\n"
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
        return text + "\n"
    }
}

extension String {
    /// The text on one line with control characters (including escape sequences' ESC) replaced by spaces,
    /// so that a repository's description cannot move the cursor or recolor the terminal.
    var sanitizedForTerminal: String {
        String(String.UnicodeScalarView(unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? " " : scalar
        }))
    }

    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
