#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Hands signals to a thread of its own, where they are handled in an ordinary context.
///
/// The installed handler only writes the signal number to a pipe (which is safe in a signal
/// handler); the thread reads it and reacts: `SIGWINCH`, `SIGTSTP` and `SIGCONT` call the
/// listeners added for them, `SIGTERM`, `SIGINT` and `SIGHUP` restore every terminal and exit
/// with 128 + signal.
/// Because the reaction does not go through the main actor, it also happens when the main
/// actor is busy. (`DispatchSource` signal sources are not used: on Linux, libdispatch
/// installs its own handler once per signal and never again, so a second run in the same
/// process would lose signals once the previous disposition had been put back.)
enum SignalRouter {
    /// Signals that end the process after restoring the terminal.
    static let terminating: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// The write end of the pipe, read by the handler; -1 until the thread runs.
    fileprivate static let pipeWriteDescriptor = Atomic<Int32>(-1)

    private struct Installed {
        var users: Int
        var previous: sigaction
    }

    private struct State {
        var threadStarted = false
        var installed: [Int32: Installed] = [:]
        var listeners: [Int32: [Int: @Sendable () -> Void]] = [:]
        var terminationCleanups: [Int: @Sendable () -> Void] = [:]
        var lastListenerID = 0
    }

    private static let state = Mutex(State())

    /// Routes `signalNumber` to the thread until a matching ``uninstall(_:)``; nested calls
    /// are counted. The first call saves the previous disposition, the last puts it back.
    /// A terminating signal that was ignored when the first call came (as under `nohup`)
    /// stays ignored.
    static func install(_ signalNumber: Int32) {
        state.withLock { state in
            guard startThread(&state) else { return }
            if state.installed[signalNumber] != nil {
                state.installed[signalNumber]?.users += 1
                return
            }
            var previous = sigaction()
            guard sigaction(signalNumber, nil, &previous) == 0 else { return }
            state.installed[signalNumber] = Installed(users: 1, previous: previous)
            if terminating.contains(signalNumber), isIgnored(previous) { return }
            setHandler(forwardSignal, for: signalNumber, flags: Int32(SA_RESTART))
        }
    }

    /// Sets `handler` (a function or `SIG_DFL`) for `signalNumber`, with an empty mask and `flags`;
    /// the action it replaces goes to `previous` if given.
    static func setHandler(
        _ handler: (@convention(c) (Int32) -> Void)?, for signalNumber: Int32, flags: Int32 = 0,
        previous: UnsafeMutablePointer<sigaction>? = nil
    ) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        _ = sigaction(signalNumber, &action, previous)
    }

    /// Whether `action` is `SIG_IGN`.
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #elseif canImport(Musl)
        let handler = action.__sa_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return action.sa_flags & Int32(SA_SIGINFO) == 0 && unsafeBitCast(handler, to: Int.self) == 1
    }

    /// Undoes one ``install(_:)``.
    static func uninstall(_ signalNumber: Int32) {
        state.withLock { state in
            guard var installed = state.installed[signalNumber] else { return }
            installed.users -= 1
            if installed.users > 0 {
                state.installed[signalNumber] = installed
            } else {
                _ = sigaction(signalNumber, &installed.previous, nil)
                state.installed[signalNumber] = nil
            }
        }
    }

    /// Calls `listener` on the signal thread after each `signalNumber` that is not a terminating
    /// one (while it is installed).
    static func addListener(for signalNumber: Int32, _ listener: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.lastListenerID += 1
            state.listeners[signalNumber, default: [:]][state.lastListenerID] = listener
            return state.lastListenerID
        }
    }

    /// Calls `cleanup` on the signal thread when a terminating signal ends the process (while it is
    /// installed), before the terminals are restored.
    static func addTerminationCleanup(_ cleanup: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.lastListenerID += 1
            state.terminationCleanups[state.lastListenerID] = cleanup
            return state.lastListenerID
        }
    }

    /// Removes a cleanup added by ``addTerminationCleanup(_:)``.
    static func removeTerminationCleanup(_ id: Int) {
        _ = state.withLock { $0.terminationCleanups.removeValue(forKey: id) }
    }

    /// Removes a listener added by ``addListener(for:_:)``.
    static func removeListener(_ id: Int) {
        state.withLock { state in
            for signalNumber in state.listeners.keys { state.listeners[signalNumber]?[id] = nil }
        }
    }

    /// Creates the pipe and starts the thread once; `false` when the pipe cannot be made.
    private static func startThread(_ state: inout State) -> Bool {
        if state.threadStarted { return true }
        guard let ends = try? POSIX.makePipe() else { return false }
        _ = fcntl(ends.write, F_SETFL, fcntl(ends.write, F_GETFL) | O_NONBLOCK)
        pipeWriteDescriptor.store(ends.write, ordering: .releasing)
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(ends.read, &byte, 1)
                if count == 1 {
                    handle(Int32(byte))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "TerminalUI signals"
        thread.start()
        state.threadStarted = true
        return true
    }

    private static func handle(_ signalNumber: Int32) {
        if terminating.contains(signalNumber) {
            let cleanups = state.withLock { Array($0.terminationCleanups.values) }
            for cleanup in cleanups { cleanup() }
            RawModeSessions.restoreAll(exiting: true)
            exit(128 + signalNumber)
        } else {
            let listeners = state.withLock { Array($0.listeners[signalNumber, default: [:]].values) }
            for listener in listeners { listener() }
        }
    }
}

