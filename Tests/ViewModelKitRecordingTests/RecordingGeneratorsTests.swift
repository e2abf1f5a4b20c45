import Foundation
import Synchronization
import ViewModelKit
import ViewModelKitRecording
import ViewModelKitTesting
import XCTest

/// What a session's generators told is recorded and replayed in order: a refresh three seconds after
/// the first gets its own date in the recorded test.
final class RecordingGeneratorsTests: XCTestCase {
    private final class Ticking: Sendable {
        let seconds = Mutex(1_764_000_000.0)
        var generator: DateGenerator {
            DateGenerator { [self] in
                seconds.withLock { value in
                    defer { value += 3 }
                    return Date(timeIntervalSince1970: value)
                }
            }
        }
    }

    func testDatesAreRecordedAndReplayedInOrder() {
        let recording = RecordingDateGenerator(Ticking().generator)
        let now = recording.generator
        let first = now()
        let second = now()
        XCTAssertEqual(recording.dates, [first, second])
        XCTAssertEqual(
            recording.replaySource,
            ".sequence([Date(timeIntervalSince1970: 1764000000.0), Date(timeIntervalSince1970: 1764000003.0)])"
        )
        let replay = DateGenerator.sequence([first, second])
        XCTAssertEqual([replay(), replay()], [first, second])
    }

    func testUUIDsAreRecordedAndReplayedInOrder() {
        let recording = RecordingUUIDGenerator(.incrementing)
        let uuid = recording.generator
        _ = uuid()
        _ = uuid()
        XCTAssertEqual(recording.uuids, [UUID(0), UUID(1)])
        XCTAssertEqual(recording.replaySource, ".sequence([UUID(0), UUID(1)])")
        let replay = UUIDGenerator.sequence([UUID(0), UUID(1)])
        XCTAssertEqual([replay(), replay()], [UUID(0), UUID(1)])
    }

    @MainActor
    func testAReplayThatAsksMoreOftenThanTheSessionFails() {
        let reporter = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = reporter
        defer { IssueReporting.reporter = previous }
        let date = Date(timeIntervalSince1970: 5)
        let replay = DateGenerator.sequence([date])
        XCTAssertEqual(replay(), date)
        XCTAssertEqual(replay(), date, "the last date again")
        XCTAssertEqual(reporter.messages, [
            "The generator was asked for date 2, but its sequence holds 1: the code asks more often than the session it replays did.",
        ])
        let uuids = UUIDGenerator.sequence([])
        XCTAssertEqual(uuids(), UUID(0))
        XCTAssertEqual(reporter.messages.count, 2)
    }
}
