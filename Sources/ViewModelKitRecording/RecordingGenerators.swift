public import Foundation
public import ViewModelKit
internal import Synchronization

/// Tells dates from another generator and keeps each one, so that a recorded test replays the same
/// dates in the same order: give the view model ``generator`` while recording, and write
/// ``replaySource`` (`.sequence([…])`) where the test makes it.
///
/// ```swift
/// let dates = RecordingDateGenerator()
/// let model = GitHubNavigationViewModel(client: client, clock: clock, now: dates.generator)
/// // … the session …
/// let subject = "GitHubNavigationViewModel(client: RecordedGitHubClient(), clock: clock, now: \(dates.replaySource))"
/// ```
public final class RecordingDateGenerator: Sendable {
    private let base: DateGenerator
    private let told = KeptValues<Date>()

    /// Records what `base` tells; the system clock's date by default.
    public init(_ base: DateGenerator = .live) {
        self.base = base
    }

    /// The generator to give the view model: it tells `base`'s date and keeps it.
    public var generator: DateGenerator {
        DateGenerator { [base, told] in told.keep(base()) }
    }

    /// The dates told so far, in order.
    public var dates: [Date] { told.all }

    /// The Swift expression that replays them: `.sequence([Date(…), …])`.
    public var replaySource: String { told.sequenceSource }
}

/// Makes UUIDs with another generator and keeps each one, so that a recorded test replays the same
/// UUIDs in the same order, as ``RecordingDateGenerator`` does for dates.
public final class RecordingUUIDGenerator: Sendable {
    private let base: UUIDGenerator
    private let made = KeptValues<UUID>()

    /// Records what `base` makes; random UUIDs by default.
    public init(_ base: UUIDGenerator = .live) {
        self.base = base
    }

    /// The generator to give the view model: it makes `base`'s UUID and keeps it.
    public var generator: UUIDGenerator {
        UUIDGenerator { [base, made] in made.keep(base()) }
    }

    /// The UUIDs made so far, in order.
    public var uuids: [UUID] { made.all }

    /// The Swift expression that replays them: `.sequence([UUID(…), …])`.
    public var replaySource: String { made.sequenceSource }
}

/// The values a recording generator handed out, in order.
private final class KeptValues<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    /// Keeps `value` and returns it.
    func keep(_ value: Value) -> Value {
        values.withLock { $0.append(value) }
        return value
    }

    /// What was kept, in order.
    var all: [Value] { values.withLock { $0 } }

    /// `.sequence([a, b])`, each value as the recorded test writes it.
    var sequenceSource: String {
        ".sequence([" + all.map { SessionRecorder.swiftSource(for: $0) ?? "\($0)" }.joined(separator: ", ") + "])"
    }
}
