public import Foundation
public import ViewModelKit
internal import ViewModelKitStateDump
public import ViewModelKitRecording

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
        /// The ids of the tasks that ran once the step broke the invariant (`"\(id)"`).
        var brokenTasks: [String] = []

        /// The exploration's ``Exploration/writingValues(of:initializerLabels:)``.
        let initializerLabels: [ObjectIdentifier: [String]]

        init(test: ExploredTest, breakingStep: Int, initializerLabels: [ObjectIdentifier: [String]]) {
            self.initializerLabels = initializerLabels
            self.test = test
            self.breakingStep = breakingStep
        }

        /// The line of the test that makes `step` happen.
        func line(for step: Step) -> String {
            switch step {
            case .intent(let call): return sendLine(for: call)
            case .advance(let duration): return "await clock.advance(by: \(millisecondsSource(duration)))"
            case .answer(let number, let client, let method, let key, let outcome):
                switch outcome {
                case .value(let value): return answer("await answers.respond", number, client, method, key, .success(value))
                case .error(let error): return answer("await answers.respond", number, client, method, key, .failure(error))
                case .never:
                    return "// Call \(number), \(client).\(method)(\(source(key))), is never answered."
                }
            case .release:
                return "// The run lets go of the view model."
            }
        }

        /// The line of the test that gives a synchronous call its answer, before the step that
        /// makes the call.
        func line(for call: ExploredAnswers.Immediate) -> String? {
            call.result.map { answer("answers.respondNow", call.number, call.client, call.method, call.key, $0) }
        }

        /// `answers.respond(to: "Client", "method", for: key, call: 3, returning: value)` (or
        /// `throwing:`), after `head`.
        private func answer(
            _ head: String, _ number: Int, _ client: String, _ method: String, _ key: any Sendable, _ result: Result<any Sendable, any Error>
        ) -> String {
            let keySource = keySource(key)
            let call = "\(head)(to: \(dumpStringLiteral(client)), \(dumpStringLiteral(method)), for: \(keySource), call: \(number)"
            switch result {
            case .success(let value): return call + ", returning: \(source(value)))"
            case .failure(let error): return call + ", throwing: \(source(error)))"
            }
        }

        /// `value` as Swift source, its initializers taking the exploration's labels.
        private func source(_ value: Any) -> String {
            SessionRecorder.swiftSource(for: value, initializerLabels: initializerLabels) ?? "/* \(value) */"
        }

        /// A call's key as Swift source for `respond(to:_:for:…)`, whose key is generic: an optional
        /// key keeps its type (`String?.none`, `"p2" as String?`), since a bare `nil` does not
        /// compile and a bare `"p2"` names another key than the double's `String?`.
        private func keySource(_ key: Any) -> String {
            guard let optional = key as? any WrittenOptionalKey else { return source(key) }
            let type = "\(optional.wrappedTypeName)?"
            guard let wrapped = optional.wrappedKey else { return "\(type).none" }
            return "\(source(wrapped)) as \(type)"
        }

        /// How many synchronous calls were answered before the current step.
        private var immediateBefore = 0
        /// Where the current step's lines start in the recorder.
        private var stepStart = 0

        /// Marks the start of a step.
        @MainActor func stepBegins(_ answers: ExploredAnswers) {
            immediateBefore = answers.immediate.count
            stepStart = recorder?.stepCount ?? 0
        }

        /// Writes the answers the step's synchronous calls got before the step's lines.
        @MainActor func stepEnded(_ answers: ExploredAnswers) {
            let lines = answers.immediate.dropFirst(immediateBefore).compactMap(line(for:))
            guard !lines.isEmpty else { return }
            if let recorder {
                recorder.insertStatements(lines, at: stepStart)
            } else if broken != nil {
                broken?.step.insert(contentsOf: lines, at: 0)
            }
        }
    }

    /// Replays the shrunk run once more, recording every step before the one that broke, and writes
    /// the test.
    func writeTest(
        _ test: ExploredTest, choices: [UInt64], failure: ExplorationFailure, steps: Int
    ) async -> (files: [ExploredTestFile], notes: [String]) {
        let writing = Writing(test: test, breakingStep: failure.step, initializerLabels: writer.initializerLabels)
        var replay = ChoiceSequence(replaying: choices)
        _ = await run(&replay, steps: steps, writing: writing)
        guard let recorder = writing.made else { return ([], []) }
        let summary = [
            "Written by an exploration: step \(failure.step) broke \"\(failure.invariant)\".",
            "Seed \(failure.seed); shrunk from \(failure.unshrunkLength) steps to \(failure.steps.count) in \(failure.shrinkReplays) replays.",
            "The steps before the broken one are driven, not asserted, so that a fix may change them too:",
            "it fails while the broken step reaches the state that broke the invariant, and passes once it does not.",
        ].joined(separator: "\n")
        var recorded = RecordedTest(name: test.name, imports: test.imports, subject: test.subject, summary: summary)
        recorder.configuration = writer
        recorded.childWriterCall = ".writingChildren"
        recorded.testFunctionName = "testExploredRun"
        recorded.assertsSteps = false
        if !test.clients.isEmpty || test.subject.contains("answers") {
            recorded.setup = ["let answers = ScriptedAnswers()"]
        }
        recorded.declarations = test.clients.map(\.source)
        let comment = ["// Step \(failure.step) broke \"\(failure.invariant)\"" + (failure.detail.isEmpty ? "." : ": \(failure.detail)."),
                       "// A view model that keeps it does not reach the state below, with the same tasks running."]
        guard let written = writing.broken else {
            // Broken when the run let go of the view model: the test lets go of its tester, and
            // checks that the view model went with it.
            recorded.ending = [
                "// Step \(failure.step) broke \"\(failure.invariant)\": \(failure.detail).",
                "// Once the tester is gone, nothing may hold the view model.",
                "await tester.skipInFlightTasks(strict: false)", "await tester.finish()",
            ]
            recorded.releaseCheck = "Step \(failure.step) broke \"\(failure.invariant)\": the view model outlived its tester"
            let (files, notes) = recorder.exploredTestFiles(recorded, broken: nil)
            return (files.map { ExploredTestFile(name: $0.name, contents: $0.contents) }, notes + test.clients.flatMap(\.notes))
        }
        // An invariant may read the running tasks, which the state does not show: the broken state
        // is reached only with the same tasks running.
        recorded.brokenCheck = "tester.assertNotReached(from: before, runningTaskIDs: ["
            + writing.brokenTasks.map(dumpStringLiteral).joined(separator: ", ") + "])"
        let (files, notes) = recorder.exploredTestFiles(recorded, broken: (comment, written.step, written.before, written.after))
        return (files.map { ExploredTestFile(name: $0.name, contents: $0.contents) }, notes + test.clients.flatMap(\.notes))
    }

    /// Says how the written test makes a child of type `Child` that appears in the state (a new
    /// row, a pushed detail, a presented sheet): `expression` builds it as the test would, with the
    /// test's `clock` and `answers`; `fresh` is the same child as that expression makes it. Without
    /// it, the written test takes such a child as the view model shows it (`$0.shown(\.detail)`),
    /// and the failure says so.
    ///
    /// ```swift
    /// .writingChildren(of: TodoViewModel.self) { todo in
    ///     ("TodoViewModel(todo: \(SessionRecorder.swiftSource(for: todo.todo) ?? "…"))", TodoViewModel(todo: todo.todo))
    /// }
    /// ```
    public func writingChildren<Child: ViewModel>(
        of type: Child.Type, as write: @escaping @MainActor (Child) -> (expression: String, fresh: Child)
    ) -> Self {
        var copy = self
        copy.writer.writeChildren(of: type, as: write)
        return copy
    }

    /// Says in which order the initializer of `Value` takes its arguments, when a written test
    /// writes a `Value` (an answer, a state) and the order is not its stored properties' order.
    ///
    /// ```swift
    /// .writingValues(of: GitHubRepositoryDetail.self, initializerLabels: ["id", "name", "owner", "fullName"])
    /// ```
    /// Labels not listed keep their order, after the listed ones.
    public func writingValues<Value>(of type: Value.Type, initializerLabels: [String]) -> Self {
        var copy = self
        copy.writer.writeValues(of: type, initializerLabels: initializerLabels)
        return copy
    }

    /// Makes the written test with `writer` (how it makes children and writes values), as a
    /// session recorder's.
    public func writingTests(with writer: TestWriterConfiguration) -> Self {
        var copy = self
        copy.writer = writer
        return copy
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
///
/// Each method is written from its declaration, whatever its shape:
///
/// | declaration | body |
/// |---|---|
/// | `async throws -> Value` | `try await answers.answer(…)` |
/// | `async throws` | `try await answers.answer(…) as Void` |
/// | `async -> Value`, `async` | `await answers.answer(…, otherwise: …)` |
/// | `throws -> Value`, `throws` | `try answers.answerNow(…)` |
/// | `-> Value`, no effects | `answers.answerNow(…, otherwise: …)` |
/// | `-> AsyncStream<Element>`, `-> AsyncThrowingStream<Element, …>` | `answers.stream(…)`, each element a call |
///
/// A method that cannot throw returns ``Method/otherwise`` when its call is cancelled: by
/// default `()`, `nil`, `false`, `0`, `""`, `[]` or `[:]` as its type takes.
public struct ScriptedClient: Sendable {
    /// One method of the double.
    public struct Method: Sendable {
        /// The name its calls are answered under.
        public var name: String
        /// Its declaration, e.g. `func fetchFact(number: Int) async throws -> String`.
        public var signature: String
        /// The expression its calls are told apart by, as the exploration's double passed it.
        public var key: String
        /// What a method that cannot throw returns when its call is cancelled or answered with an
        /// error, as Swift source; `nil` for the default its return type has.
        public var otherwise: String?

        /// Describes a method.
        public init(name: String, signature: String, key: String, otherwise: String? = nil) {
            self.name = name
            self.signature = signature
            self.key = key
            self.otherwise = otherwise
        }

        /// What the double cannot write for this method: the value it returns once cancelled, when
        /// its type has no obvious one.
        var missingFallback: Bool {
            let shape = MethodShape(signature)
            return shape.streamElement == nil && !shape.throwing && otherwise == nil && shape.defaultValue == nil
        }

        /// The statement that answers the method, for the client `client`.
        func body(client: String) -> String {
            let shape = MethodShape(signature)
            let arguments = "\(dumpStringLiteral(client)), \(dumpStringLiteral(name)), for: \(key)"
            if shape.streamElement != nil { return "answers.stream(\(arguments))" }
            let fallback = otherwise ?? shape.defaultValue ?? "/* what \(name) returns when cancelled: ScriptedClient.Method(otherwise:) */"
            switch (shape.isAsync, shape.throwing) {
            case (true, true): return "try await answers.answer(\(arguments))" + (shape.returnsVoid ? " as Void" : "")
            case (true, false): return "await answers.answer(\(arguments), otherwise: \(fallback))"
            case (false, true): return "try answers.answerNow(\(arguments))" + (shape.returnsVoid ? " as Void" : "")
            case (false, false): return "answers.answerNow(\(arguments), otherwise: \(fallback))"
            }
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

    /// What the double cannot write, with the argument that says it.
    var notes: [String] {
        methods.filter(\.missingFallback).map {
            "\(typeName).\($0.name) cannot throw and returns a value with no obvious one for a cancelled call: "
                + "say it with ScriptedClient.Method(…, otherwise: …)"
        }
    }

    /// The double's Swift source.
    var source: String {
        var lines = ["/// Hands each call to the test's answers.", "private struct \(typeName): \(conformances.joined(separator: ", ")) {",
                     "    let answers: ScriptedAnswers"]
        for method in methods {
            lines += ["", "    \(method.signature) {", "        " + method.body(client: name), "    }"]
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

/// What a method's declaration says about how it answers: whether it is `async`, whether it
/// throws, what it returns.
struct MethodShape: Equatable {
    var isAsync = false
    var throwing = false
    /// The return type as written; `nil` when it returns nothing.
    var returnType: String?

    /// A shape, as it is.
    init(isAsync: Bool, throwing: Bool, returnType: String?) {
        self.isAsync = isAsync
        self.throwing = throwing
        self.returnType = returnType
    }

    /// Reads `signature`, e.g. `func fetchFact(number: Int) async throws -> String`.
    init(_ signature: String) {
        // The effects and the result come after the parameter list's closing parenthesis.
        var depth = 0
        var end = signature.endIndex
        var opened = false
        for index in signature.indices {
            switch signature[index] {
            case "(":
                depth += 1
                opened = true
            case ")":
                depth -= 1
                if opened, depth == 0 { end = signature.index(after: index) }
            default: break
            }
            if end != signature.endIndex { break }
        }
        var tail = String(signature[end...])
        if let whereClause = tail.range(of: " where ") { tail = String(tail[..<whereClause.lowerBound]) }
        let arrow = tail.range(of: "->")
        let effects = arrow.map { String(tail[..<$0.lowerBound]) } ?? tail
        let words = effects.split { !$0.isLetter }
        isAsync = words.contains("async")
        throwing = words.contains("throws") || words.contains("rethrows")
        if let arrow {
            let type = tail[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            returnType = type.isEmpty ? nil : type
        }
    }

    /// Whether it returns `Void`.
    var returnsVoid: Bool { returnType == nil || returnType == "Void" || returnType == "()" }

    /// The element type of the stream it returns, if it returns an `AsyncStream` or an
    /// `AsyncThrowingStream`.
    var streamElement: String? {
        guard let returnType else { return nil }
        for stream in ["AsyncStream<", "AsyncThrowingStream<"] where returnType.hasPrefix(stream) {
            return String(returnType.dropFirst(stream.count).prefix { $0 != "," && $0 != ">" })
        }
        return nil
    }

    /// What a method that cannot throw returns by default when its call is cancelled, if its type has
    /// an obvious empty value.
    var defaultValue: String? {
        guard let returnType else { return "()" }
        switch returnType {
        case "Void", "()": return "()"
        case "Bool": return "false"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Duration", "TimeInterval":
            return returnType == "Duration" ? ".zero" : "0"
        case "String": return #""""#
        default: break
        }
        if returnType.hasSuffix("?") || returnType.hasPrefix("Optional<") { return "nil" }
        if returnType.hasPrefix("[") { return returnType.contains(":") ? "[:]" : "[]" }
        return nil
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

/// An optional key, as the written test spells its type.
private protocol WrittenOptionalKey {
    /// The wrapped value, or `nil`.
    var wrappedKey: Any? { get }
    /// The wrapped type's name, as the test writes it (`String`).
    var wrappedTypeName: String { get }
}

extension Optional: WrittenOptionalKey {
    fileprivate var wrappedKey: Any? { map { $0 as Any } }
    fileprivate var wrappedTypeName: String { String(describing: Wrapped.self) }
}
