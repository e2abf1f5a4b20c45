#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest

/// A pseudo-terminal pair: the code under test uses the secondary side as its terminal, the
/// test plays the user on the primary side (types keys, reads what was drawn).
final class PseudoTerminal {
    /// The test's side; -1 after ``hangUp()``.
    private(set) var primary: Int32
    /// The terminal side given to ``Terminal``.
    let secondary: Int32
    /// Everything read from the primary side so far.
    private(set) var output: [UInt8] = []

    init(columns: Int, rows: Int) throws {
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard primary >= 0 else { throw XCTSkip("cannot open /dev/ptmx: errno \(errno)") }
        guard let name = Self.unlockSecondary(primary) else {
            close(primary)
            throw XCTSkip("cannot unlock the pseudo-terminal")
        }
        secondary = open(name, O_RDWR | O_NOCTTY)
        guard secondary >= 0 else {
            close(primary)
            throw XCTSkip("cannot open \(name)")
        }
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
        resize(columns: columns, rows: rows)
    }

    /// Unlocks the secondary side and returns its path.
    private static func unlockSecondary(_ primary: Int32) -> String? {
        #if os(Linux)
        // glibc hides posix_openpt and friends from Swift; these are their ioctls
        // (_IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int)).
        let setLock: UInt = 0x4004_5431
        let getNumber: UInt = 0x8004_5430
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard withUnsafeMutablePointer(to: &unlock, { ioctl(primary, setLock, $0) }) == 0,
            withUnsafeMutablePointer(to: &number, { ioctl(primary, getNumber, $0) }) == 0
        else { return nil }
        return "/dev/pts/\(number)"
        #else
        guard grantpt(primary) == 0, unlockpt(primary) == 0, let name = ptsname(primary) else { return nil }
        return String(cString: name)
        #endif
    }

    deinit {
        close(secondary)
        if primary >= 0 { close(primary) }
    }

    /// Closes the test's side, as when a terminal window is closed.
    func hangUp() {
        guard primary >= 0 else { return }
        close(primary)
        primary = -1
    }

    /// Sets the window size the secondary side reports.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(primary, UInt(TIOCSWINSZ), $0) }
    }

    /// Types `text` as if on a keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// Reads whatever the code under test has written so far, without waiting.
    @discardableResult
    func drain() -> [UInt8] {
        guard primary >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var chunk: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            chunk += buffer[..<count]
        }
        output += chunk
        return chunk
    }

    /// ``output`` as text.
    var outputText: String {
        drain()
        return String(decoding: output, as: UTF8.self)
    }

    /// The secondary side's current local-mode flags.
    var localFlags: tcflag_t {
        var attributes = termios()
        _ = tcgetattr(secondary, &attributes)
        return attributes.c_lflag
    }
}
