import CommandLineSupport
import Foundation
import ViewModelKitExampleGitHub
import TerminalScreens
import ViewModelKit

/// Where `repos` reads repositories from.
enum RepositorySource: Equatable {
    /// The live API at a base URL, with an optional directory for its ETag cache and the deadline
    /// for one whole fetch.
    case live(URL, cache: URL? = nil, deadline: Duration = GithubAPIClient.defaultDeadline)
    /// Fixture files below a directory.
    case fixtures(URL)
}

/// The parsed command line of `repos`.
struct ReposOptions: Equatable {
    var user: String
    var source: RepositorySource
    var minimumStars: Int
    var json: Bool

    static let usage = """
        usage: repos [--offline | --fixtures DIR] [--api-url URL] [--timeout SECS] [--min-stars N] [--json] <user>
               repos --interactive [--offline | --fixtures DIR] [--api-url URL] [--min-stars N] [--record-test DIR] [<user>]
               repos record <user> [--fixtures DIR] [--api-url URL] [--timeout SECS]

        Lists a GitHub user's repositories with at least N stars (default 50), in GitHub's order.

          --offline        read the package's own Fixtures/ instead of GitHub
          --fixtures DIR   read DIR/github/users/<user>/repos.json instead of GitHub
          --api-url URL    GitHub API root (default https://api.github.com, or $GITHUB_API_URL);
                           for GitHub Enterprise use https://HOST/api/v3
          --min-stars N    the star threshold (default 50)
          --cache-dir DIR  keep ETags and pages in DIR, so unchanged pages cost no rate limit next time
          --timeout SECS   give up when fetching all pages takes longer (default 300); each request
                           also times out after 30 s without an answer
          --json           print a JSON array instead of text
          --interactive    browse in a full-screen terminal UI (the default without a user on a terminal)
          --record-test DIR  with --interactive: when the session ends, write DIR/GitHubSessionTests.swift
                           (and the files it reads), a test that replays the session offline
          -h, --help       show this help

        repos record fetches <user>'s repositories from the live API (all pages) and writes them to
        DIR/github/users/<user>/repos.json (default DIR: the package's Fixtures/), for offline use.

        The token for the live API comes from $GITHUB_TOKEN.
        Exit status: 0 success, 1 runtime failure, 2 usage error.
        """
}

/// What `repos record` was asked for.
struct RecordOptions: Equatable {
    var user: String
    var apiURL: URL
    var directory: URL
    var deadline: Duration = GithubAPIClient.defaultDeadline
}

/// What `repos --interactive` was asked for.
struct InteractiveOptions: Equatable {
    var user: String?
    var source: RepositorySource
    var minimumStars: Int
    /// Where `--record-test` writes the session's test, if asked.
    var recordTest: URL? = nil
}

/// What the command line asks for.
enum ParsedCommand: Equatable {
    case run(ReposOptions)
    case interactive(InteractiveOptions)
    case record(RecordOptions)
    case help
}

