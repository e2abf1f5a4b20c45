/// One screenful of text: exactly `height` lines, none wider than `width`.
///
/// Lines are plain text: they are sanitized, so escape sequences (colors included) are
/// shown as spaces rather than sent to the terminal.
public struct Frame: Equatable, Sendable {
    /// Columns; every line takes exactly this many.
    public let width: Int
    /// Rows; there are exactly this many lines.
    public let height: Int
    /// The lines, each sanitized and padded or truncated to `width` columns.
    public private(set) var lines: [String]

    /// Creates a frame from `lines`: each is sanitized (a `\n` inside a line becomes a
    /// space), truncated with `…` or padded with spaces to `width`, and the list is cut or
    /// padded with blank lines to `height`. Negative sizes count as zero.
    public init(width: Int, height: Int, lines: [String]) {
        let width = max(0, width)
        let height = max(0, height)
        var fitted = lines.prefix(height).map { TextLayout.pad(TextLayout.sanitize($0), toWidth: width) }
        fitted.append(contentsOf: repeatElement(String(repeating: " ", count: width), count: height - fitted.count))
        self.width = width
        self.height = height
        self.lines = fitted
    }

    /// The lines joined by `"\n"`, trailing spaces trimmed from each (for snapshot tests).
    public var text: String {
        lines.map(TextLayout.trimmingTrailingSpaces).joined(separator: "\n")
    }
}
