import XCTest
@testable import ViewModelKit

@MainActor
final class TaskTests: XCTestCase {
    func testATaskRunsOnTheMainActorAndIsForgottenWhenItEnds() async throws {
        let model = CounterModel()
        let task = model.task(id: "bump") { [weak model] in
            model?.count += 1
            return model?.count ?? -1
        }
        XCTAssertTrue(model.isTaskRunning(id: "bump"))
        XCTAssertEqual(model.runningTaskIDs, ["bump"])
        let value = try await task.value
        XCTAssertEqual(value, 1)
        XCTAssertFalse(model.isTaskRunning(id: "bump"))
        XCTAssertEqual(model.runningTaskIDs, [])
    }

    func testStartingAgainUnderTheSameIdCancelsTheTaskInFlight() async {
        let model = CounterModel()
        let first = model.task(id: "load") { try await suspendUntilCancelled() }
        let second = model.task(id: "load") { try await suspendUntilCancelled() }
        let firstResult = await first.result
        XCTAssertThrowsError(try firstResult.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertFalse(second.isCancelled)
        XCTAssertEqual(model.runningTaskIDs, ["load"])
        model.cancelTask(id: "load")
        _ = await second.result
        XCTAssertEqual(model.runningTaskIDs, [])
    }

    func testWithoutCancelInFlightBothRunAndCancelByIdStopsBoth() async {
        let model = CounterModel()
        let first = model.task(id: 7) { try await suspendUntilCancelled() }
        let second = model.task(id: 7, cancelInFlight: false) { try await suspendUntilCancelled() }
        let other = model.task(id: "other") { try await suspendUntilCancelled() }
        XCTAssertEqual(model.runningTaskIDs, [7, 7, "other"])
        model.cancelTask(id: 7)
        _ = await first.result
        _ = await second.result
        XCTAssertTrue(first.isCancelled && second.isCancelled)
        XCTAssertFalse(other.isCancelled)
        XCTAssertEqual(model.runningTaskIDs, ["other"])
        model.cancelAllTasks()
        _ = await other.result
        XCTAssertTrue(other.isCancelled)
    }

    func testDeinitCancelsEveryTask() async {
        var model: CounterModel? = CounterModel()
        weak let weakModel = model
        let tasks = [
            model?.task(id: "a") { try await suspendUntilCancelled() },
            model?.task(id: "b") { try await suspendUntilCancelled() },
        ].compactMap { $0 }
        model = nil
        XCTAssertNil(weakModel)
        for task in tasks {
            let result = await task.result
            XCTAssertThrowsError(try result.get())
        }
    }

    func testRunningTasksNameTheIntentThatStartedThem() {
        let model = CounterModel()
        func refreshButtonTapped() {
            model.task(id: "refresh") { try await suspendUntilCancelled() }
        }
        refreshButtonTapped()
        XCTAssertEqual(model.runningTasks.map(\.origin), ["refreshButtonTapped()"])
        model.cancelAllTasks()
    }

    func testACancelledTaskLeavesTheRunningIDsAtOnceAndTheToolsListWhenItEnds() async {
        let model = CounterModel()
        let (gate, opener) = AsyncStream<Void>.makeStream()
        // It ignores cancellation: only the gate's end lets it return.
        let task = model.task(id: "load") {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    Task { for await _ in gate {}; continuation.resume() }
                }
            } onCancel: {}
        }
        model.cancelTask(id: "load")
        XCTAssertFalse(model.isTaskRunning(id: "load"))
        XCTAssertEqual(model.runningTaskIDs, [])
        XCTAssertEqual(model.runningTasks.map(\.id), ["load"], "tools see it until its operation returns")
        opener.finish()
        _ = await task.result
        XCTAssertEqual(model.runningTasks.map(\.id), [])
    }

    func testAReplacedTaskIsLeftOutOfTheRunningIDsButToolsSeeItUntilItEnds() async {
        let model = CounterModel()
        let first = model.task(id: "load") { try await suspendUntilCancelled() }
        let second = model.task(id: "load") { try await suspendUntilCancelled() }
        XCTAssertEqual(model.runningTaskIDs, ["load"])
        XCTAssertEqual(model.runningTasks.count, 2, "the replaced task has not unwound yet")
        _ = await first.result
        XCTAssertEqual(model.runningTasks.count, 1)
        model.cancelAllTasks()
        _ = await second.result
        XCTAssertEqual(model.runningTasks.count, 0)
    }
}
