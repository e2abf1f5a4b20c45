/// Braille spinner frames for "loading".
public enum Spinner {
    /// The frames in order, each one column wide.
    public static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame for a tick count; it cycles, and negative ticks are fine.
    public static func frame(_ tick: Int) -> String {
        let count = frames.count
        return frames[((tick % count) + count) % count]
    }
}
