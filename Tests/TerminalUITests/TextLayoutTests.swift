import XCTest
import TerminalUI

final class TextLayoutTests: XCTestCase {
    // MARK: width

    func testWidthOfASCII() {
        XCTAssertEqual(TextLayout.width(of: ""), 0)
        XCTAssertEqual(TextLayout.width(of: "a"), 1)
        XCTAssertEqual(TextLayout.width(of: "hello, world"), 12)
    }

    func testWidthOfEastAsianWideAndFullwidth() {
        XCTAssertEqual(TextLayout.width(of: "漢字"), 4)
        XCTAssertEqual(TextLayout.width(of: "かなカナ"), 8)
        XCTAssertEqual(TextLayout.width(of: "한국어"), 6)
        XCTAssertEqual(TextLayout.width(of: "ＡＢ"), 4)  // fullwidth Latin
        XCTAssertEqual(TextLayout.width(of: "　"), 2)  // ideographic space
        XCTAssertEqual(TextLayout.width(of: "ｱ"), 1)  // halfwidth katakana
        XCTAssertEqual(TextLayout.width(of: "a漢b"), 4)
        XCTAssertEqual(TextLayout.width(of: "\u{20000}"), 2)  // CJK extension B
    }

    func testWidthOfEmoji() {
        XCTAssertEqual(TextLayout.width(of: "😀"), 2)
        XCTAssertEqual(TextLayout.width(of: "👍🏽"), 2)  // with a skin tone
        XCTAssertEqual(TextLayout.width(of: "👨‍👩‍👧"), 2)  // ZWJ sequence
        XCTAssertEqual(TextLayout.width(of: "🇫🇷"), 2)  // flag
        XCTAssertEqual(TextLayout.width(of: "❤️"), 2)  // text symbol with VS16
        XCTAssertEqual(TextLayout.width(of: "1️⃣"), 2)  // keycap
        XCTAssertEqual(TextLayout.width(of: "⭐"), 2)
        XCTAssertEqual(TextLayout.width(of: "❤"), 1)  // text presentation by default
        XCTAssertEqual(TextLayout.width(of: "a😀b"), 4)
    }

    func testWidthOfCombiningMarksAndZeroWidthCharacters() {
        XCTAssertEqual(TextLayout.width(of: "e\u{301}"), 1)
        XCTAssertEqual(TextLayout.width(of: "e\u{301}\u{323}"), 1)
        XCTAssertEqual(TextLayout.width(of: "\u{301}"), 0)  // a lone combining mark
        XCTAssertEqual(TextLayout.width(of: "a\u{200B}b"), 2)  // zero-width space
        XCTAssertEqual(TextLayout.width(of: "\u{1100}\u{1161}\u{11A8}"), 2)  // decomposed Hangul
        XCTAssertEqual(TextLayout.width(of: "é"), 1)
    }

    func testWidthOfControlCharactersIsZero() {
        XCTAssertEqual(TextLayout.width(of: "\u{1B}"), 0)
        XCTAssertEqual(TextLayout.width(of: "a\tb\nc\r\n"), 3)
        XCTAssertEqual(TextLayout.width(of: "\u{7F}\u{9B}"), 0)
    }

    // MARK: truncate

