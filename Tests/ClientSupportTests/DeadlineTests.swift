import ViewModelKitClientSupport
import Synchronization
import XCTest

/// `withDeadline` answers at its deadline even when the operation does not notice its cancellation
/// (as FoundationNetworking's transfer of a redirect's body once did not).
final class DeadlineTests: XCTestCase {
    private struct Expired: Error, Equatable {}

    /// An operation that ends only when the test lets it, whatever its cancellation says.
    private final class Gate: Sendable {
        private let state = Mutex<(opened: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

        func wait() async {
            await withCheckedContinuation { continuation in
                let opened = state.withLock { state in
                    if !state.opened { state.waiter = continuation }
                    return state.opened
                }
                if opened { continuation.resume() }
            }
        }

        func open() {
            let waiter = state.withLock { state in
                state.opened = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    func test_theDeadline_answersWhileTheOperationIgnoresItsCancellation() async {
        let gate = Gate()
        defer { gate.open() }
        do {
            // A deadline of 1 ms on the real clock: the operation never ends before the test opens
            // the gate, after the answer.
            let value = try await withDeadline(.milliseconds(1), on: ContinuousClock(), expired: { Expired() }) {
                await gate.wait()
                return 1
            }
            XCTFail("the operation returned \(value) before the gate opened")
        } catch {
            XCTAssertEqual(error as? Expired, Expired())
        }
    }

    func test_theOperationsValue_isReturnedBeforeTheDeadline() async throws {
        let value = try await withDeadline(.seconds(3600), on: ContinuousClock(), expired: { Expired() }) { 42 }
        XCTAssertEqual(value, 42)
    }

    func test_theCallersCancellation_endsTheWait() async {
        let gate = Gate()
        defer { gate.open() }
        let wait = Task {
            try await withDeadline(.seconds(3600), on: ContinuousClock(), expired: { Expired() }) {
                await gate.wait()
                return 1
            }
        }
        wait.cancel()
        let result = await wait.result
        guard case .failure(let error) = result else { return XCTFail("the wait returned") }
        XCTAssertTrue(error is CancellationError, "\(error)")
    }
}
