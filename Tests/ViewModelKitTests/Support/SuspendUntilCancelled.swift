import ViewModelKit

/// Suspends until cancelled.
func suspendUntilCancelled() async throws {
    let _: Void = try await withCallback { _ in }
}
