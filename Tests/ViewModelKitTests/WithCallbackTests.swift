import TestSupport
import XCTest
@testable import ViewModelKit

@MainActor
final class WithCallbackTests: XCTestCase {
    func testDeliversTheFirstResultOnly() async throws {
        let value: Int = try await withCallback { resume in
            resume(.success(1))
            resume(.success(2))
            resume(.failure(CancellationError()))
        }
        XCTAssertEqual(value, 1)
    }

    func testDeliversALaterCallback() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: (@Sendable (Result<String, any Error>) -> Void).self)
        async let value: String = withCallback { resume in continuation.yield(resume) }
        for await resume in stream {
            resume(.success("late"))
            break
        }
        let result = try await value
        XCTAssertEqual(result, "late")
    }

    func testCancellationEndsTheWaitForACallbackThatNeverComes() async {
        let task = Task { try await suspendUntilCancelled() }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
    }

    func testPassesErrorsThrough() async {
        struct Boom: Error {}
        do {
            let _: Int = try await withCallback { $0(.failure(Boom())) }
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is Boom)
        }
    }

    func testWithCallbackThatNeverCallsBackEndsWhenItsTaskIsCancelled() async {
        let service = SilentCallbackService()
        let task = Task { try await service.request() }
        await waitUntil({ service.started == 1 }, "started")
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        service.answerLate()
        XCTAssertEqual(service.cancelled, 1)
        XCTAssertEqual(service.other, 0)

        // Cancelled before it starts: the callback API is never even called.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await service.request()
        }
        let earlyResult = await early.result
        XCTAssertThrowsError(try earlyResult.get())
        XCTAssertEqual(service.started, 1, "a cancelled caller starts no request")
    }

    /// Yields until `condition` holds: the tasks being waited for run on the cooperative pool.
    private func waitUntil(_ condition: () -> Bool, _ message: String) async {
        if !(await yieldUntil(condition)) { XCTFail("never happened: \(message)") }
    }
}
