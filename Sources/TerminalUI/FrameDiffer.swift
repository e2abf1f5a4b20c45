/// Turns successive frames into the ANSI output that updates the screen.
///
/// The first frame, a frame of another size, or the frame after ``invalidate()`` is a full
/// redraw: `ESC [ H`, `ESC [ 2 J`, then each non-blank row as `ESC [ row ; 1 H` and the
/// line without trailing spaces. Later frames rewrite only the rows that changed:
/// `ESC [ row ; 1 H`, the line without trailing spaces, then `ESC [ K` to erase the rest
/// (left out when the line fills the row, where it could erase the last column).
/// An identical frame gives `""`. Rows are 1-based.
public struct FrameDiffer: Sendable {
    /// The frame the screen shows, or `nil` when the next output must redraw everything.
    private var shown: Frame?

    /// Creates a differ whose first output is a full redraw.
    public init() {}

    /// The output that changes the screen from the last frame to `frame`.
    public mutating func output(for frame: Frame) -> String {
        defer { shown = frame }
        guard let shown, shown.width == frame.width, shown.height == frame.height else {
            return Self.fullRedraw(frame)
        }
        var output = ""
        for (row, line) in frame.lines.enumerated() where line != shown.lines[row] {
            let trimmed = TextLayout.trimmingTrailingSpaces(line)
            output += "\u{1B}[\(row + 1);1H" + trimmed
            if TextLayout.width(of: trimmed) < frame.width { output += "\u{1B}[K" }
        }
        return output
    }

    /// Makes the next ``output(for:)`` a full redraw (after a resize, or when something
    /// else may have written to the screen).
    public mutating func invalidate() {
        shown = nil
    }

    private static func fullRedraw(_ frame: Frame) -> String {
        var output = "\u{1B}[H\u{1B}[2J"
        for (row, line) in frame.lines.enumerated() {
            let trimmed = TextLayout.trimmingTrailingSpaces(line)
            if !trimmed.isEmpty { output += "\u{1B}[\(row + 1);1H" + trimmed }
        }
        return output
    }
}
