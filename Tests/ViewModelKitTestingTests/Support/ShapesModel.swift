// A view model with every shape of child and a client with every shape of method, for the tests
// of what the writers produce. WrittenShapesRoundTripTests copies this file, as it is, into a
// package of its own (module `Shapes`), where the written tests are built and run: so it imports
// only ViewModelKit, and what a written test names is public.
public import ViewModelKit

/// A client with one method of each shape a protocol client can have.
public protocol ShapesClient: Sendable {
    /// `async throws`, a value.
    func load(id: Int) async throws -> String
    /// `async throws`, nothing.
    func delete(id: Int) async throws
    /// `async`, a value.
    func count(of id: Int) async -> Int
    /// `async`, nothing.
    func ping(id: Int) async
    /// `throws`, a value.
    func status(of id: Int) throws -> String
    /// `throws`, nothing.
    func reset(id: Int) throws
    /// A value.
    func isEnabled(id: Int) -> Bool
    /// Nothing.
    func chime(id: Int)
    /// A stream that may fail.
    func updates(id: Int) -> AsyncThrowingStream<Int, any Error>
    /// A stream that cannot fail.
    func ticks(id: Int) -> AsyncStream<Int>
}

/// The double of ``ShapesClient`` that hands every call to its answers.
public struct ShapesClientDouble: ShapesClient {
    let answers: any ClientAnswers

    /// A double answered by `answers`.
    public init(answers: any ClientAnswers) {
        self.answers = answers
    }

    public func load(id: Int) async throws -> String { try await answers.answer("ShapesClient", "load", for: id) }
    public func delete(id: Int) async throws { try await answers.answer("ShapesClient", "delete", for: id) as Void }
    public func count(of id: Int) async -> Int { await answers.answer("ShapesClient", "count", for: id, otherwise: 0) }
    public func ping(id: Int) async { await answers.answer("ShapesClient", "ping", for: id, otherwise: ()) }
    public func status(of id: Int) throws -> String { try answers.answerNow("ShapesClient", "status", for: id) }
    public func reset(id: Int) throws { try answers.answerNow("ShapesClient", "reset", for: id) as Void }
    public func isEnabled(id: Int) -> Bool { answers.answerNow("ShapesClient", "isEnabled", for: id, otherwise: false) }
    public func chime(id: Int) { answers.answerNow("ShapesClient", "chime", for: id, otherwise: ()) }
    public func updates(id: Int) -> AsyncThrowingStream<Int, any Error> { answers.stream("ShapesClient", "updates", for: id) }
    public func ticks(id: Int) -> AsyncStream<Int> { answers.stream("ShapesClient", "ticks", for: id) }
}

/// A row of a list.
@MainActor
public final class ShapesRow: ViewModel {
    public let id: Int
    @Observed public private(set) var isDone = false

    public init(id: Int) {
        self.id = id
        super.init()
    }

    public func toggled() {
        recordIntent()
        isDone.toggle()
    }
}

/// A detail, presented or pushed.
@MainActor
public final class ShapesDetail: ViewModel {
    public let id: Int
    @Observed public private(set) var title = ""

    public init(id: Int) {
        self.id = id
        super.init()
    }

    public func titleChanged(_ title: String) {
        recordIntent(title)
        self.title = title
    }
}

/// The home screen.
@MainActor
public final class ShapesHome: ViewModel {
    @Observed public private(set) var visits = 0

    public override init() { super.init() }

    public func visited() {
        recordIntent()
        visits += 1
    }
}

/// The settings screen.
@MainActor
public final class ShapesSettings: ViewModel {
    @Observed public private(set) var isOn = false

    public override init() { super.init() }

    public func toggled() {
        recordIntent()
        isOn.toggle()
    }
}

/// A list, an optional child, a screen and a stack, and a client called every way.
@MainActor
public final class ShapesModel: ViewModel {
    /// The screen shown: always one of them.
    public enum Screen: ViewModelContainer {
        case home(ShapesHome)
        case settings(ShapesSettings)
    }

    /// An entry of the stack: a child, or a value.
    public enum Path: ViewModelContainer {
        case detail(ShapesDetail)
        case note(String)
    }

    @Observed public private(set) var text = ""
    @Observed public private(set) var number = 0
    @Observed public private(set) var isEnabled = false
    @Observed public private(set) var received: [Int] = []
    @Observed public private(set) var failed = false
    @Child public private(set) var rows: [ShapesRow] = []
    @Child public private(set) var detail: ShapesDetail?
    @Child public private(set) var screen: Screen = .home(ShapesHome())
    @Child public private(set) var path: [Path] = []

    private let client: any ShapesClient

    public init(client: any ShapesClient) {
        self.client = client
        super.init()
    }

    // MARK: Children

    public func rowAdded() {
        recordIntent()
        rows.append(ShapesRow(id: rows.count + 1))
    }

    public func rowsReversed() {
        recordIntent()
        rows.reverse()
    }

    public func firstRowRemoved() {
        recordIntent()
        if !rows.isEmpty { rows.removeFirst() }
    }

    public func detailOpened() {
        recordIntent()
        detail = ShapesDetail(id: 7)
    }

    public func detailClosed() {
        recordIntent()
        detail = nil
    }

    public func settingsShown() {
        recordIntent()
        screen = .settings(ShapesSettings())
    }

    public func homeShown() {
        recordIntent()
        screen = .home(ShapesHome())
    }

    public func detailPushed() {
        recordIntent()
        path.append(.detail(ShapesDetail(id: path.count)))
    }

    public func notePushed(_ note: String) {
        recordIntent(note)
        path.append(.note(note))
    }

    public func popped() {
        recordIntent()
        if !path.isEmpty { path.removeLast() }
    }

    // MARK: The client, every way

    /// An `async` intent, as a view's `.refreshable` awaits it.
    public func refreshed() async {
        guard (try? await client.load(id: 9)) != nil else { return }
        text = "refreshed"
    }

    public func loadTapped() {
        task(id: "load") { [weak self, client] in
            let text = try await client.load(id: 1)
            self?.text = text
        }
    }

    public func deleteTapped() {
        task(id: "delete") { [weak self, client] in
            do {
                try await client.delete(id: 2)
                self?.text = "deleted"
            } catch is CancellationError {
            } catch {
                self?.failed = true
            }
        }
    }

    public func countTapped() {
        task(id: "count") { [weak self, client] in
            let number = await client.count(of: 3)
            self?.number = number
        }
    }

    public func pingTapped() {
        task(id: "ping") { [weak self, client] in
            await client.ping(id: 4)
            self?.text = "pinged"
        }
    }

    public func statusTapped() {
        do {
            text = try client.status(of: 5)
        } catch {
            failed = true
        }
    }

    public func resetTapped() {
        do {
            try client.reset(id: 6)
            number = 0
        } catch {
            failed = true
        }
    }

    public func enabledChecked() {
        isEnabled = client.isEnabled(id: 7)
    }

    public func chimeTapped() {
        client.chime(id: 8)
        number += 1
    }

    public func updatesStarted() {
        task(id: "updates") { [weak self, client] in
            for try await update in client.updates(id: 9) { self?.received.append(update) }
        }
    }

    public func ticksStarted() {
        task(id: "ticks") { [weak self, client] in
            for await tick in client.ticks(id: 10) { self?.received.append(tick) }
        }
    }
}
