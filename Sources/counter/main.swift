import CommandLineSupport
import ViewModelKitExampleCounter
import Foundation
import TerminalScreens
import TerminalUI
import ViewModelKit
import ViewModelKitRecording

let defaultFixtures = offlineFixtures(containing: "numbers")

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("counter: \(message)\n".utf8))
    exit(status)
}

let options: CounterOptions
do {
    switch try CounterOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, defaultFixtures: defaultFixtures) {
    case .help:
        print(CounterOptions.usage)
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    fail("\(error.description)\n\n\(CounterOptions.usage)", status: 2)
}

guard let terminal = Terminal() else { fail("needs a terminal (stdin and stdout must be a TTY)", status: 2) }

var client: any NumberFactClientProtocol
switch options.source {
case .live(let url): client = NumberFactClient(baseURL: url)
case .fixtures(let directory): client = FixtureNumberFactClient(directory: directory)
}
// --record-test: the session's time and the facts it is given are recorded with it.
let answers = RecordedAnswers()
let recordingClock = RecordingClock(ContinuousClock())
if options.recordTest != nil { client = NumberFactClientDouble(answers: answers, live: client) }
let counter = options.recordTest == nil ? CounterViewModel(client: client) : CounterViewModel(client: client, clock: recordingClock)
let recorder = options.recordTest.map { _ in SessionRecorder(counter, clock: recordingClock, answers: answers) }
let spinner = SpinnerDriver()
let app = TerminalApp(terminal: terminal)

// Re-render only when the view models say something changed; the app coalesces a turn's changes.
let subscriptions = [
    counter.observeChanges { app.setNeedsRender() },
    counter.observe(\.isLoading) { spinner.setSpinning($0) },
    spinner.observeChanges { app.setNeedsRender() },
]

do {
    try await app.run(
        render: { columns, rows in CounterScreen.render(.init(counter, spinner: spinner.frame), columns: columns, rows: rows) },
        handle: { key in
            guard let intent = CounterScreen.intent(for: key, alertShown: counter.numberFactAlert != nil) else { return .continue }
            guard let recorder else { return CounterScreen.apply(intent, to: counter) }
            return recorder.userAction { CounterScreen.apply(intent, to: counter) }
        }
    )
} catch {
    fail("terminal error: \(error)", status: 1)
}
if let recorder, let directory = options.recordTest {
    let source: String
    switch options.source {
    case .live: source = "the live Numbers API"
    case .fixtures: source = "fixtures"
    }
    do {
        let problems = try recorder.writeTest(CounterRecording.test(source: source), to: directory)
        for problem in problems { FileHandle.standardError.write(Data("counter: the recorded test cannot replay this: \(problem)\n".utf8)) }
        print("Wrote the session's test to \(directory.appendingPathComponent("CounterSessionTests.swift").path)")
    } catch {
        fail("could not write the recorded test into \(directory.path): \(error.localizedDescription)", status: 1)
    }
}
withExtendedLifetime(subscriptions) {}