    func testTruncateLeavesTextThatFits() {
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: 5), "hello")
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: 9), "hello")
        XCTAssertEqual(TextLayout.truncate("漢字", toWidth: 4), "漢字")
        XCTAssertEqual(TextLayout.truncate("", toWidth: 3), "")
    }

    func testTruncateCutsWithAnEllipsis() {
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: 4), "hel…")
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: 2), "h…")
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: 1), "…")
    }

    func testTruncateWithZeroOrNegativeWidthIsEmpty() {
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: 0), "")
        XCTAssertEqual(TextLayout.truncate("hello", toWidth: -3), "")
        XCTAssertEqual(TextLayout.truncate("", toWidth: 0), "")
    }

    func testTruncateNeverSplitsOrOverrunsAWideCharacterAtTheEdge() {
        // "漢字かな" is 8 columns.
        XCTAssertEqual(TextLayout.truncate("漢字かな", toWidth: 7), "漢字か…")  // 7 exactly
        XCTAssertEqual(TextLayout.truncate("漢字かな", toWidth: 6), "漢字…")  // 5: か would straddle
        XCTAssertEqual(TextLayout.truncate("漢字かな", toWidth: 5), "漢字…")  // 5 exactly
        XCTAssertEqual(TextLayout.truncate("漢字かな", toWidth: 2), "…")
        XCTAssertEqual(TextLayout.truncate("a漢字", toWidth: 4), "a漢…")
        XCTAssertEqual(TextLayout.truncate("a😀😀", toWidth: 4), "a😀…")
        XCTAssertEqual(TextLayout.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2), "e\u{301}…")
        for text in ["漢字かな", "a漢b字c", "😀x😀y", "hello world", "e\u{301}漢😀"] {
            for width in 0...10 {
                let truncated = TextLayout.truncate(text, toWidth: width)
                XCTAssertLessThanOrEqual(TextLayout.width(of: truncated), max(0, width), "\(text) to \(width)")
                XCTAssertGreaterThanOrEqual(
                    TextLayout.width(of: truncated), min(TextLayout.width(of: text), width - 1), "\(text) to \(width)")
            }
        }
    }

    // MARK: pad

    func testPadFillsToExactlyTheWidth() {
        XCTAssertEqual(TextLayout.pad("ab", toWidth: 5), "ab   ")
        XCTAssertEqual(TextLayout.pad("hello", toWidth: 5), "hello")
        XCTAssertEqual(TextLayout.pad("hello!", toWidth: 5), "hell…")
        XCTAssertEqual(TextLayout.pad("漢字かな", toWidth: 6), "漢字… ")
        XCTAssertEqual(TextLayout.pad("", toWidth: 3), "   ")
        XCTAssertEqual(TextLayout.pad("ab", toWidth: 0), "")
        XCTAssertEqual(TextLayout.pad("ab", toWidth: -1), "")
        for width in 0...9 {
            XCTAssertEqual(TextLayout.width(of: TextLayout.pad("a漢😀e\u{301}b", toWidth: width)), width)
        }
    }

    // MARK: wrap

    func testWrapBreaksBetweenWords() {
        XCTAssertEqual(
            TextLayout.wrap("the quick brown fox jumps over the lazy dog", width: 10),
            ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
        XCTAssertEqual(TextLayout.wrap("short", width: 10), ["short"])
        XCTAssertEqual(TextLayout.wrap("  several   spaces  here ", width: 40), ["several spaces here"])
    }

    func testWrapBreaksAWordLongerThanTheWidth() {
        XCTAssertEqual(TextLayout.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
        XCTAssertEqual(TextLayout.wrap("go abcdefghij ok", width: 4), ["go", "abcd", "efgh", "ij", "ok"])
        XCTAssertEqual(TextLayout.wrap("漢字かなカナ", width: 5), ["漢字", "かな", "カナ"])
    }

    func testWrapKeepsParagraphs() {
        XCTAssertEqual(TextLayout.wrap("one two\n\nthree", width: 20), ["one two", "", "three"])
        XCTAssertEqual(TextLayout.wrap("a\r\nb", width: 20), ["a", "b"])
        XCTAssertEqual(TextLayout.wrap("a\tb\u{1B}c", width: 20), ["a b c"])
    }

    func testWrapOfEmptyTextOrNoWidthIsNoLines() {
        XCTAssertEqual(TextLayout.wrap("", width: 10), [])
        XCTAssertEqual(TextLayout.wrap("text", width: 0), [])
    }

    func testWrapNeverGivesALineWiderThanTheWidth() {
        let texts = [
            "the quick brown fox", "漢字かなカナ 漢字 abc", "😀😀😀 x 👍🏽👍🏽", "aaaaaaaaaaaaaaaaa b",
            "e\u{301}e\u{301}e\u{301}e\u{301}", "mixed 漢a字b かcな",
        ]
        for text in texts {
            for width in 1...12 {
                let lines = TextLayout.wrap(text, width: width)
                XCTAssertFalse(lines.isEmpty, "\(text) at \(width)")
                for line in lines {
                    XCTAssertLessThanOrEqual(TextLayout.width(of: line), width, "\(text) at \(width): \(lines)")
                }
            }
        }
        XCTAssertEqual(TextLayout.wrap("漢", width: 1), ["…"])
    }

    // MARK: sanitize

    func testSanitizeReplacesControlCharactersWithSpaces() {
        XCTAssertEqual(TextLayout.sanitize("a\u{1B}[2Jb"), "a [2Jb")
        XCTAssertEqual(TextLayout.sanitize("one\ntwo\rthree\tfour"), "one two three four")
        XCTAssertEqual(TextLayout.sanitize("\r\n"), "  ")
        XCTAssertEqual(TextLayout.sanitize("x\u{7}\u{7F}\u{9B}y"), "x   y")
        XCTAssertEqual(TextLayout.sanitize("漢字 é 😀"), "漢字 é 😀")
        XCTAssertEqual(TextLayout.sanitize(""), "")
        XCTAssertFalse(TextLayout.sanitize("\u{1B}]0;title\u{7}").unicodeScalars.contains { $0.value < 0x20 })
    }
}
