#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Terminal {
    /// Stops the process the way Ctrl-Z does in a shell, with the terminal as it was before
    /// ``start()``, and comes back in raw mode on the alternate screen when the shell continues it
    /// (`fg`, `SIGCONT`).
    ///
    /// In raw mode Ctrl-Z is an ordinary key (`ISIG` is off), so the app calls this when it reads
    /// one.
    /// - Returns: Whether the terminal was left and entered again: the caller redraws everything.
    func suspendForJobControl() -> Bool {
        guard isStarted else { return false }
        restore()
        var previous = sigaction()
        // NB: the disposition is not consulted: the Swift runtime starts the process with `SIGTSTP`
        // ignored, which says nothing about whether the shell does job control.
        if sigaction(SIGTSTP, nil, &previous) == 0 {
            SignalRouter.setHandler(SIG_DFL, for: SIGTSTP)
            // NB: this may run on a thread that blocks signals (a Dispatch worker); unblocked, `raise`
            // stops this thread, and so the process, before it returns.
            var only = sigset_t()
            var mask = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, SIGTSTP)
            _ = pthread_sigmask(SIG_UNBLOCK, &only, &mask)
            _ = raise(SIGTSTP)
            _ = pthread_sigmask(SIG_SETMASK, &mask, nil)
            _ = sigaction(SIGTSTP, &previous, nil)
        }
        do {
            try start()
        } catch {
            return false
        }
        return true
    }
}
