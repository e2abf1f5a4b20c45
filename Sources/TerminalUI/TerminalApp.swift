#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// What a key handler wants after a key.
public enum KeyResult: Sendable {
    /// Keep running.
    case `continue`
    /// End ``TerminalApp/run(render:handle:)``.
    case quit
}

/// Runs a full-screen app: reads keys, re-renders on demand, redraws on resize, restores the
/// terminal on every way out.
///
/// Keys are read on a dedicated thread; a lone `ESC` is delivered as ``Key/escape`` after
/// 40 ms without more bytes. Everything else happens on the main actor. The terminal is in
/// raw mode, so Ctrl-C arrives as `.control("c")`: the key handler decides what it does.
@MainActor
public final class TerminalApp {
    private let terminal: Terminal
    private var differ = FrameDiffer()
    /// Feeds the running loop; `nil` when not running.
    private var events: AsyncStream<AppEvent>.Continuation?
    /// A `.render` event is queued and not yet handled.
    private var renderQueued = false
    /// ``stop()`` was called or a handler returned `.quit`.
    private var stopRequested = false
    private var isRunning = false

    /// Creates an app that draws on `terminal`.
    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Asks for a new frame. Any number of calls in one main-actor turn produce one frame,
    /// rendered in a later turn. Does nothing when the app is not running.
    ///
    /// The app also renders after every batch of keys, so key handlers need not call it.
    public func setNeedsRender() {
        guard let events, !renderQueued, !stopRequested else { return }
        renderQueued = true
        events.yield(.render)
    }

    /// Runs the app until a handler returns ``KeyResult/quit`` or ``stop()`` is called.
    ///
    /// Starts the terminal, renders once, then loops: keys go to `handle` (one at a time, in
    /// order), a frame is rendered after each batch of keys and after ``setNeedsRender()``,
    /// and a resize (`SIGWINCH`) redraws everything at the new size. A frame of another
    /// size than the one asked for is refitted. `SIGTERM`, `SIGINT` and `SIGHUP` restore
    /// the terminal and exit the process with 128 + signal (see ``Terminal``). `SIGTSTP` sent
    /// from outside stops the process as Ctrl-Z does, with the terminal restored; `SIGCONT`
    /// enters raw mode and the alternate screen again and redraws everything. When the input
    /// ends (the terminal hung up) or the task is cancelled, it returns as after `.quit`.
    /// The terminal is restored before it returns.
    ///
    /// - Throws: ``TerminalError/alreadyRunning`` when called again while running, or
    ///   ``TerminalError/systemCall(_:errno:)`` when the terminal cannot be set up, in which
    ///   case nothing was changed.
    public func run(
        render: @escaping @MainActor (_ columns: Int, _ rows: Int) -> Frame,
        handle: @escaping @MainActor (Key) -> KeyResult
    ) async throws {
        guard !isRunning else { throw TerminalError.alreadyRunning }
        isRunning = true
        defer { isRunning = false }

        let wake = try POSIX.makePipe()
        do {
            try terminal.start()
        } catch {
            close(wake.read)
            close(wake.write)
            throw error
        }
        // Nothing below throws: the terminal is always restored at the end.
        let (stream, continuation) = AsyncStream.makeStream(of: AppEvent.self)
        events = continuation
        stopRequested = false
        renderQueued = false
        differ.invalidate()

        let reader = InputReader(input: terminal.inputDescriptor, wake: wake.read, events: continuation)
        reader.start()
        let listeners = [
            SignalRouter.addListener(for: SIGWINCH) { continuation.yield(.resize) },
            SignalRouter.addListener(for: SIGTSTP) { continuation.yield(.suspend) },
            SignalRouter.addListener(for: SIGCONT) { continuation.yield(.continued) },
        ]
        for signalNumber in Self.routedSignals { SignalRouter.install(signalNumber) }

        draw(render)
        events: for await event in stream {
            switch event {
            case .keys(let keys):
                for key in keys {
                    if key == .control("z") {
                        // Ctrl-Z: back to the shell with the terminal restored; on `fg`, a full redraw.
                        suspend()
                        continue
                    }
                    if handle(key) == .quit { stopRequested = true }
                    if stopRequested { break events }
                }
                setNeedsRender()
            case .render:
                renderQueued = false
                if !stopRequested { draw(render) }
            case .resize:
                differ.invalidate()
                setNeedsRender()
            case .suspend:
                suspend()
                setNeedsRender()
            case .continued:
                // NB: after `SIGSTOP`, which cannot be caught, the shell may have put its own
                // settings back: raw mode and the alternate screen are entered again.
                terminal.reenter()
                differ.invalidate()
                setNeedsRender()
            case .stop, .inputEnded:
                break events
            }
            if stopRequested { break }
        }

        events = nil
        continuation.finish()
        for signalNumber in Self.routedSignals { SignalRouter.uninstall(signalNumber) }
        for listener in listeners { SignalRouter.removeListener(listener) }
        POSIX.writeAll("x", to: wake.write)  // wakes the reader thread, which then ends
        await reader.waitUntilFinished()
        close(wake.read)
        close(wake.write)
        terminal.restore()
    }

