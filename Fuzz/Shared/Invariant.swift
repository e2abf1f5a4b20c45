// Shared by every fuzz target (compiled into each; not part of the package).
import Foundation

/// Stops the run with `message` when an invariant does not hold; libFuzzer then saves the input
/// as a crash file.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
    abort()
}

/// The input as text, invalid UTF-8 repaired (targets whose API takes a `String`).
func text(_ start: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
}
