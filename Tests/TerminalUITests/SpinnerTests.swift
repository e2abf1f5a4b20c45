import XCTest
import TerminalUI

final class SpinnerTests: XCTestCase {
    func testFramesCycleAndAcceptNegativeTicks() {
        XCTAssertEqual(Spinner.frames.count, 10)
        XCTAssertEqual(Spinner.frame(0), "⠋")
        XCTAssertEqual(Spinner.frame(1), "⠙")
        XCTAssertEqual(Spinner.frame(10), "⠋")
        XCTAssertEqual(Spinner.frame(-1), "⠏")
        XCTAssertEqual(Set(Spinner.frames).count, Spinner.frames.count)
        for frame in Spinner.frames { XCTAssertEqual(TextLayout.width(of: frame), 1) }
    }
}
