/// A key press decoded from terminal input.
public enum Key: Equatable, Hashable, Sendable {
    /// A printable character, including multi-byte UTF-8 such as `é`, `漢` or an emoji.
    case character(Character)
    /// Return or Enter (`\r` or `\n`; `\r\n` within one read is one press).
    case enter
    /// Tab (`\t`, also Ctrl-I).
    case tab
    /// Backspace (`0x7F` or `0x08`, also Ctrl-H).
    case backspace
    /// Escape on its own; Alt-x arrives as `.escape` followed by `.character("x")`.
    case escape
    /// The forward Delete key (`ESC [ 3 ~`).
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Ctrl plus a letter, as the lowercase letter: Ctrl-C is `.control("c")`.
    ///
    /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M send the same bytes as Backspace, Tab and Enter
    /// and are decoded as those keys.
    case control(Character)
    /// Bytes it does not know (an escape sequence, whole, or a stray byte).
    case unknown([UInt8])
}
