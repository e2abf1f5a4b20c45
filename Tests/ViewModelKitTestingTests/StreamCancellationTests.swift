import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A multicast source of numbers: every subscriber gets its own stream of what is sent after it
/// subscribed (as TCA's EffectCancellationTests use a subject).
@MainActor
final class NumberSource {
    private var continuations: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextID = 0

    /// A stream of the numbers sent from now on.
    func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let id = nextID
        nextID += 1
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    /// Sends `value` to every subscriber.
    func send(_ value: Int) {
        for continuation in continuations.values { continuation.yield(value) }
    }
}

/// Appends what a source sends until the subscription is cancelled.
@MainActor
final class SubscriptionModel: ViewModel {
    @Observed private(set) var values: [Int] = []
    private let source: NumberSource

    init(source: NumberSource) { self.source = source }

    func startTapped() {
        let stream = source.subscribe()
        task(id: "subscription") { [weak self] in
            for await value in stream { self?.values.append(value) }
        }
    }

    func stopTapped() {
        cancelTask(id: "subscription")
    }
}

/// When `send` and `receive` return, each task of the view model has run until it waits on
/// something outside it, so an intent that cancels a task finds it waiting, and what its source
/// sends afterwards never arrives (TCA's EffectCancellationTests.testCancellation).
@MainActor
final class StreamCancellationTests: XCTestCase {
    private func cancelAfterTwoValues() async -> [Int] {
        let source = NumberSource()
        let model = SubscriptionModel(source: source)
        let tester = ViewModelTester(model)
        await tester.send({ $0.startTapped() })
        source.send(1)
        await tester.receive { $0.values = [1] }
        source.send(2)
        await tester.receive { $0.values = [1, 2] }
        await tester.send({ $0.stopTapped() })
        source.send(3)
        await tester.finish()
        return model.values
    }

    func testACancelledSubscriptionGetsNothingSentAfterTheCancellingIntent() async {
        for _ in 0..<20 {
            let values = await cancelAfterTwoValues()
            XCTAssertEqual(values, [1, 2])
        }
    }

    func testACancelledSubscriptionGetsNothingSentAfterTheCancellingIntentUnderMainActorScheduling() async {
        await withMainActorScheduling {
            for _ in 0..<20 {
                let values = await cancelAfterTwoValues()
                XCTAssertEqual(values, [1, 2])
            }
        }
    }
}
