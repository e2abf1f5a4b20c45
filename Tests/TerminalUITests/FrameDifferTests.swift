import XCTest
import TerminalUI

final class FrameDifferTests: XCTestCase {
    private let home = "\u{1B}[H"
    private let clear = "\u{1B}[2J"
    private let eraseLine = "\u{1B}[K"

    private func move(_ row: Int) -> String { "\u{1B}[\(row);1H" }

    func testFirstFrameIsAFullRedraw() {
        var differ = FrameDiffer()
        let frame = Frame(width: 5, height: 3, lines: ["ab", "", "cde"])
        XCTAssertEqual(differ.output(for: frame), home + clear + move(1) + "ab" + move(3) + "cde")
    }

    func testOneChangedLineRewritesOnlyThatLine() {
        var differ = FrameDiffer()
        _ = differ.output(for: Frame(width: 5, height: 3, lines: ["ab", "cd", "ef"]))
        XCTAssertEqual(
            differ.output(for: Frame(width: 5, height: 3, lines: ["ab", "xy", "ef"])),
            move(2) + "xy" + eraseLine)
    }

    func testSeveralChangedLinesInRowOrder() {
        var differ = FrameDiffer()
        _ = differ.output(for: Frame(width: 4, height: 3, lines: ["a", "b", "c"]))
        XCTAssertEqual(
            differ.output(for: Frame(width: 4, height: 3, lines: ["A", "b", ""])),
            move(1) + "A" + eraseLine + move(3) + eraseLine)
    }

    func testALineThatFillsTheRowIsNotFollowedByEraseLine() {
        var differ = FrameDiffer()
        _ = differ.output(for: Frame(width: 4, height: 1, lines: ["ab"]))
        XCTAssertEqual(differ.output(for: Frame(width: 4, height: 1, lines: ["wxyz"])), move(1) + "wxyz")
        XCTAssertEqual(differ.output(for: Frame(width: 4, height: 1, lines: ["漢字"])), move(1) + "漢字")
    }

    func testIdenticalFrameGivesNothing() {
        var differ = FrameDiffer()
        let frame = Frame(width: 5, height: 2, lines: ["ab", "cd"])
        _ = differ.output(for: frame)
        XCTAssertEqual(differ.output(for: frame), "")
        XCTAssertEqual(differ.output(for: Frame(width: 5, height: 2, lines: ["ab", "cd"])), "")
    }

    func testSizeChangeIsAFullRedraw() {
        var differ = FrameDiffer()
        _ = differ.output(for: Frame(width: 5, height: 2, lines: ["ab", "cd"]))
        XCTAssertEqual(
            differ.output(for: Frame(width: 6, height: 2, lines: ["ab", "cd"])),
            home + clear + move(1) + "ab" + move(2) + "cd")
        XCTAssertEqual(
            differ.output(for: Frame(width: 6, height: 3, lines: ["ab", "cd"])),
            home + clear + move(1) + "ab" + move(2) + "cd")
        XCTAssertEqual(differ.output(for: Frame(width: 6, height: 3, lines: ["ab", "cd"])), "")
    }

    func testInvalidateMakesTheNextOutputAFullRedraw() {
        var differ = FrameDiffer()
        let frame = Frame(width: 3, height: 1, lines: ["ok"])
        _ = differ.output(for: frame)
        differ.invalidate()
        XCTAssertEqual(differ.output(for: frame), home + clear + move(1) + "ok")
        XCTAssertEqual(differ.output(for: frame), "")
    }

    func testOutputNeverContainsControlCharactersFromTheText() {
        var differ = FrameDiffer()
        let output = differ.output(for: Frame(width: 12, height: 1, lines: ["\u{1B}]0;pwned\u{7}x"]))
        XCTAssertEqual(output, home + clear + move(1) + " ]0;pwned x")
    }
}
