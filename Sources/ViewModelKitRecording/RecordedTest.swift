/// What a generated test needs beyond the recording: its name, its imports, how it builds the view
/// model, and the test doubles standing for the clients.
///
/// ```swift
/// RecordedTest(
///     name: "CounterSession",
///     imports: ["ViewModelKitExampleCounter"],
///     subject: "CounterViewModel(client: RecordedNumberFactClient(), clock: clock)",
///     clients: [numberFacts]
/// )
/// ```
public struct RecordedTest: Sendable {
    /// The test's name: the file is `<name>Tests.swift`, the class `<name>Tests`.
    public var name: String
    /// The modules the test imports besides `ViewModelKit`, `ViewModelKitTesting`, `XCTest`
    /// (and `Foundation` when it needs it).
    public var imports: [String]
    /// The expression that builds the view model as the session started, with the test's `clock`
    /// (a `TestClock`) and the doubles of ``clients``.
    public var subject: String
    /// The doubles the test defines, one per client the session used.
    public var clients: [RecordedClient]
    /// The comment at the top of the file: how the session was recorded.
    public var summary: String
    /// Secrets the front end knows (a token): no run of them reaches anything written. Anything
    /// shaped like a GitHub token or an `Authorization` value is removed as well.
    public var secrets: [String]

    /// The test method's name.
    package var testFunctionName = "testRecordedSession"
    /// The call that says how to make a child, as a note about a child the writer cannot make names it.
    package var childWriterCall = "recorder.writeChildren"
    /// Lines after `let clock = TestClock()`, before the tester.
    package var setup: [String] = []
    /// Declarations after the test class (an exploration's scripted doubles).
    package var declarations: [String] = []
    /// Whether each step is written with the changes it makes (`send(…) { $0.count = 1 }`, `receive { … }`).
    /// When not, the tester is not exhaustive and the steps only drive the view model, a task's
    /// changes skipped: an exploration's test, which a fix may change on the way to the broken step.
    package var assertsSteps = true
    /// The check that the broken step did not reach the broken state (an exploration's test), before its closure.
    package var brokenCheck = "tester.assertNotReached(from: before)"
    /// The lines that end the test instead of `finish()` (an exploration's broken invariant).
    package var ending: [String]?
    /// When set, the tester lives in a scope of its own, and once it ends the view model must have
    /// been released; the message is the failure's (an exploration's "no task outlives the view model").
    package var releaseCheck: String?

    /// Describes a test to write.
    public init(
        name: String, imports: [String], subject: String, clients: [RecordedClient] = [], summary: String = "", secrets: [String] = []
    ) {
        self.name = name
        self.imports = imports
        self.subject = subject
        self.clients = clients
        self.summary = summary
        self.secrets = secrets
    }
}

/// A test double the generated test defines for one client: a type whose methods answer what the
/// live client answered, keyed by an argument.
///
/// ```swift
/// RecordedClient(
///     typeName: "RecordedNumberFactClient",
///     conformances: ["NumberFactClientProtocol"],
///     summary: "What the Numbers API answered during the session.",
///     methods: [.init(name: "fetchFact", signature: "func fetchFact(number: Int) async throws -> String",
///                     key: "number", unrecorded: "throw NumberFactError.noFact(number)")]
/// )
/// ```
public struct RecordedClient: Sendable {
    /// One method of the double.
    public struct Method: Sendable {
        /// The name answers are logged under (``RecordedAnswers/record(_:_:for:isolation:_:)``).
        public var name: String
        /// The method's declaration, e.g. `func fetchFact(number: Int) async throws -> String`.
        public var signature: String
        /// The expression the method switches on: an argument, or one made of several
        /// (`"\(owner)/\(name)"`); its values are the keys the answers were logged under.
        public var key: String
        /// What the method does for a key the session never asked: a statement that throws or returns.
        public var unrecorded: String

        /// Describes a method.
        public init(name: String, signature: String, key: String, unrecorded: String) {
            self.name = name
            self.signature = signature
            self.key = key
            self.unrecorded = unrecorded
        }
    }

    /// The double's type name.
    public var typeName: String
    /// The client name its answers are logged under (``RecordedAnswers``, or the `client` of a
    /// `ClientAnswers` call): the client's double names it. ``typeName`` unless given.
    public var answeredAs: String
    /// The protocols it conforms to.
    public var conformances: [String]
    /// Its doc comment.
    public var summary: String
    /// Its methods.
    public var methods: [Method]

    /// Describes a double.
    public init(typeName: String, answeredAs: String? = nil, conformances: [String], summary: String, methods: [Method]) {
        self.typeName = typeName
        self.answeredAs = answeredAs ?? typeName
        self.conformances = conformances
        self.summary = summary
        self.methods = methods
    }
}
