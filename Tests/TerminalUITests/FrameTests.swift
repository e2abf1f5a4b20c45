import XCTest
import TerminalUI

final class FrameTests: XCTestCase {
    func testLinesArePaddedToTheWidthAndTheHeight() {
        let frame = Frame(width: 4, height: 3, lines: ["ab"])
        XCTAssertEqual(frame.width, 4)
        XCTAssertEqual(frame.height, 3)
        XCTAssertEqual(frame.lines, ["ab  ", "    ", "    "])
    }

    func testLongLinesAreTruncatedAndExtraLinesCut() {
        let frame = Frame(width: 5, height: 2, lines: ["hello world", "漢字かな", "third"])
        XCTAssertEqual(frame.lines, ["hell…", "漢字…"])
    }

    func testLinesAreSanitized() {
        let frame = Frame(width: 8, height: 2, lines: ["a\u{1B}[2Jb", "one\ntwo"])
        XCTAssertEqual(frame.lines, ["a [2Jb  ", "one two "])
    }

    func testEveryLineTakesExactlyTheWidth() {
        let frame = Frame(width: 7, height: 4, lines: ["😀😀😀😀", "e\u{301}", "a\tb", "漢a字b"])
        for line in frame.lines { XCTAssertEqual(TextLayout.width(of: line), 7, line) }
    }

    func testTextTrimsTrailingSpacesAndJoinsWithNewlines() {
        let frame = Frame(width: 6, height: 3, lines: ["a b", "", " x  "])
        XCTAssertEqual(frame.text, "a b\n\n x")
    }

    func testZeroAndNegativeSizes() {
        XCTAssertEqual(Frame(width: 0, height: 2, lines: ["abc"]).lines, ["", ""])
        let empty = Frame(width: -3, height: -1, lines: ["abc"])
        XCTAssertEqual(empty.width, 0)
        XCTAssertEqual(empty.height, 0)
        XCTAssertEqual(empty.lines, [])
        XCTAssertEqual(empty.text, "")
    }

    func testFramesWithTheSameContentAreEqual() {
        XCTAssertEqual(Frame(width: 3, height: 2, lines: ["a"]), Frame(width: 3, height: 2, lines: ["a  ", ""]))
        XCTAssertNotEqual(Frame(width: 3, height: 2, lines: ["a"]), Frame(width: 3, height: 2, lines: ["b"]))
        XCTAssertNotEqual(Frame(width: 3, height: 2, lines: []), Frame(width: 4, height: 2, lines: []))
    }
}
