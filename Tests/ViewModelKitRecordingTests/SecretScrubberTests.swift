@testable import ViewModelKitRecording
import XCTest

final class SecretScrubberTests: XCTestCase {
    func testAKnownSecretIsRemovedWholeAndInPart() {
        let scrubber = SecretScrubber(secrets: ["abcdefghijklmnopqrstuvwxyz"])
        XCTAssertEqual(scrubber.scrub("token abcdefghij… cut"), "token [token]… cut")
        XCTAssertEqual(scrubber.scrub("nothing here"), "nothing here")
    }

    func testTokenShapedTextIsRemovedWithoutKnowingTheToken() {
        let scrubber = SecretScrubber(secrets: [])
        XCTAssertEqual(scrubber.scrub("ghp_0123456789abcdefABCDEF0123"), "[token]")
        XCTAssertEqual(scrubber.scrub("github_pat_11ABCDEFG0123456789_abcdef"), "[token]")
        XCTAssertEqual(scrubber.scrub("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload"), "Authorization: Bearer [token]")
        XCTAssertEqual(scrubber.scrub("ghp_short"), "ghp_short")
    }
}