    /// Ends ``run(render:handle:)`` as if a handler returned ``KeyResult/quit``. Does
    /// nothing when the app is not running.
    public func stop() {
        guard let events else { return }
        stopRequested = true
        events.yield(.stop)
    }

    /// The signals the run loop reacts to.
    private static let routedSignals = [SIGWINCH, SIGTSTP, SIGCONT]

    /// Stops the process as Ctrl-Z does, with the terminal restored; a full redraw follows.
    private func suspend() {
        if terminal.suspendForJobControl() { differ.invalidate() }
    }

    private func draw(_ render: @MainActor (_ columns: Int, _ rows: Int) -> Frame) {
        let (columns, rows) = terminal.size
        var frame = render(columns, rows)
        if frame.width != columns || frame.height != rows {
            frame = Frame(width: columns, height: rows, lines: frame.lines.map(TextLayout.trimmingTrailingSpaces))
        }
        let output = differ.output(for: frame)
        if !output.isEmpty { terminal.write(output) }
    }
}

/// What the run loop reacts to.
enum AppEvent: Sendable {
    /// Keys decoded from one read (or a flush).
    case keys([Key])
    /// ``TerminalApp/setNeedsRender()`` was called.
    case render
    /// The terminal changed size.
    case resize
    /// `SIGTSTP` arrived: stop as Ctrl-Z does.
    case suspend
    /// `SIGCONT` arrived: the process was stopped and goes on.
    case continued
    /// ``TerminalApp/stop()`` was called.
    case stop
    /// The input reached its end or failed.
    case inputEnded
}

/// Reads and decodes keys on a thread of its own until its wake descriptor is readable.
final class InputReader: Sendable {
    /// How long a lone `ESC` waits for the rest of a sequence, in milliseconds.
    static let escapeDelay: Int32 = 40

    private let input: Int32
    private let wake: Int32
    private let events: AsyncStream<AppEvent>.Continuation
    private let state = Mutex(State())

    private struct State {
        var finished = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    init(input: Int32, wake: Int32, events: AsyncStream<AppEvent>.Continuation) {
        self.input = input
        self.wake = wake
        self.events = events
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in
            readLoop()
            let waiter = state.withLock { state in
                state.finished = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
        thread.name = "TerminalUI input"
        thread.start()
    }

    /// Returns once the thread has ended (after something was written to the wake descriptor,
    /// or the input ended).
    func waitUntilFinished() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state in
                if !state.finished { state.waiter = waiter }
                return state.finished
            }
            if finished { waiter.resume() }
        }
    }

    private func readLoop() {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let timeout = decoder.hasPendingBytes ? Self.escapeDelay : -1
            guard let ready = POSIX.waitReadable(input, orWake: wake, timeoutMilliseconds: timeout) else {
                if errno == EINTR { continue }
                events.yield(.inputEnded)
                return
            }
            if ready.wake { return }
            if ready == .timedOut {
                send(decoder.flush())
                continue
            }
            guard ready.input else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                send(decoder.decode(Array(buffer[..<count])))
            } else if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK {
                continue
            } else {
                send(decoder.flush())
                events.yield(.inputEnded)
                return
            }
        }
    }

    private func send(_ keys: [Key]) {
        if !keys.isEmpty { events.yield(.keys(keys)) }
    }
}
