public import Foundation
internal import ViewModelKitStateDump
internal import ViewModelKit

/// Turns a recorded session into the text of an XCTest file and the data files it reads.
@MainActor
struct RecordedTestWriter {
    /// A file the test reads: its name (next to the test) and contents.
    struct DataFile: Equatable {
        var name: String
        var contents: Data
    }

    let test: RecordedTest
    let childFactories: [ObjectIdentifier: (ViewModel) -> (expression: String, fresh: StateSnapshot)?]
    let scrubber: SecretScrubber
    let literals: SwiftLiteralWriter
    /// The longest expression written inline; a longer value that is `Codable` goes to a file.
    var inlineLimit = 1_200
    private(set) var files: [DataFile] = []
    /// Values the writer could not express, for the front end to report.
    private(set) var problems: [String] = []

    init(test: RecordedTest, configuration: TestWriterConfiguration = TestWriterConfiguration()) {
        self.test = test
        self.childFactories = configuration.childFactories
        let scrubber = SecretScrubber(secrets: test.secrets)
        self.scrubber = scrubber
        self.literals = SwiftLiteralWriter(scrub: scrubber.scrub, initializerLabels: configuration.initializerLabels)
    }

    var className: String { "\(test.name)Tests" }

    // MARK: - The file

    /// The test file's text.
    mutating func source(steps: [RecordedStep], answers: [RecordedAnswers.Answer], endsWithRunningTasks: Bool) -> String {
        var body: [[String]] = []
        var clockTime = Duration.zero
        // Time that passed while nothing slept: a replay need not wait for it.
        var skipped = Duration.zero
        var names: Set<String> = []
        var previousIntent: String?
        for step in steps {
            var advance: String?
            let time = step.time - skipped
            if time > clockTime, case .intent = step.cause, !step.sleeping {
                skipped += time - clockTime
            } else if time > clockTime {
                advance = "await clock.advance(by: \(SwiftLiteralWriter.durationSource(time - clockTime)))"
                clockTime = time
            }
            let statements = test.assertsSteps ? assignments(from: step.before, to: step.after, on: "$0", context: "state") : []
            switch step.cause {
            case .statement(let line):
                body.append((advance.map { [$0] } ?? []) + [line])
            case .intent(let intent):
                let (constants, call) = call(intent, naming: &names)
                let send = "await tester.send({ \(call) })"
                let lines = (advance.map { [$0] } ?? []) + constants + merged(intent, into: call, naming: &names)
                    + [send + closure(statements, after: 8 + send.count)]
                // The same intent again with nothing in between (typing): one group.
                let sameAgain = previousIntent == "\(intent.target)\(intent.function)" && advance == nil && constants.isEmpty
                if sameAgain, !body.isEmpty { body[body.count - 1] += lines } else { body.append(lines) }
                previousIntent = "\(intent.target)\(intent.function)"
                continue
            case .task:
                if let advance { body.append([advance]) }
                if body.isEmpty { body.append([]) }
                if !test.assertsSteps {
                    let skip = "await tester.skipReceivedChanges(strict: false)"
                    if body[body.count - 1].last != skip { body[body.count - 1].append(skip) }
                    continue
                }
                let assertion = closure(statements, after: 8 + "await tester.receive".count)
                body[body.count - 1].append("await tester.receive" + (assertion.isEmpty ? "()" : assertion))
            }
            previousIntent = nil
        }
        var ending: [String] = []
        if let written = test.ending {
            ending = written
        } else {
            if endsWithRunningTasks {
                ending.append("// The session ended with tasks still running.")
                ending.append("await tester.skipInFlightTasks()")
            }
            ending.append("await tester.finish()")
        }
        body.append(ending)

        let doubles = test.clients.map { client in double(client, answers: answers.filter { $0.client == client.answeredAs }) }
            + test.declarations
        let testerArguments = (test.assertsSteps ? [] : ["exhaustivity: .off(showSkippedAssertions: false)"])
            + (endsWithRunningTasks ? [] : ["clocks: [clock]"])
        var lines: [String] = []
        let header: [String] = test.summary.isEmpty ? [] : test.summary.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)" }
        lines += header
        if !header.isEmpty { lines.append("") }
        let needsFiles = !files.isEmpty
        let text = ([test.subject] + body.flatMap { $0 } + doubles).joined(separator: "\n")
        var imports = Set<String>(test.imports + ["ViewModelKit", "ViewModelKitTesting", "XCTest"])
        if needsFiles || text.contains("Date(") || text.contains("URL(") { imports.insert("Foundation") }
        lines += imports.sorted().map { "import \($0)" }
        lines.append("")
        lines.append("@MainActor")
        lines.append("final class \(className): XCTestCase {")
        lines.append("    func \(test.testFunctionName)() async\(needsFiles || text.contains("try ") ? " throws" : "") {")
        lines.append("        let clock = TestClock()")
        lines += test.setup.map { "        " + $0 }
        // With a release check, the tester lives in a scope of its own, and the view model must be
        // gone once it ends.
        let indent = test.releaseCheck == nil ? "        " : "            "
        if test.releaseCheck != nil {
            lines += ["        weak var released: AnyObject?", "        do {"]
        }
        // A line that fits in 125 columns stays one line, as a person would leave it.
        let tester = "\(indent)let tester = ViewModelTester(" + ([test.subject] + testerArguments).joined(separator: ", ") + ")"
        if tester.count <= 125 {
            lines.append(tester)
        } else {
            let arguments = [test.subject] + testerArguments
            lines.append("\(indent)let tester = ViewModelTester(")
            lines += arguments.enumerated().map { "\(indent)    \($1)" + ($0 < arguments.count - 1 ? "," : "") }
            lines.append("\(indent))")
        }
        if test.releaseCheck != nil { lines.append("\(indent)released = tester.viewModel") }
        for group in body where !group.isEmpty {
            lines.append("")
            for statement in group {
                lines += statement.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
            }
        }
        if let message = test.releaseCheck {
            lines += ["        }", "        await clock.advance()", "        XCTAssertNil(released, \(dumpStringLiteral(message)))"]
        }
        lines.append("    }")
        lines.append("}")
        for double in doubles {
            lines.append("")
            lines.append(double)
        }
        if needsFiles {
            lines.append("")
            lines += [
                "/// Reads a value the recording wrote next to this file.",
                "private func recorded<Value: Decodable>(_ name: String, as type: Value.Type) throws -> Value {",
                "    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)",
                "    return try JSONDecoder().decode(type, from: Data(contentsOf: file))",
                "}",
            ]
        }
        return scrubber.scrub(lines.joined(separator: "\n") + "\n")
    }

    /// `statements` as a trailing closure after `column` characters of its line: ` { one }` if that
    /// fits in 110 columns, otherwise one statement per line; empty without statements.
    func closure(_ statements: [String], after column: Int) -> String {
        if statements.isEmpty { return "" }
        if statements.count == 1, !statements[0].contains("\n"), column + statements[0].count + 5 <= 110 {
            return " { \(statements[0]) }"
        }
        let body = statements.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { "    " + $0 }
        return " {\n" + body.joined(separator: "\n") + "\n}"
    }

    // MARK: - Intents

    /// The call of `intent` from the root (`$0`), and the constants it uses: an argument that does
    /// not fit on one line is named first (`let repository = GitHubRepository(…)`).
    func call(_ intent: RecordedIntent, naming used: inout Set<String>) -> (constants: [String], call: String) {
        if let source = intent.source, intent.target.isEmpty { return ([], IntentCallSource.onSubject(source)) }
        var base = "$0"
        var opening = ""
        var closing = ""
        for step in intent.target {
            switch step {
            case .property(let name): base += ".\(name)"
            case .optional(let name): base += ".\(name)?"
            case .element(let name, let index): base += ".\(name)[\(index)]"
            case .destination(let name, let index, let caseName):
                opening += "if case .\(caseName)(let \(caseName)) = \(base).\(name)[\(index)] { "
                closing = " }" + closing
                base = caseName
            case .enumCase(let name, let caseName, let optional):
                opening += "if case .\(caseName)(let \(caseName))\(optional ? "?" : "") = \(base).\(name) { "
                closing = " }" + closing
                base = caseName
            }
        }
        let (name, labels) = Self.split(intent.function)
        var constants: [String] = []
        var arguments: [String] = []
        var trailing = ""
        for (index, argument) in intent.arguments.enumerated() {
            let label = index < labels.count ? labels[index] : "_"
            if let arity = Self.closureArity(argument) {
                let parameters = Array(repeating: "_", count: arity).joined(separator: ", ")
                let text = arity == 0 ? "{}" : "{ \(parameters) in }"
                if index == intent.arguments.count - 1 { trailing = " " + text; continue }
                arguments.append(label == "_" ? text : "\(label): \(text)")
                continue
            }
            var value = literals.source(for: argument, column: 60) ?? "/* \(dumpText(argument)) */"
            if value.contains("\n") {
                let constant = Self.uniqueName(label == "_" ? Self.subject(of: name) : label, in: &used)
                constants.append("let \(constant) = " + (literals.source(for: argument, column: 12 + constant.count) ?? value))
                value = constant
            }
            arguments.append(label == "_" ? value : "\(label): \(value)")
        }
        let parenthesized = trailing.isEmpty || !arguments.isEmpty ? "(\(arguments.joined(separator: ", ")))" : ""
        return (constants, opening + intent.prefix + base + "." + name + parenthesized + trailing + closing)
    }

    /// The comment that says which intents were reported in the same main-actor turn as `intent`,
    /// whose changes its step holds; empty when there were none.
    private mutating func merged(_ intent: RecordedIntent, into call: String, naming used: inout Set<String>) -> [String] {
        guard !intent.merged.isEmpty else { return [] }
        let calls = intent.merged.map { self.call($0, naming: &used).call }.joined(separator: ", ")
        let note = "\(calls) reported in the same main-actor turn as \(call), inside it or after it: its step holds the changes "
            + "of all; if they were called after it, wrap each call in recorder.userAction { … } to record them as steps"
        if !problems.contains(note) { problems.append(note) }
        return ["// Also reported in this main-actor turn, inside this intent or after it (the recorder cannot tell which): \(calls)."]
    }

    /// The call alone, for a test of the writer.
    func call(_ intent: RecordedIntent) -> String {
        var used: Set<String> = []
        return call(intent, naming: &used).call
    }

    /// What an intent is about: its name without the last word (`repositoryTapped` → `repository`).
    static func subject(of intent: String) -> String {
        guard let last = intent.lastIndex(where: \.isUppercase), last != intent.startIndex else { return "value" }
        return String(intent[..<last])
    }

    /// `name`, or `name2`, `name3`… if taken; marks it taken.
    static func uniqueName(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) || ["clock", "tester"].contains(candidate) {
            candidate = "\(name)\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// `load(user:completion:)` → `("load", ["user", "completion"])`.
    static func split(_ function: String) -> (name: String, labels: [String]) {
        guard let open = function.firstIndex(of: "("), function.hasSuffix(")") else { return (function, []) }
        let name = String(function[..<open])
        let inner = function[function.index(after: open)..<function.index(before: function.endIndex)]
        return (name, inner.split(separator: ":").map(String.init))
    }

    /// How many parameters `value` takes if it is a closure.
    static func closureArity(_ value: Any) -> Int? {
        let typeName = String(describing: type(of: value))
        guard typeName.contains("->"), let open = typeName.firstIndex(of: "(") else { return nil }
        var depth = 0
        var commas = 0
        var empty = true
        for character in typeName[open...] {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                depth -= 1
                if depth == 0 { return empty ? 0 : commas + 1 }
            case ",": if depth == 1 { commas += 1 }
            case " ": break
            default: empty = false
            }
        }
        return nil
    }

    // MARK: - State changes

    /// The statements that turn `before` into `after` on `target` (`$0`, `$0.root`, `$0.detail?`).
    ///
    /// Children are written as the tester's expectations take them: a child changed in place
    /// through its property (`$0.detail?.title = …`), its list entry (`$0.rows[1].modify(as:)`) or
    /// its case (`$0[\.screen, case: AppModel.Screen.login]?.email = …`); a child that appears
    /// freshly made, when the writer was told how to make one (``SessionRecorder/writeChildren(of:as:)``),
    /// and otherwise as the view model shows it (`$0.shown(\.detail)`); a list entry that holds no
    /// view model as its value.
    mutating func assignments(from before: StateSnapshot, to after: StateSnapshot, on target: String, context: String) -> [String] {
        var statements: [String] = []
        for (old, new) in zip(before.fields, after.fields) where !isEqual(old.value, new.value) {
            let place = "\(target).\(new.name)"
            switch (ChildField(old.value, optional: Self.holdsOptionalChild(after, new.name)),
                    ChildField(new.value, optional: Self.holdsOptionalChild(after, new.name))) {
            case (.one(let oldChild), .one(let newChild)):
                if oldChild.source === newChild.source {
                    statements += assignments(from: oldChild, to: newChild, on: place, context: new.name)
                } else {
                    statements += appeared(newChild, at: place, optional: false, shown: "\(target).shown(\\.\(new.name))")
                }
            case (.optional(let oldChild), .optional(let newChild)):
                switch (oldChild, newChild) {
                case (let oldChild?, let newChild?) where oldChild.source === newChild.source:
                    statements += assignments(from: oldChild, to: newChild, on: place + "?", context: place)
                case (_, nil):
                    statements.append("\(place) = nil")
                case (_, let newChild?):
                    statements += appeared(newChild, at: place, optional: true, shown: "\(target).shown(\\.\(new.name))")
                }
            case (.list(let oldList), .list(let newList)):
                statements += children(from: oldList, to: newList, at: place, owner: target, field: new.name)
            case (.screen(let oldCase), .screen(let newCase)):
                statements += enumCase(from: oldCase, to: newCase, owner: target, field: new.name)
            case (.destination(let oldCase), .destination(let newCase)):
                guard let newCase else {
                    statements.append("\(place) = nil")
                    continue
                }
                statements += enumCase(from: oldCase, to: newCase, owner: target, field: new.name)
            default:
                statements.append("\(place) = " + value(new.value, named: new.name, column: 12 + place.count + 3))
            }
        }
        return statements
    }

    /// What a field of a snapshot holds.
    private enum ChildField {
        /// One child view model.
        case one(StateSnapshot)
        /// An optional child view model.
        case optional(StateSnapshot?)
        /// A list of children (a collection or a stack), each a view model's state or an entry's.
        case list([StateSnapshot])
        /// An enum that is always one of its cases (a root's screen).
        case screen(CaseSnapshot)
        /// An optional enum destination.
        case destination(CaseSnapshot?)
        /// An observed value.
        case value

        /// The field's kind; `optional` says whether a property holding one child view model is an
        /// optional one (both are a `StateSnapshot?` in a snapshot).
        init(_ value: any Equatable, optional: Bool) {
            // NB: by the dynamic type: a cast would wrap a child in an optional, or unwrap one.
            switch type(of: value) {
            case is StateSnapshot.Type: self = (value as? StateSnapshot).map(ChildField.one) ?? .value
            case is StateSnapshot?.Type:
                let child = value as? StateSnapshot
                if !optional, let child { self = .one(child) } else { self = .optional(child) }
            case is [StateSnapshot].Type: self = (value as? [StateSnapshot]).map(ChildField.list) ?? .value
            case is CaseSnapshot.Type: self = (value as? CaseSnapshot).map(ChildField.screen) ?? .value
            case is CaseSnapshot?.Type: self = .destination(value as? CaseSnapshot)
            default: self = .value
            }
        }
    }

    /// Whether the `@Child` property `name` of the view model `snapshot` was taken of holds an
    /// optional child: read from the view model, since a snapshot holds one child as an optional
    /// either way. Without the view model, an optional.
    private static func holdsOptionalChild(_ snapshot: StateSnapshot, _ name: String) -> Bool {
        guard let model = snapshot.source as? ViewModel,
              let property = model.childProperties.first(where: { $0.name == name })
        else { return true }
        return Mirror(reflecting: property.value).displayStyle == .optional
    }

    /// A child that appeared at `place`: freshly made, with what changed since, or as `shown`
    /// reads it from the view model.
    private mutating func appeared(_ child: StateSnapshot, at place: String, optional: Bool, shown: String) -> [String] {
        guard let (expression, fresh) = make(child) else {
            unwritable(child)
            return ["\(place) = \(shown)"]
        }
        return ["\(place) = ViewModelState(\(expression))"] + assignments(from: fresh, to: child, on: place + (optional ? "?" : ""), context: place)
    }

    /// The statements that turn the list `old` into `new`: entries kept in place are changed with
    /// `modify(as:)`; entries removed from the end, or from anywhere with the rest in order, are
    /// removed; otherwise the list is written whole, from its kept entries and its new ones.
    private mutating func children(from old: [StateSnapshot], to new: [StateSnapshot], at place: String, owner: String, field: String) -> [String] {
        // Where each new entry was in the old list: the same view model, or an equal value entry.
        var taken = Set<Int>()
        let origins: [Int?] = new.map { entry in
            let found = old.indices.first { index in
                guard !taken.contains(index) else { return false }
                if let source = entry.source { return old[index].source === source }
                return entry.entry != nil && old[index] == entry
            }
            if let found { taken.insert(found) }
            return found
        }
        var statements: [String] = []
        let kept = origins.enumerated().prefix { $0.element == $0.offset }.count
        let all = origins.compactMap { $0 }
        if kept == new.count {
            // The first entries, kept.
            let removed = old.count - kept
            if removed > 0 { statements.append(removed == 1 ? "\(place).removeLast()" : "\(place).removeLast(\(removed))") }
        } else if all.count == new.count, all == all.sorted() {
            // Some removed, the rest in order.
            for index in old.indices.reversed() where !taken.contains(index) {
                statements.append("\(place).remove(at: \(index))")
            }
        } else if kept == old.count {
            // Added at the end.
            for index in kept..<new.count {
                statements += added(new[index], at: place, owner: owner, field: field, index: index)
            }
        } else {
            // Anything else (moved, inserted): the list whole, from its kept entries and its new ones.
            var entries: [String] = []
            var later: [String] = []
            for (index, origin) in origins.enumerated() {
                if let origin {
                    entries.append("\(place)[\(origin)]")
                } else {
                    let (entry, changes) = entryExpression(new[index], owner: owner, field: field, index: index, at: place)
                    entries.append(entry)
                    later += changes
                }
            }
            statements = ["\(place) = [" + entries.joined(separator: ", ") + "]"] + later
        }
        for (index, origin) in origins.enumerated() {
            guard let origin, old[origin] != new[index] else { continue }
            statements += modify(new[index], from: old[origin], at: "\(place)[\(index)]")
        }
        return statements
    }

    /// The statements that add `entry` at the end of the list at `place`.
    private mutating func added(_ entry: StateSnapshot, at place: String, owner: String, field: String, index: Int) -> [String] {
        if entry.entry == nil, let (expression, fresh) = make(entry) {
            var statements = ["\(place).append(ViewModelState(\(expression)).erased)"]
            if fresh != entry { statements += modify(entry, from: fresh, at: "\(place)[\(index)]") }
            return statements
        }
        if let value = entry.entry, let literal = literals.source(for: (value as? CaseSnapshot)?.source ?? value, column: 20 + place.count) {
            // A value entry, as the list holds it.
            return ["\(place).append(\(literal))"]
        }
        let (expression, changes) = entryExpression(entry, owner: owner, field: field, index: index, at: place)
        return ["\(place).append(\(expression))"] + changes
    }

    /// A list entry as an expression of its state (`ViewModelState(…).erased`, `.entry(value)`, or
    /// as the view model shows it), and what changes it after.
    private mutating func entryExpression(
        _ entry: StateSnapshot, owner: String, field: String, index: Int, at place: String
    ) -> (expression: String, changes: [String]) {
        let shown = "\(owner).shown(\\.\(field), at: \(index))"
        if let value = entry.entry {
            // A value entry: its value, as the list holds it.
            let source = (value as? CaseSnapshot)?.source ?? value
            guard let literal = literals.source(for: source, column: 40) else { return (shown, []) }
            return (".entry(\(literal))", [])
        }
        guard let (expression, fresh) = make(entry) else {
            unwritable(entry)
            return (shown, [])
        }
        let changes = fresh != entry ? modify(entry, from: fresh, at: "\(place)[\(index)]") : []
        return ("ViewModelState(\(expression)).erased", changes)
    }

    /// The statements that turn the enum `old` (an optional destination, or a screen) into `new`:
    /// the same child changed through its case, or the new case.
    private mutating func enumCase(from old: CaseSnapshot?, to new: CaseSnapshot, owner: String, field: String) -> [String] {
        let place = "\(owner).\(field)"
        let access = "\(owner)[\\.\(field), case: \(new.typeName).\(new.caseName)]?"
        if let old, old.caseName == new.caseName, old.payload.count == 1, new.payload.count == 1,
           let oldChild = old.payload[0].value as? StateSnapshot, let newChild = new.payload[0].value as? StateSnapshot,
           oldChild.source === newChild.source {
            return assignments(from: oldChild, to: newChild, on: access, context: field)
        }
        let shown = "\(place) = \(owner).shown(\\.\(field))"
        let children = new.payload.compactMap { $0.value as? StateSnapshot }
        if children.isEmpty {
            // A case that holds no view model: its value.
            guard let literal = new.source.flatMap({ literals.source(for: $0, column: 12 + place.count + 3) }) else { return [shown] }
            return ["\(place) = \(literal)"]
        }
        guard children.count == 1, new.payload.count == 1, new.payload[0].label == nil, let child = children.first else { return [shown] }
        guard let (expression, fresh) = make(child) else {
            unwritable(child)
            return [shown]
        }
        return ["\(place) = \(new.typeName).\(new.caseName)(\(expression))"] + assignments(from: fresh, to: child, on: access, context: field)
    }

    /// `place.modify(as: Child.self) { … }` with the changes from `old` to `new`, marked `try` when a
    /// change reads a value from a file (`modify(as:)` rethrows what its closure throws).
    private mutating func modify(_ new: StateSnapshot, from old: StateSnapshot, at place: String) -> [String] {
        let inner = assignments(from: old, to: new, on: "$0", context: place)
        guard !inner.isEmpty else { return [] }
        let throwing = inner.contains { $0.contains("try ") }
        let head = (throwing ? "try " : "") + "\(place).modify(as: \(new.typeName).self)"
        return [head + closure(inner, after: 12 + head.count)]
    }

    private func make(_ child: StateSnapshot) -> (expression: String, fresh: StateSnapshot)? {
        guard let model = child.source as? ViewModel, let factory = childFactories[ObjectIdentifier(type(of: model))] else { return nil }
        return factory(model)
    }

    /// Notes, once per type, that a `child` appeared that the writer cannot make.
    private mutating func unwritable(_ child: StateSnapshot) {
        let note = "a \(child.typeName) appeared, and the test takes it as the view model shows it; to check its state "
            + "from the start, say how to make one: \(test.childWriterCall)(of: \(child.typeName).self) { … }"
        if !problems.contains(note) { problems.append(note) }
    }

    // MARK: - Values

    /// `value` as an expression: Swift source when it has a short one, otherwise read from a file.
    mutating func value(_ value: Any, named name: String, column: Int) -> String {
        // A `@Shared` property: its value, which the tester writes into every place that holds it.
        if let shared = value as? SharedSnapshot { return self.value(shared.value, named: name, column: column) }
        let expression = literals.expression(for: value, optional: false)
        let text = expression.map { literals.render($0, column: column) }
        if let text, text.count <= inlineLimit { return text }
        // An optional's value: the file holds the wrapped value, which the optional takes as it is.
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value {
            return self.value(wrapped, named: name, column: column)
        }
        if let encodable = value as? any Encodable, value is any Decodable, let data = encode(encodable) {
            let file = fileName(for: data, named: name)
            return "try recorded(\(dumpStringLiteral(file)), as: \(dumpTypeName(type(of: value))).self)"
        }
        if let text { return text }
        problems.append("\(name): a \(dumpTypeName(type(of: value))) has no Swift expression and is not Codable")
        return "/* \(name): \(dumpTypeName(type(of: value))) cannot be written */"
    }

    private func encode(_ value: any Encodable) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return nil }
        return Data(scrubber.scrub(text).utf8)
    }

    /// The file holding `data`: the one already written with the same contents, or a new one.
    private mutating func fileName(for data: Data, named name: String) -> String {
        if let existing = files.first(where: { $0.contents == data }) { return existing.name }
        let base = "\(className).\(Self.fileStem(name))"
        var candidate = base + ".json"
        var number = 2
        while files.contains(where: { $0.name == candidate }) {
            candidate = "\(base)-\(number).json"
            number += 1
        }
        files.append(DataFile(name: candidate, contents: data))
        return candidate
    }

    /// `name` with only letters, digits and `-`.
    static func fileStem(_ name: String) -> String {
        let stem = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
        return stem.isEmpty ? "value" : stem
    }

    // MARK: - Doubles

    /// The source of `client`'s double, answering what `answers` logged (the first answer for each key).
    mutating func double(_ client: RecordedClient, answers: [RecordedAnswers.Answer]) -> String {
        var lines = ["/// \(client.summary)", "private struct \(client.typeName): \(client.conformances.joined(separator: ", ")) {"]
        for (position, method) in client.methods.enumerated() {
            if position > 0 { lines.append("") }
            lines.append("    \(method.signature) {")
            var cases: [String] = []
            var seen: Set<String> = []
            for answer in answers where answer.method == method.name {
                let key = literals.source(for: answer.key) ?? dumpStringLiteral("\(answer.key)")
                guard seen.insert(key).inserted else { continue }
                let name = "\(method.name)-\(answer.key)"
                switch answer.result {
                case .success(let result):
                    cases.append("case \(key): return " + value(result, named: name, column: 8 + key.count + 14))
                case .failure(let error):
                    let thrown = literals.source(for: error, column: 8 + key.count + 13) ?? "CancellationError() /* \(dumpText(error)) */"
                    cases.append("case \(key): throw " + thrown)
                }
            }
            if cases.isEmpty {
                lines.append("        \(method.unrecorded)")
            } else {
                lines.append("        switch \(method.key) {")
                for line in cases { lines += line.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 } }
                lines.append("        default: \(method.unrecorded)")
                lines.append("        }")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

extension SessionRecorder {
    /// The generated test: the Swift file's name and text, and the data files it reads, by name.
    public func testFiles(_ test: RecordedTest) -> (files: [(name: String, contents: Data)], problems: [String]) {
        var writer = RecordedTestWriter(test: test, configuration: configuration)
        let source = writer.source(steps: steps, answers: answers.all, endsWithRunningTasks: hasRunningTasks)
        let files = [(name: "\(writer.className).swift", contents: Data(source.utf8))] + writer.files.map { ($0.name, $0.contents) }
        return (files, writer.problems)
    }

    /// Writes the generated test and the files it reads into `directory` (created if missing).
    /// - Returns: What could not be written as Swift (the test fails there), for the front end to report.
    @discardableResult
    public func writeTest(_ test: RecordedTest, to directory: URL) throws -> [String] {
        stop()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let (files, problems) = testFiles(test)
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.name), options: .atomic)
        }
        return problems
    }
}