extension ReposOptions {
    /// Parses `arguments` (without the program name).
    /// - Parameters:
    ///   - environment: Supplies `GITHUB_API_URL` when `--api-url` is absent.
    ///   - defaultFixtures: The directory `--offline` reads.
    ///   - onTerminal: Whether standard input and output are a terminal: then no user means interactive.
    static func parse(
        _ arguments: [String], environment: [String: String], defaultFixtures: URL, onTerminal: Bool = false
    ) throws(UsageError) -> ParsedCommand {
        var user: String?
        var offline = false
        var fixtures: URL?
        var apiURL: String?
        var minimumStars = GitHubRepositoryViewModel.defaultMinimumStars
        var json = false
        var interactive = false
        var cacheDirectory: URL?
        var recordTest: URL?
        var deadline = GithubAPIClient.defaultDeadline
        let recording = arguments.first == "record"
        var index = recording ? arguments.index(after: arguments.startIndex) : arguments.startIndex
        var onlyPositional = false

        // The live API root: the flag, else GITHUB_API_URL, else GitHub's; checked only when used.
        func liveURL() throws(UsageError) -> URL {
            guard let text = apiURL ?? environment["GITHUB_API_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
                return GithubAPIClient.defaultBaseURL
            }
            return try Self.apiURL(text)
        }

        func source() throws(UsageError) -> RepositorySource {
            if offline && fixtures != nil {
                throw UsageError(description: "--offline and --fixtures exclude each other")
            }
            if offline { return .fixtures(defaultFixtures) }
            if let fixtures { return .fixtures(fixtures) }
            return .live(try liveURL(), cache: cacheDirectory, deadline: deadline)
        }

        func value(for flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.endIndex else { throw UsageError(description: "\(flag) needs a value") }
            return arguments[index]
        }

        while index < arguments.endIndex {
            let argument = arguments[index]
            if !onlyPositional, argument.hasPrefix("-"), argument != "-" {
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                let flag = parts[0]
                let inline = parts.count > 1 ? parts[1] : nil
                switch flag {
                case "--":
                    onlyPositional = true
                case "-h", "--help":
                    return .help
                case _ where recording && ["--offline", "--json", "--min-stars", "--interactive"].contains(flag):
                    throw UsageError(description: "\(flag) does not go with record")
                case "--offline":
                    offline = true
                case "--json":
                    json = true
                case "--interactive":
                    interactive = true
                case "--fixtures":
                    fixtures = URL(fileURLWithPath: try value(for: flag, inline: inline))
                case "--api-url":
                    apiURL = try value(for: flag, inline: inline)
                case "--record-test":
                    recordTest = URL(fileURLWithPath: try value(for: flag, inline: inline))
                case "--cache-dir":
                    cacheDirectory = URL(fileURLWithPath: try value(for: flag, inline: inline))
                case "--timeout":
                    let text = try value(for: flag, inline: inline)
                    guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                        throw UsageError(description: "--timeout needs a whole number of seconds from 1 to 86400, not \(text.quotedForUsage)")
                    }
                    deadline = .seconds(seconds)
                case "--min-stars":
                    let text = try value(for: flag, inline: inline)
                    guard let stars = Int(text), stars >= 0 else {
                        throw UsageError(description: "--min-stars needs a whole number of 0 or more, not \(text.quotedForUsage)")
                    }
                    minimumStars = stars
                default:
                    throw UsageError(description: "unknown option \(flag.quotedForUsage)")
                }
            } else {
                guard user == nil else {
                    throw UsageError(description: "one user at a time; unexpected \(argument.quotedForUsage)")
                }
                user = argument
            }
            index += 1
        }

        if let user {
            do {
                _ = try GitHubUserName(user)
            } catch {
                throw UsageError(description: error.description)
            }
        }
        interactive = interactive || (user == nil && onTerminal && !recording)
        if interactive && json { throw UsageError(description: "--json does not go with --interactive") }
        if recordTest != nil && !interactive { throw UsageError(description: "--record-test goes with --interactive") }
        guard let user, !interactive else {
            guard interactive else { throw UsageError(description: "missing the user name") }
            return .interactive(InteractiveOptions(user: user, source: try source(), minimumStars: minimumStars, recordTest: recordTest))
        }
        if recording {
            return .record(RecordOptions(user: user, apiURL: try liveURL(), directory: fixtures ?? defaultFixtures, deadline: deadline))
        }
        let source = try source()
        return .run(ReposOptions(user: user, source: source, minimumStars: minimumStars, json: json))
    }
}

extension ReposOptions {
    /// `text` as an API root, if it is an http(s) URL with a host.
    static func apiURL(_ text: String) throws(UsageError) -> URL {
        guard let url = httpURL(text) else {
            throw UsageError(description: "the API URL must be an http(s) URL, not \(text.withoutURLCredentials.quotedForUsage)")
        }
        return url
    }
}
