import ViewModelKitRedaction
import Foundation
import XCTest

/// Any run of eight or more of the secret's characters counts as the secret.
final class SecretRedactorTests: XCTestCase {
    private let redactor = SecretRedactor(secret: "ghp_0123456789abcdefXYZ")

    func test_theWholeSecret_andAnyRunOfEight_areReplaced() {
        XCTAssertEqual(redactor.redact("Bearer ghp_0123456789abcdefXYZ."), "Bearer [token].")
        XCTAssertEqual(redactor.redact("…3456789a…"), "…[token]…")
        XCTAssertEqual(redactor.redact("cut: ghp_0123"), "cut: [token]")
        XCTAssertEqual(redactor.redact("twice ghp_0123456789abcdefXYZghp_0123456789abcdefXYZ"), "twice [token][token]")
    }

    func test_runsShorterThanEight_andOtherText_passUnchanged() {
        XCTAssertEqual(redactor.redact("ghp_012 and 9abcdef"), "ghp_012 and 9abcdef")
        XCTAssertFalse(redactor.reveals("nothing to see"))
        XCTAssertEqual(SecretRedactor(secret: nil).redact("ghp_0123456789abcdefXYZ"), "ghp_0123456789abcdefXYZ")
    }

    func test_bytesAreRedactedTheSameWay() {
        let data = Data(#"{"etag":"W/\"56789abcdef\""}"#.utf8)
        XCTAssertTrue(redactor.reveals(data))
        XCTAssertEqual(String(decoding: redactor.redact(data), as: UTF8.self), #"{"etag":"W/\"[token]\""}"#)
    }

    func test_aShortSecret_isReplacedOnlyWhole() {
        let short = SecretRedactor(secret: "abc")
        XCTAssertEqual(short.redact("xabcx ab"), "x[token]x ab")
    }
}
