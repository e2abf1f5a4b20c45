internal import Synchronization

/// Marks a wait that only the test ends: a client double's call that the test answers later, a
/// stream the test sends elements into.
///
/// An `async` intent that a test sends (`await tester.send({ await $0.refresh() })`) runs until it
/// returns or until it waits on something the test controls; then `send` returns, and the intent goes
/// on when the test answers. The tester knows the waits of ``TestClock`` and of `ScriptedAnswers`.
/// A double that answers through a continuation of its own says so with this function:
///
/// ```swift
/// func fetchRepositories(user: String) async throws -> [GitHubRepository] {
///     try await controlledByTest {
///         try await withCheckedThrowingContinuation { continuation in
///             pending.withLock { $0.append((user, continuation)) }
///         }
///     }
/// }
/// ```
///
/// Outside a tester's `send` it only runs `body`.
///
/// - Parameters:
///   - isolation: Where the caller runs; `body` runs there too. Leave the default.
///   - body: The wait.
/// - Returns: What `body` returns.
public func controlledByTest<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> T
) async rethrows -> T {
    guard let scope = ControlledWaits.scope else { return try await body() }
    scope.begin()
    defer { scope.end() }
    return try await body()
}

extension AsyncSequence {
    /// This sequence, its waits for the next element marked as ones only the test ends (see
    /// ``controlledByTest(isolation:_:)``): for a stream a test double hands out and the test
    /// feeds.
    ///
    /// ```swift
    /// final class NotificationsDouble: NotificationsClient {
    ///     let (stream, continuation) = AsyncStream.makeStream(of: Note.self)
    ///     var notes: some AsyncSequence<Note, Never> { stream.controlledByTest() }
    /// }
    /// ```
    public func controlledByTest() -> ControlledByTestSequence<Self> {
        ControlledByTestSequence(base: self)
    }
}

extension AsyncStream {
    /// This stream, its waits for the next element marked as ones only the test ends, as an
    /// `AsyncStream` still: for a client protocol that returns one.
    ///
    /// ```swift
    /// protocol NotificationsClient: Sendable {
    ///     func notifications() -> AsyncStream<String>
    /// }
    ///
    /// final class NotificationsDouble: NotificationsClient {
    ///     let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    ///     func notifications() -> AsyncStream<String> { stream.controlledByTest() }
    /// }
    /// ```
    ///
    /// It ends when this stream ends, or when the task iterating it is cancelled.
    public func controlledByTest() -> AsyncStream<Element> {
        let iterator = StreamIterator(base: makeAsyncIterator())
        return AsyncStream { await iterator.next() }
    }

    /// The iterator of the stream that `controlledByTest()` wraps, which the stream it makes
    /// advances: an `AsyncStream` has one consumer, so one call runs at a time.
    private final class StreamIterator: @unchecked Sendable {
        private var base: AsyncStream<Element>.Iterator

        init(base: AsyncStream<Element>.Iterator) { self.base = base }

        func next() async -> Element? {
            guard let scope = ControlledWaits.scope else { return await base.next() }
            scope.begin()
            defer { scope.end() }
            return await base.next()
        }
    }
}

/// An asynchronous sequence whose waits for the next element only the test ends; see
/// `AsyncSequence.controlledByTest()`.
public struct ControlledByTestSequence<Base: AsyncSequence>: AsyncSequence {
    /// The sequence's elements: the base's.
    public typealias Element = Base.Element
    /// The error iterating it throws: the base's.
    public typealias Failure = Base.Failure

    let base: Base

    /// Makes an iterator over the base's elements.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator())
    }

    /// Iterates the base, marking each wait for an element as one only the test ends.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator

        /// The base's next element, waited for as a wait only the test ends.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Base.Failure) -> Base.Element? {
            guard let scope = ControlledWaits.scope else { return try await base.next(isolation: actor) }
            scope.begin()
            defer { scope.end() }
            return try await base.next(isolation: actor)
        }

        /// The base's next element (for callers without isolation).
        public mutating func next() async throws(Base.Failure) -> Base.Element? {
            try await next(isolation: nil)
        }
    }
}

extension ControlledByTestSequence: Sendable where Base: Sendable {}

/// The waits that only the test ends, counted for the intent a tester's `send` is running.
enum ControlledWaits {
    /// The scope of the intent being sent: set around it, so the tasks it starts inherit it.
    @TaskLocal static var scope: Scope?

    /// Counts the waits only the test ends of one intent and the tasks it started.
    final class Scope: Sendable {
        private let waiting = Atomic<Int>(0)

        /// A wait began.
        func begin() {
            waiting.add(1, ordering: .relaxed)
        }

        /// A wait ended.
        func end() {
            waiting.subtract(1, ordering: .relaxed)
        }

        /// Whether a wait only the test ends is going on now.
        var isWaiting: Bool { waiting.load(ordering: .relaxed) > 0 }
    }
}
