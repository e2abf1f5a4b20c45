#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Clears a one-line status (a spinner drawn with `\r`) on a terminal if `SIGINT`, `SIGTERM` or
/// `SIGHUP` ends the process while it shows, so the shell prompt does not land after it.
///
/// ```swift
/// let guardLine = SpinnerLineGuard(descriptor: STDERR_FILENO)
/// defer { guardLine.release() }
/// ```
/// The process then exits with 128 + the signal number, as it would have.
public final class SpinnerLineGuard: Sendable {
    private let cleanupID: Int

    /// Starts guarding the line on `descriptor` (standard error, 2, by default).
    public init(descriptor: Int32 = 2) {
        cleanupID = SignalRouter.addTerminationCleanup {
            let clear: StaticString = "\r\u{1B}[K"
            _ = write(descriptor, clear.utf8Start, clear.utf8CodeUnitCount)
            // NB: other threads keep running until the process is gone (exit handlers can take a
            // while), so a spinner frame could be drawn again after the clear. From here on, what
            // goes to `descriptor` goes nowhere.
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 {
                _ = dup2(null, descriptor)
                _ = close(null)
            }
        }
        for signalNumber in SignalRouter.terminating { SignalRouter.install(signalNumber) }
    }

    /// Stops guarding: the signals' previous dispositions come back. Call it once.
    public func release() {
        for signalNumber in SignalRouter.terminating { SignalRouter.uninstall(signalNumber) }
        SignalRouter.removeTerminationCleanup(cleanupID)
    }
}
