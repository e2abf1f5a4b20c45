import ViewModelKit
import ViewModelKitTesting
import Testing
import XCTest

/// `async` intents as SwiftUI's `.task` and `.refreshable` await them: `send` returns once the intent
/// waits on something the test controls, and the intent goes on when the test acts.
@MainActor
final class AsyncIntentTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    /// A number-fact client whose answers the test gives.
    struct FactClient: Sendable {
        let answers: ScriptedAnswers

        func fact(for number: Int) async throws -> String {
            try await answers.answer("FactClient", "fact", for: number)
        }
    }

    /// TCA's Refreshable case study, written as an MVVM view model: the view calls
    /// `.refreshable { await viewModel.refresh() }`.
    @MainActor
    final class RefreshableModel: ViewModel {
        @Observed private(set) var count = 0
        @Observed private(set) var fact: String?
        @Observed private(set) var isLoading = false
        let client: FactClient
        let clock: any Clock<Duration>

        init(client: FactClient, clock: any Clock<Duration> = TestClock()) {
            self.client = client
            self.clock = clock
        }

        func incrementButtonTapped() {
            count += 1
        }

        func refresh() async {
            isLoading = true
            defer { isLoading = false }
            fact = try? await client.fact(for: count)
        }

        /// `.task { await viewModel.onAppear() }`: waits a second, then counts.
        func onAppear() async {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            count += 1
        }

        func failingRefresh() async throws {
            _ = try await client.fact(for: count)
            throw Failure()
        }

        struct Failure: Error {}
    }

    private func makeTester(
        clock: TestClock = TestClock(), timeout: Duration = .seconds(1)
    ) -> (ViewModelTester<RefreshableModel>, ScriptedAnswers) {
        reporter = RecordingIssueReporter()
        let answers = ScriptedAnswers()
        let model = RefreshableModel(client: FactClient(answers: answers), clock: clock)
        return (ViewModelTester(model, timeout: timeout, clocks: [clock], reporter: reporter), answers)
    }

    func test_sendReturns_whileTheIntentWaitsForTheClient() async {
        let (tester, answers) = makeTester()
        await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        await answers.respond(to: "FactClient", "fact", for: 0, returning: "0 is a good number.")
        await tester.receive {
            $0.fact = "0 is a good number."
            $0.isLoading = false
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func test_cancellingTheRefresh_receivesWhatItsDeferWrites() async {
        let (tester, _) = makeTester()
        let refresh = await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        XCTAssertTrue(refresh.isRunning)
        await refresh.cancel()
        XCTAssertFalse(refresh.isRunning)
        await tester.receive { $0.isLoading = false }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func test_theNextIntentRuns_whileTheFirstWaits() async {
        let (tester, answers) = makeTester()
        await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await answers.respond(to: "FactClient", "fact", for: 0, returning: "0 is a good number.")
        await tester.receive {
            $0.fact = "0 is a good number."
            $0.isLoading = false
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func test_anIntentSleepingOnTheTestClock_goesOnWhenTheClockAdvances() async {
        let clock = TestClock()
        let (tester, _) = makeTester(clock: clock)
        let appear = await tester.send({ await $0.onAppear() })
        XCTAssertTrue(appear.isRunning)
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 1 }
        await appear.finish()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func test_aChangeNoAssertionReceived_isNamedAfterTheSend() async {
        let (tester, answers) = makeTester()
        await tester.send({ await $0.refresh() }) { $0.isLoading = true }; let sendLine = #line
        await answers.respond(to: "FactClient", "fact", for: 0, returning: "0 is a good number.")
        await tester.finish()
        XCTAssertEqual(reporter.issues.count, 1)
        let message = reporter.messages.first ?? ""
        XCTAssertTrue(message.contains("that no assertion received"), message)
        XCTAssertTrue(message.contains("from the intent sent at ViewModelKitTestingTests/AsyncIntentTests.swift:\(sendLine)"), message)
    }

    func test_anIntentStillRunningAtTheEnd_fails() async {
        // Only an intent waiting on the test is left: `finish` says so at once, not after its timeout.
        let (tester, _) = makeTester()
        await tester.send({ await $0.refresh() }) { $0.isLoading = true }; let sendLine = #line
        await tester.finish()
        XCTAssertEqual(reporter.issues.count, 1)
        let message = reporter.messages.first ?? ""
        XCTAssertTrue(
            message.hasPrefix("An intent is still running at the end of the test: the intent sent at "
                + "ViewModelKitTestingTests/AsyncIntentTests.swift:\(sendLine)."),
            message
        )
        XCTAssertTrue(message.contains("`await tester.send(…).cancel()`"), message)
    }

    func test_anErrorThrownAfterSendReturned_failsAtTheSend() async {
        let (tester, answers) = makeTester()
        await tester.send({ try await $0.failingRefresh() }); let sendLine = #line
        XCTAssertEqual(reporter.messages, [])
        await answers.respond(to: "FactClient", "fact", for: 0, returning: "0 is a good number.")
        await tester.finish()
        XCTAssertEqual(reporter.issues.map(\.line), [UInt(sendLine)])
        XCTAssertEqual(reporter.messages, ["The intent sent here threw an error after `send` returned: Failure()"])
    }

    func test_anIntentThatNeverWaits_isOneSendAsBefore() async {
        let (tester, _) = makeTester()
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ model in await Task.yield(); model.incrementButtonTapped() }) { $0.count = 2 }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }
}

/// Doubles that answer through continuations and streams of their own mark their waits with
/// `controlledByTest`; a wait the tester cannot see fails `send` after its timeout, saying so.
@MainActor
final class ControlledByTestTests: XCTestCase {
    /// A double whose calls wait on continuations the test resumes.
    @MainActor
    final class Gate {
        private var waiting: [CheckedContinuation<String, Never>] = []
        var marks = true

        func value() async -> String {
            if marks {
                return await controlledByTest { await withCheckedContinuation { waiting.append($0) } }
            }
            return await withCheckedContinuation { waiting.append($0) }
        }

        var isWaiting: Bool { !waiting.isEmpty }

        func open(with value: String) {
            let all = waiting
            waiting = []
            for continuation in all { continuation.resume(returning: value) }
        }
    }

    @MainActor
    final class GateModel: ViewModel {
        @Observed private(set) var value: String?
        @Observed private(set) var numbers: [Int] = []
        let gate: Gate
        let stream: AsyncStream<Int>

        init(gate: Gate, stream: AsyncStream<Int>) {
            self.gate = gate
            self.stream = stream
        }

        func load() async {
            value = await gate.value()
        }

        /// `.task { await viewModel.observeNumbers() }`: runs for the screen's life.
        func observeNumbers() async {
            for await number in stream.controlledByTest() { numbers.append(number) }
        }
    }

    private func makeTester(
        marks: Bool, timeout: Duration = .seconds(1)
    ) -> (ViewModelTester<GateModel>, Gate, AsyncStream<Int>.Continuation, RecordingIssueReporter) {
        let reporter = RecordingIssueReporter()
        let gate = Gate()
        gate.marks = marks
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        return (ViewModelTester(GateModel(gate: gate, stream: stream), timeout: timeout, reporter: reporter), gate, continuation, reporter)
    }

    func test_aMarkedContinuation_letsSendReturn() async {
        let (tester, gate, _, reporter) = makeTester(marks: true)
        await tester.send({ await $0.load() })
        XCTAssertTrue(gate.isWaiting)
        gate.open(with: "open")
        await tester.receive { $0.value = "open" }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func test_anUnmarkedContinuation_failsAfterTheTimeout_namingTheMark() async {
        let (tester, gate, _, reporter) = makeTester(marks: false, timeout: .milliseconds(50))
        await tester.send({ await $0.load() }); let sendLine = #line
        XCTAssertEqual(reporter.issues.map(\.line), [UInt(sendLine)])
        let message = reporter.messages.first ?? ""
        XCTAssertTrue(message.hasPrefix("The intent has not returned within 0.05 seconds, and it waits on nothing the test controls"), message)
        XCTAssertTrue(message.contains("`try await controlledByTest { … }`"), message)
        // The intent still runs, and the test goes on as if `send` had returned at once. The short
        // timeout was for the failure above; what follows must not depend on a loaded machine.
        tester.timeout = .seconds(5)
        gate.open(with: "open")
        await tester.receive { $0.value = "open" }
        await tester.finish()
        XCTAssertEqual(reporter.issues.count, 1)
    }

    func test_aMarkedStream_isObservedElementByElement_untilTheViewGoesAway() async {
        let (tester, _, numbers, reporter) = makeTester(marks: true)
        let observing = await tester.send({ await $0.observeNumbers() })
        numbers.yield(1)
        await tester.receive { $0.numbers = [1] }
        numbers.yield(2)
        await tester.receive { $0.numbers = [1, 2] }
        await observing.cancel()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    /// A client protocol that returns an `AsyncStream`, as many do.
    protocol NotificationsClient: Sendable {
        func notifications() -> AsyncStream<String>
    }

    final class NotificationsDouble: NotificationsClient {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        func notifications() -> AsyncStream<String> { stream.controlledByTest() }
    }

    @MainActor
    final class NotificationsModel: ViewModel {
        @Observed private(set) var last: String?
        private let client: any NotificationsClient

        init(client: any NotificationsClient) { self.client = client }

        /// `.task { await viewModel.listen() }`.
        func listen() async {
            for await message in client.notifications() { last = message }
        }
    }

    func test_aMarkedStream_isStillAnAsyncStream_forAProtocolThatReturnsOne() async {
        let reporter = RecordingIssueReporter()
        let client = NotificationsDouble()
        let tester = ViewModelTester(NotificationsModel(client: client), reporter: reporter)
        let listening = await tester.send({ await $0.listen() })
        XCTAssertEqual(reporter.messages, [], "send returns as soon as the intent waits on the stream")
        client.continuation.yield("3 notes changed")
        await tester.receive { $0.last = "3 notes changed" }
        await listening.cancel()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }
}

/// Under Swift Testing's parallel runner, one test's waits on its test clock never make another
/// test's `send` return early: the waits an intent counts are those of its own task tree.
@Suite struct AsyncIntentParallelTests {
    @MainActor
    final class CountModel: ViewModel {
        @Observed private(set) var count = 0
        let clock: any Clock<Duration>
        let stub: @Sendable () async -> Int

        init(clock: any Clock<Duration>, stub: @escaping @Sendable () async -> Int) {
            self.clock = clock
            self.stub = stub
        }

        func waitThenCount() async {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            count += 1
        }

        func load() async {
            count = await stub()
        }
    }

    @Test(arguments: 0..<16)
    @MainActor
    func aSendWaitsForItsOwnIntentOnly(index: Int) async {
        let reporter = RecordingIssueReporter()
        let clock = TestClock()
        // A stub that answers after hops off the main actor: never a wait on the test.
        let model = CountModel(clock: clock) {
            for _ in 0..<20 { await Task.detached { await Task.yield() }.value }
            return 7
        }
        // Suites running beside this one may hold the main thread (a scheduling scope runs every
        // hop there): the stub's hops may take long, and a send that returned early shows as a
        // wrong count, not as a timeout.
        let tester = ViewModelTester(model, timeout: .seconds(30), clocks: [clock], reporter: reporter)
        if index.isMultiple(of: 2) {
            await tester.send({ await $0.waitThenCount() })
            await clock.advance(by: .seconds(1))
            await tester.receive { $0.count = 1 }
        } else {
            await tester.send({ await $0.load() }) { $0.count = 7 }
        }
        await tester.finish()
        #expect(reporter.messages == [])
    }
}
