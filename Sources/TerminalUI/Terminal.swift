#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Why the terminal could not be set up or an app could not run.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed: its name and `errno`.
    case systemCall(String, errno: Int32)
    /// ``TerminalApp/run(render:handle:)`` was called while it was already running.
    case alreadyRunning

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .systemCall(let name, let code):
            let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return "\(name) failed: \(reason)"
        case .alreadyRunning:
            return "the terminal app is already running"
        }
    }
}

/// The real terminal: raw mode through termios, the alternate screen, the size.
///
/// ``start()`` puts the terminal in raw mode: no echo, no line editing, no signals from
/// keys (Ctrl-C, Ctrl-Z and Ctrl-\ arrive as input), no CR/LF translation or flow control
/// on input. Output post-processing (`OPOST`) is kept, so a stray `"\n"` printed while the
/// screen is up still starts a new line at the left; ``FrameDiffer`` output does not rely
/// on it. It also switches to the alternate screen, hides the cursor and turns off
/// automatic wrapping (so a line the terminal measures wider than expected is clipped, not
/// wrapped onto the next row).
///
/// ``restore()`` undoes all of it. Until then the terminal is also restored at exit
/// (`atexit`), on `SIGTERM`, `SIGINT` and `SIGHUP` (handled on a thread of their own, so
/// even while the main actor is busy; the process then exits with status 128 + signal; a
/// signal that was ignored at ``start()``, as under `nohup`, stays ignored), and on a
/// crash (trap, bad access, `abort`, `SIGQUIT`), before the crash report is printed.
@MainActor
public final class Terminal {
    /// Whether standard input and standard output are both terminals.
    public nonisolated static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Where keys are read from and whose termios is changed.
    let inputDescriptor: Int32
    /// Where output goes and whose size is asked.
    let outputDescriptor: Int32
    /// The raw-mode session, while started.
    private var sessionID: Int?
    /// The termios set by ``start()``.
    private var rawSettings = termios()

    /// The terminal on standard input and output, or `nil` when they are not both terminals.
    public convenience init?() {
        guard Self.isInteractive else { return nil }
        self.init(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO)
    }

    /// A terminal on other descriptors (a pseudo-terminal in tests).
    init(inputDescriptor: Int32, outputDescriptor: Int32) {
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
    }

    /// Columns and rows from `ioctl(TIOCGWINSZ)`, or 80×24 when the terminal does not say.
    public var size: (columns: Int, rows: Int) {
        for descriptor in [outputDescriptor, inputDescriptor] {
            var window = winsize()
            let result = withUnsafeMutablePointer(to: &window) {
                ioctl(descriptor, UInt(TIOCGWINSZ), $0)
            }
            if result == 0, window.ws_col > 0, window.ws_row > 0 {
                return (Int(window.ws_col), Int(window.ws_row))
            }
        }
        return (80, 24)
    }

    /// Whether ``start()`` was called and ``restore()`` not yet.
    var isStarted: Bool { sessionID != nil }

    /// Enters raw mode, switches to the alternate screen and hides the cursor.
    ///
    /// Does nothing when already started. Throws ``TerminalError/systemCall(_:errno:)``
    /// when the input is not a terminal, leaving everything as it was.
    public func start() throws {
        guard sessionID == nil else { return }
        RawModeSessions.installAtExitHandler()
        var saved = termios()
        guard tcgetattr(inputDescriptor, &saved) == 0 else {
            throw TerminalError.systemCall("tcgetattr", errno: errno)
        }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1  // read returns as soon as one byte is there
            characters[Int(VTIME)] = 0
        }