/// The signal handler: writes the signal number to the pipe and nothing else.
private func forwardSignal(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(SignalRouter.pipeWriteDescriptor.load(ordering: .acquiring), &byte, 1)
    errno = savedErrno
}

/// Puts the terminal back when the process crashes (a trap, a bad access, `abort`, `SIGQUIT`)
/// while in raw mode, then lets the previous handler (the Swift backtracer, or the default
/// action) carry on, so the crash report lands on the normal screen.
///
/// Everything its handler touches is set up beforehand: the termios to put back lives in
/// memory allocated once, and the descriptors in atomics.
enum CrashRestore {
    private static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGQUIT]
    fileprivate static let input = Atomic<Int32>(-1)
    fileprivate static let output = Atomic<Int32>(-1)
    private static let installed = Atomic<Bool>(false)
    fileprivate nonisolated(unsafe) static let savedTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    fileprivate nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    static let leaveSequence: StaticString = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    /// Makes a crash restore `saved` on `input` and leave the alternate screen on `output`.
    static func arm(input: Int32, output: Int32, saved: termios) {
        self.input.store(-1, ordering: .sequentiallyConsistent)
        savedTermios.initialize(to: saved)
        self.output.store(output, ordering: .sequentiallyConsistent)
        self.input.store(input, ordering: .sequentiallyConsistent)
        installHandlers()
    }

    /// Stops restoring on a crash (the terminal was restored normally).
    static func disarm(input: Int32) {
        _ = self.input.compareExchange(expected: input, desired: -1, ordering: .sequentiallyConsistent)
    }

    private static func installHandlers() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
        else { return }
        for signalNumber in crashSignals {
            SignalRouter.setHandler(restoreOnCrash, for: signalNumber, flags: Int32(SA_ONSTACK), previous: previousActions + Int(signalNumber))
        }
    }
}

/// The crash handler: restores the terminal, puts the previous handler back and returns, so
/// the faulting instruction runs again into that handler (or re-raises `SIGABRT`, `SIGTRAP`
/// and `SIGQUIT`, which would not come back by themselves).
private func restoreOnCrash(_ signalNumber: Int32) {
    let input = CrashRestore.input.exchange(-1, ordering: .sequentiallyConsistent)
    if input >= 0 {
        let output = CrashRestore.output.load(ordering: .sequentiallyConsistent)
        let sequence = CrashRestore.leaveSequence
        _ = write(output, sequence.utf8Start, sequence.utf8CodeUnitCount)
        _ = tcsetattr(input, TCSAFLUSH, CrashRestore.savedTermios)
    }
    _ = sigaction(signalNumber, CrashRestore.previousActions + Int(signalNumber), nil)
    if signalNumber == SIGABRT || signalNumber == SIGTRAP || signalNumber == SIGQUIT {
        _ = raise(signalNumber)
    }
}
