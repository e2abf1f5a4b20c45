import CommandLineSupport
import ViewModelKitExampleCounter
import Foundation
import TerminalScreens
import ViewModelKit

/// The parsed command line of `counter`.
struct CounterOptions: Equatable {
    /// Where facts come from.
    enum Source: Equatable {
        case live(URL)
        case fixtures(URL)
    }

    var source: Source
    /// Where `--record-test` writes the session's test, if asked.
    var recordTest: URL? = nil

    static let usage = """
        usage: counter [--offline | --fixtures DIR] [--numbers-api-url URL] [--record-test DIR]

        TCA's counter tutorial in the terminal: a count, a fact about it, and a timer.

          --offline               read facts from the package's Fixtures/numbers/
          --fixtures DIR          read facts from DIR/numbers/<n>.txt
          --numbers-api-url URL   the Numbers API root (default http://numbersapi.com, or $NUMBERS_API_URL)
          --record-test DIR       when the session ends, write DIR/CounterSessionTests.swift: a test that replays it
          -h, --help              show this help

        Keys: +/- (or arrows) count, f fact, t timer, Enter/Esc dismiss the fact, q quit.
        """

    /// What the command line asks for.
    enum Parsed: Equatable {
        case run(CounterOptions)
        case help
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String], environment: [String: String], defaultFixtures: URL) throws(UsageError) -> Parsed {
        var offline = false
        var fixtures: URL?
        var apiURL: String?
        var recordTest: URL?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let parts = arguments[index].split(separator: "=", maxSplits: 1).map(String.init)
            let flag = parts.first ?? ""
            func value() throws(UsageError) -> String {
                if parts.count > 1 { return parts[1] }
                index += 1
                guard index < arguments.endIndex else { throw UsageError(description: "\(flag) needs a value") }
                return arguments[index]
            }
            switch flag {
            case "-h", "--help": return .help
            case "--offline": offline = true
            case "--fixtures": fixtures = URL(fileURLWithPath: try value())
            case "--numbers-api-url": apiURL = try value()
            case "--record-test": recordTest = URL(fileURLWithPath: try value())
            default: throw UsageError(description: "unknown argument \(arguments[index].quotedForUsage)")
            }
            index += 1
        }
        if offline && fixtures != nil { throw UsageError(description: "--offline and --fixtures exclude each other") }
        if offline { return .run(CounterOptions(source: .fixtures(defaultFixtures), recordTest: recordTest)) }
        if let fixtures { return .run(CounterOptions(source: .fixtures(fixtures), recordTest: recordTest)) }
        guard let text = apiURL ?? environment["NUMBERS_API_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .run(CounterOptions(source: .live(NumberFactClient.defaultBaseURL), recordTest: recordTest))
        }
        guard let url = httpURL(text) else {
            throw UsageError(description: "the Numbers API URL must be an http(s) URL, not \(text.withoutURLCredentials.quotedForUsage)")
        }
        return .run(CounterOptions(source: .live(url), recordTest: recordTest))
    }
}