        let id = RawModeSessions.register(input: inputDescriptor, output: outputDescriptor, saved: saved)
        CrashRestore.arm(input: inputDescriptor, output: outputDescriptor, saved: saved)
        for signalNumber in SignalRouter.terminating { SignalRouter.install(signalNumber) }
        guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            _ = RawModeSessions.remove(id: id)
            CrashRestore.disarm(input: inputDescriptor)
            for signalNumber in SignalRouter.terminating { SignalRouter.uninstall(signalNumber) }
            throw TerminalError.systemCall("tcsetattr", errno: code)
        }
        sessionID = id
        rawSettings = raw
        write(RawModeSessions.enterSequence)
    }

    /// Sets raw mode and the alternate screen again, as ``start()`` left them, without dropping
    /// unread input; does nothing when not started. For a process that was stopped and goes on:
    /// the shell may have changed the settings meanwhile.
    func reenter() {
        guard isStarted else { return }
        var raw = rawSettings
        _ = tcsetattr(inputDescriptor, TCSANOW, &raw)
        write(RawModeSessions.enterSequence)
    }

    /// Leaves the alternate screen, shows the cursor and puts back the saved termios.
    ///
    /// Safe to call any number of times, and when ``start()`` was never called.
    public func restore() {
        guard let id = sessionID else { return }
        sessionID = nil
        if let session = RawModeSessions.remove(id: id) {
            RawModeSessions.restore(session)
        }
        CrashRestore.disarm(input: inputDescriptor)
        for signalNumber in SignalRouter.terminating { SignalRouter.uninstall(signalNumber) }
    }

    /// Writes `text` to the terminal, all of it, retrying interrupted and partial writes.
    ///
    /// Once a signal has started ending the process, writes are dropped so that nothing
    /// lands on the normal screen after the terminal was restored.
    public func write(_ text: String) {
        RawModeSessions.write(text, to: outputDescriptor)
    }
}

/// Terminals in raw mode, reachable from the `atexit` handler and signal handlers.
enum RawModeSessions {
    /// One terminal in raw mode and the termios to put back.
    struct Session: Sendable {
        let id: Int
        let input: Int32
        let output: Int32
        let saved: termios
    }

    /// Alternate screen on, cursor hidden, automatic wrap off.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
    /// Automatic wrap on, cursor shown, alternate screen off.
    static let leaveSequence = CrashRestore.leaveSequence.description

    private struct State {
        var sessions: [Session] = []
        /// A terminating signal is being handled; output is dropped from then on.
        var exiting = false
    }

    private static let state = Mutex(State())
    private static let lastID = Atomic<Int>(0)
    private static let atExitInstalled = Atomic<Bool>(false)

    /// Makes ``restoreAll(exiting:)`` run when the process exits; only the first call does anything.
    static func installAtExitHandler() {
        guard atExitInstalled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        atexit { RawModeSessions.restoreAll(exiting: true) }
    }

    /// Records a terminal that is about to enter raw mode and returns its session id.
    static func register(input: Int32, output: Int32, saved: termios) -> Int {
        let id = lastID.add(1, ordering: .relaxed).newValue
        let session = Session(id: id, input: input, output: output, saved: saved)
        state.withLock { $0.sessions.append(session) }
        return id
    }

    /// Forgets a session and returns it, or `nil` when it was already restored.
    static func remove(id: Int) -> Session? {
        state.withLock { state in
            guard let index = state.sessions.firstIndex(where: { $0.id == id }) else { return nil }
            return state.sessions.remove(at: index)
        }
    }

    /// Restores every terminal still in raw mode, newest first. With `exiting`, later
    /// ``write(_:to:)`` calls are dropped (a write in progress finishes first).
    static func restoreAll(exiting: Bool = false) {
        let sessions = state.withLock { state in
            if exiting { state.exiting = true }
            defer { state.sessions = [] }
            return state.sessions
        }
        for session in sessions.reversed() { restore(session) }
    }

    /// Writes `text` unless the process is exiting because of a signal.
    static func write(_ text: String, to descriptor: Int32) {
        state.withLock { state in
            guard !state.exiting else { return }
            POSIX.writeAll(text, to: descriptor)
        }
    }

    /// Leaves the alternate screen and puts back the saved termios (dropping unread input).
    static func restore(_ session: Session) {
        POSIX.writeAll(leaveSequence, to: session.output)
        var saved = session.saved
        _ = tcsetattr(session.input, TCSAFLUSH, &saved)
    }
}
