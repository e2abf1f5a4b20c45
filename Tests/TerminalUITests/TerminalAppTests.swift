#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import XCTest
@testable import TerminalUI

/// ``TerminalApp`` and ``Terminal`` on a pseudo-terminal, driven through its other side.
///
/// No test waits for time to pass: each reacts to what the app renders. A watchdog stops an
/// app that is still running after a generous delay, so that a bug fails the test instead
/// of hanging it.
final class TerminalAppTests: XCTestCase {
    private let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
    private let leave = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    private let fullRedraw = "\u{1B}[H\u{1B}[2J"

    @MainActor
    private func makeApp(_ pty: PseudoTerminal) -> (Terminal, TerminalApp) {
        let terminal = Terminal(inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        let app = TerminalApp(terminal: terminal)
        DispatchQueue.main.asyncAfter(deadline: .now() + 20) {
            MainActor.assumeIsolated { app.stop() }
        }
        return (terminal, app)
    }

    @MainActor
    func testRunDrawsDecodesKeysAndRestoresTheTerminal() async throws {
        let pty = try PseudoTerminal(columns: 20, rows: 3)
        let cookedFlags = pty.localFlags
        let (terminal, app) = makeApp(pty)
        var keys: [Key] = []
        var sizes: [String] = []
        var flagsWhileRunning: tcflag_t = 0
        try await app.run(
            render: { columns, rows in
                sizes.append("\(columns)x\(rows)")
                if sizes.count == 1 {
                    flagsWhileRunning = pty.localFlags
                    pty.type("hé\u{1B}[Aq")
                }
                return Frame(width: columns, height: rows, lines: ["keys \(keys.count)"])
            },
            handle: { key in
                keys.append(key)
                return key == .character("q") ? .quit : .continue
            })
        XCTAssertEqual(keys, [.character("h"), .character("é"), .up, .character("q")])
        XCTAssertEqual(sizes.first, "20x3")
        XCTAssertEqual(flagsWhileRunning & tcflag_t(ECHO | ICANON | ISIG | IEXTEN), 0)
        XCTAssertEqual(pty.localFlags, cookedFlags)
        XCTAssertFalse(terminal.isStarted)
        let output = pty.outputText
        XCTAssertTrue(output.hasPrefix(enter + fullRedraw + "\u{1B}[1;1Hkeys 0"), output.debugDescription)
        XCTAssertTrue(output.hasSuffix(leave), output.debugDescription)
    }

    @MainActor
    func testSetNeedsRenderCallsInOneTurnProduceOneFrame() async throws {
        let pty = try PseudoTerminal(columns: 20, rows: 2)
        let (_, app) = makeApp(pty)
        var renders = 0
        try await app.run(
            render: { columns, rows in
                renders += 1
                if renders == 1 { pty.type("x") }
                if renders == 2 { pty.type("q") }
                return Frame(width: columns, height: rows, lines: ["render \(renders)"])
            },
            handle: { key in
                guard key == .character("x") else { return .quit }
                for _ in 0..<5 { app.setNeedsRender() }
                return .continue
            })
        XCTAssertEqual(renders, 2)
        XCTAssertTrue(pty.outputText.contains("\u{1B}[1;1Hrender 2\u{1B}[K"), pty.outputText.debugDescription)
    }

    @MainActor
    func testStopEndsRunAsIfQuit() async throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let cookedFlags = pty.localFlags
        let (_, app) = makeApp(pty)
        var renders = 0
        var handled = 0
        try await app.run(
            render: { columns, rows in
                renders += 1
                app.stop()
                app.setNeedsRender()
                return Frame(width: columns, height: rows, lines: [])
            },
            handle: { _ in
                handled += 1
                return .continue
            })
        XCTAssertEqual(renders, 1)
        XCTAssertEqual(handled, 0)
        XCTAssertEqual(pty.localFlags, cookedFlags)
        XCTAssertTrue(pty.outputText.hasSuffix(leave))
    }

