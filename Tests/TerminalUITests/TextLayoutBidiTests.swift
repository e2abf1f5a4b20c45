import TerminalUI
import XCTest

/// Bidirectional overrides and isolates, and line and paragraph separators, are neutralized like controls.
final class TextLayoutBidiTests: XCTestCase {
    func test_bidiOverridesIsolatesAndSeparators_becomeSpaces() {
        for value: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029] {
            let scalar = Character(Unicode.Scalar(value)!)
            XCTAssertEqual(TextLayout.sanitize("a\(scalar)b"), "a b", String(value, radix: 16))
            let lines = TextLayout.wrap("a\(scalar)b", width: 10)
            XCTAssertEqual(lines.joined(separator: " "), "a b", String(value, radix: 16))
        }
        XCTAssertEqual(TextLayout.sanitize("plain – text ✓"), "plain – text ✓")
    }
}
