public import Foundation
internal import ViewModelKit
internal import ViewModelKitStateDump
internal import ViewModelKitRecording

// Writing a shrunk run as an XCTest: the run replayed once more with a recorder, and the
// description of the test (its doubles) a user gives.

extension Exploration {
    /// A run written as a test as it goes: the recorder of every step before the one that breaks.
    final class Writing {
        let test: ExploredTest
        /// The step that breaks the invariant, from 1.
        let breakingStep: Int
        /// Records the steps until the breaking one.
        var recorder: SessionRecorder?
        /// The same recorder, kept to write the test.
        var made: SessionRecorder?
        var broken: (step: [String], before: StateSnapshot, after: StateSnapshot)?

        init(test: ExploredTest, breakingStep: Int) {
            self.test = test
            self.breakingStep = breakingStep
        }

        /// The line of the test that makes `step` happen.
        func line(for step: Step) -> String {
            switch step {
            case .intent(let call): return "await tester.send({ $0.\(call) })"
            case .advance(let duration): return "await clock.advance(by: \(millisecondsSource(duration)))"
            case .answer(let number, let clientName, let methodName, let key, let outcome):
                let client = dumpStringLiteral(clientName), method = dumpStringLiteral(methodName)
                let keySource = SessionRecorder.swiftSource(for: key) ?? "/* \(key) */"
                switch outcome {
                case .value(let value):
                    let source = SessionRecorder.swiftSource(for: value) ?? "/* \(value) */"
                    return "await answers.respond(to: \(client), \(method), for: \(keySource), returning: \(source))"
                case .error(let error):
                    let source = SessionRecorder.swiftSource(for: error) ?? "/* \(error) */"
                    return "await answers.respond(to: \(client), \(method), for: \(keySource), throwing: \(source))"
                case .never:
                    return "// Call \(number), \(clientName).\(methodName)(\(keySource)), is never answered."
                }
            case .release:
                return "// The run lets go of the view model."
            }
        }
    }

    /// Replays the shrunk run once more, recording every step before the one that broke, and writes
    /// the test.
    func writeTest(_ test: ExploredTest, choices: [UInt64], failure: ExplorationFailure, steps: Int) async -> [ExploredTestFile] {
        let writing = Writing(test: test, breakingStep: failure.step)
        var replay = ChoiceSequence(replaying: choices)
        _ = await run(&replay, steps: steps, writing: writing)
        guard let recorder = writing.made else { return [] }
        let summary = [
            "Written by an exploration: step \(failure.step) broke \"\(failure.invariant)\".",
            "Seed \(failure.seed); shrunk from \(failure.unshrunkLength) steps to \(failure.steps.count) in \(failure.shrinkReplays) replays.",
            "It fails while the bug is there, and passes once it is fixed.",
        ].joined(separator: "\n")
        var recorded = RecordedTest(name: test.name, imports: test.imports, subject: test.subject, summary: summary)
        recorded.testFunctionName = "testExploredRun"
        recorded.setup = ["let answers = ScriptedAnswers()"]
        recorded.declarations = test.clients.map(\.source)
        let comment = ["// Step \(failure.step) broke \"\(failure.invariant)\"" + (failure.detail.isEmpty ? "." : ": \(failure.detail)."),
                       "// A view model that keeps it does not reach the state below."]
        guard let written = writing.broken else {
            // Broken when the run let go of the view model: the test lets go of its tester, and
            // checks that the view model went with it.
            recorded.ending = [
                "// Step \(failure.step) broke \"\(failure.invariant)\": \(failure.detail).",
                "// Once the tester is gone, nothing may hold the view model.",
                "await tester.skipInFlightTasks(strict: false)", "await tester.finish()",
            ]
            recorded.releaseCheck = "Step \(failure.step) broke \"\(failure.invariant)\": the view model outlived its tester"
            return recorder.exploredTestFiles(recorded, broken: nil).map { ExploredTestFile(name: $0.name, contents: $0.contents) }
        }
        return recorder.exploredTestFiles(recorded, broken: (comment, written.step, written.before, written.after))
            .map { ExploredTestFile(name: $0.name, contents: $0.contents) }
    }
}

/// How an exploration writes a failing run as a test: its name, what it imports, how it makes the
/// view model, and the scripted double of each client.
///
/// ```swift
/// ExploredTest(
///     name: "CounterExploredRun", imports: ["ViewModelKitExampleCounter"],
///     subject: "CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock)",
///     clients: [ScriptedClient(name: "NumberFactClient", typeName: "NumberFactClientDouble",
///                              conformances: ["NumberFactClientProtocol"],
///                              methods: [.init(name: "fetchFact", signature: "func fetchFact(number: Int) async throws -> String", key: "number")])]
/// )
/// ```
public struct ExploredTest: Sendable {
    /// The test's name: the file is `<name>Tests.swift`, the class `<name>Tests`.
    public var name: String
    /// The modules the test imports besides `ViewModelKit`, `ViewModelKitTesting` and `XCTest`.
    public var imports: [String]
    /// The expression that makes the view model, with the test's `clock` (a `TestClock`) and
    /// `answers` (a ``ScriptedAnswers``) for the doubles of ``clients``.
    public var subject: String
    /// The doubles the test defines.
    public var clients: [ScriptedClient]

    /// Describes a test to write.
    public init(name: String, imports: [String], subject: String, clients: [ScriptedClient] = []) {
        self.name = name
        self.imports = imports
        self.subject = subject
        self.clients = clients
    }
}

/// A client's double in an exploration's written test: each method hands its call to the test's
/// ``ScriptedAnswers`` under the client's name, as the exploration's double did.
public struct ScriptedClient: Sendable {
    /// One method of the double.
    public struct Method: Sendable {
        /// The name its calls are answered under.
        public var name: String
        /// Its declaration, e.g. `func fetchFact(number: Int) async throws -> String`.
        public var signature: String
        /// The expression its calls are told apart by, as the exploration's double passed it.
        public var key: String

        /// Describes a method.
        public init(name: String, signature: String, key: String) {
            self.name = name
            self.signature = signature
            self.key = key
        }
    }

    /// The name its calls are answered under (`"NumberFactClient"`).
    public var name: String
    /// The double's type name.
    public var typeName: String
    /// The protocols it conforms to.
    public var conformances: [String]
    /// Its methods.
    public var methods: [Method]

    /// Describes a double.
    public init(name: String, typeName: String, conformances: [String], methods: [Method]) {
        self.name = name
        self.typeName = typeName
        self.conformances = conformances
        self.methods = methods
    }

    /// The double's Swift source.
    var source: String {
        var lines = ["/// Hands each call to the test's answers.", "private struct \(typeName): \(conformances.joined(separator: ", ")) {",
                     "    let answers: ScriptedAnswers"]
        for method in methods {
            lines += ["", "    \(method.signature) {",
                      "        try await answers.answer(\(dumpStringLiteral(name)), \(dumpStringLiteral(method.name)), for: \(method.key))",
                      "    }"]
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

/// A file of an exploration's written test.
public struct ExploredTestFile: Sendable, Equatable {
    /// Its name, e.g. `CounterExploredRunTests.swift`.
    public var name: String
    /// Its contents.
    public var contents: Data
}

/// `.milliseconds(2000)`.
func millisecondsSource(_ duration: Duration) -> String {
    ".milliseconds(\(Int((duration / .milliseconds(1)).rounded())))"
}