    @MainActor
    func testLoneEscapeIsDeliveredWhenNoMoreBytesCome() async throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let (_, app) = makeApp(pty)
        var keys: [Key] = []
        try await app.run(
            render: { columns, rows in
                if keys.isEmpty { pty.type("\u{1B}") }
                return Frame(width: columns, height: rows, lines: [])
            },
            handle: { key in
                keys.append(key)
                return .quit
            })
        XCTAssertEqual(keys, [.escape])
    }

    @MainActor
    func testResizeRedrawsEverythingAtTheNewSize() async throws {
        let pty = try PseudoTerminal(columns: 20, rows: 3)
        let (_, app) = makeApp(pty)
        var sizes: [String] = []
        try await app.run(
            render: { columns, rows in
                sizes.append("\(columns)x\(rows)")
                switch sizes.count {
                case 1:
                    pty.resize(columns: 30, rows: 5)
                    _ = raise(SIGWINCH)
                case 2:
                    _ = raise(SIGWINCH)  // same size: still a full redraw
                default:
                    pty.type("q")
                }
                return Frame(width: columns, height: rows, lines: ["same text"])
            },
            handle: { _ in .quit })
        XCTAssertEqual(sizes, ["20x3", "30x5", "30x5"])
        XCTAssertEqual(pty.outputText.components(separatedBy: fullRedraw + "\u{1B}[1;1Hsame text").count - 1, 3)
    }

    @MainActor
    func testRenderedFrameIsFittedToTheTerminalSize() async throws {
        let pty = try PseudoTerminal(columns: 6, rows: 2)
        let (_, app) = makeApp(pty)
        try await app.run(
            render: { _, _ in
                app.stop()
                return Frame(width: 40, height: 10, lines: ["a long line", "two", "three"])
            },
            handle: { _ in .quit })
        XCTAssertTrue(
            pty.outputText.hasSuffix(fullRedraw + "\u{1B}[1;1Ha lon…\u{1B}[2;1Htwo" + leave), pty.outputText.debugDescription)
    }

    @MainActor
    func testRunEndsWhenTheTerminalHangsUp() async throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let (terminal, app) = makeApp(pty)
        var renders = 0
        try await app.run(
            render: { columns, rows in
                renders += 1
                pty.hangUp()
                return Frame(width: columns, height: rows, lines: [])
            },
            handle: { _ in .continue })
        XCTAssertEqual(renders, 1)
        XCTAssertFalse(terminal.isStarted)
    }

    @MainActor
    func testRunWhileRunningThrows() async throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let (_, app) = makeApp(pty)
        var secondRunError: (any Error)?
        try await app.run(
            render: { columns, rows in
                Task { @MainActor in
                    do {
                        try await app.run(render: { _, _ in Frame(width: 0, height: 0, lines: []) }, handle: { _ in .quit })
                    } catch {
                        secondRunError = error
                    }
                    app.stop()
                }
                return Frame(width: columns, height: rows, lines: [])
            },
            handle: { _ in .quit })
        XCTAssertEqual(secondRunError as? TerminalError, .alreadyRunning)
    }

    @MainActor
    func testRunOnSomethingThatIsNotATerminalThrowsAndWritesNothing() async throws {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        let terminal = Terminal(inputDescriptor: ends[0], outputDescriptor: ends[1])
        let app = TerminalApp(terminal: terminal)
        var renders = 0
        do {
            try await app.run(
                render: { columns, rows in
                    renders += 1
                    return Frame(width: columns, height: rows, lines: [])
                },
                handle: { _ in .quit })
            XCTFail("run should throw")
        } catch {
            XCTAssertEqual(error as? TerminalError, .systemCall("tcgetattr", errno: ENOTTY))
        }
        XCTAssertEqual(renders, 0)
        XCTAssertFalse(terminal.isStarted)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        var byte: UInt8 = 0
        XCTAssertEqual(read(ends[0], &byte, 1), -1)  // nothing was written
    }

    @MainActor
    func testTerminalStartAndRestore() throws {
        let pty = try PseudoTerminal(columns: 33, rows: 7)
        let cookedFlags = pty.localFlags
        let terminal = Terminal(inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        XCTAssertEqual(terminal.size.columns, 33)
        XCTAssertEqual(terminal.size.rows, 7)
        try terminal.start()
        try terminal.start()  // a second start does nothing
        XCTAssertTrue(terminal.isStarted)
        XCTAssertEqual(pty.localFlags & tcflag_t(ECHO | ICANON | ISIG), 0)
        terminal.write("hello")
        terminal.restore()
        terminal.restore()  // idempotent
        XCTAssertEqual(pty.localFlags, cookedFlags)
        XCTAssertEqual(pty.outputText, enter + "hello" + leave)
    }

    @MainActor
    func testSignalsAreRoutedWhileStartedAndPutBackOnRestore() throws {
        let pty = try PseudoTerminal(columns: 10, rows: 2)
        let previousHangup = signal(SIGHUP, SIG_IGN)  // as under nohup
        defer { _ = signal(SIGHUP, previousHangup) }
        let terminal = Terminal(inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        let terminateBefore = handlerAddress(SIGTERM)
        try terminal.start()
        XCTAssertNotEqual(handlerAddress(SIGTERM), terminateBefore)
        XCTAssertNotEqual(handlerAddress(SIGINT), 0)
        XCTAssertEqual(handlerAddress(SIGHUP), 1, "an ignored SIGHUP stays ignored")
        terminal.restore()
        XCTAssertEqual(handlerAddress(SIGTERM), terminateBefore)
        XCTAssertEqual(handlerAddress(SIGHUP), 1)
    }

    /// The current handler of a signal as a number (0 is SIG_DFL, 1 is SIG_IGN).
    private func handlerAddress(_ signalNumber: Int32) -> Int {
        var action = sigaction()
        _ = sigaction(signalNumber, nil, &action)
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #elseif canImport(Musl)
        return unsafeBitCast(action.__sa_handler.sa_handler, to: Int.self)
        #else
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #endif
    }

    @MainActor
    func testSizeFallsBackTo80By24() {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        let terminal = Terminal(inputDescriptor: ends[0], outputDescriptor: ends[1])
        XCTAssertEqual(terminal.size.columns, 80)
        XCTAssertEqual(terminal.size.rows, 24)
        terminal.restore()  // never started: nothing happens
        XCTAssertFalse(terminal.isStarted)
    }

    @MainActor
    func testTerminalIsNilUnlessStandardInputAndOutputAreTerminals() {
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        XCTAssertEqual(Terminal.isInteractive, interactive)
        XCTAssertEqual(Terminal() != nil, interactive)
    }
}
