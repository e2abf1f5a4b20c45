import ViewModelKit

/// Live transcription, as a meetings app's record screen receives it.
protocol SpeechClient: Sendable {
    /// The words recognised, as they are recognised; fails if recognition fails.
    func words() -> AsyncThrowingStream<String, any Error>
}

/// Speech that says `script`, one word per `interval` on `clock`, then fails if `failure` is set.
struct ScriptedSpeech: SpeechClient {
    struct Failure: Error {}

    var script: [String]
    var interval: Duration
    var clock: any Clock<Duration>
    var fails = false

    func words() -> AsyncThrowingStream<String, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
        let producer = Task { [script, interval, clock, fails] in
            for word in script {
                do { try await clock.sleep(for: interval) } catch { break }
                continuation.yield(word)
            }
            continuation.finish(throwing: fails ? Failure() : nil)
        }
        continuation.onTermination = { _ in producer.cancel() }
        return stream
    }
}

/// Searches that answer at once.
protocol SearchClient: Sendable {
    func search(_ query: String) async throws -> [String]
}

struct EchoSearch: SearchClient {
    func search(_ query: String) async throws -> [String] { [query.uppercased()] }
}

/// The record screen of a meetings app: a timer that ends the meeting after `duration` seconds,
/// a transcript streamed while it runs, an alert that pauses the timer, and a debounced search of
/// the notes.
@MainActor
final class RecordMeetingModel: ViewModel {
    @Observed private(set) var secondsElapsed = 0
    /// Each word with the second it arrived in: `"2:hello"`.
    @Observed private(set) var transcript: [String] = []
    @Observed private(set) var alert: String?
    @Observed private(set) var results: [String] = []
    /// The second each search result arrived in.
    @Observed private(set) var resultsArrivedAt: Int?

    let duration: Int
    private let clock: any Clock<Duration>
    private let speech: any SpeechClient
    private let search: any SearchClient

    init(duration: Int, clock: any Clock<Duration>, speech: any SpeechClient, search: any SearchClient = EchoSearch()) {
        self.duration = duration
        self.clock = clock
        self.speech = speech
        self.search = search
    }

    /// The screen appeared: the timer starts and the transcript streams in.
    func onAppear() {
        startTimer()
        task(id: "speech") { [weak self, speech] in
            do {
                for try await word in speech.words() {
                    guard let self else { return }
                    transcript.append("\(secondsElapsed):\(word)")
                }
            } catch {
                self?.speechFailed()
            }
        }
    }

    /// The user asked to end the meeting early: the timer pauses behind an alert.
    func endMeetingButtonTapped() {
        cancelTask(id: "timer")
        alert = "End meeting?"
    }

    /// The user dismissed the alert: the timer goes on.
    func resumeButtonTapped() {
        alert = nil
        startTimer()
    }

    /// The user typed into the notes' search field.
    func searchTextChanged(_ text: String) {
        task(id: "search") { [weak self, clock, search] in
            try await clock.sleep(for: .milliseconds(300))
            let found = try await search.search(text)
            try Task.checkCancellation()
            guard let self else { return }
            results = found
            resultsArrivedAt = secondsElapsed
        }
    }

    private struct MeetingEnded: Error {}

    private func speechFailed() {
        cancelTask(id: "timer")
        alert = "Speech recognition failed."
    }

    private func startTimer() {
        task(id: "timer") { [weak self, clock] in
            do {
                try await repeatEvery(.seconds(1), on: clock) {
                    guard let self else { throw MeetingEnded() }
                    self.secondsElapsed += 1
                    if self.secondsElapsed >= self.duration { throw MeetingEnded() }
                }
            } catch is MeetingEnded {}
        }
    }
}
