import XCTest
import TerminalUI

final class KeyDecoderTests: XCTestCase {
    private let escape: UInt8 = 0x1B

    /// Decodes `bytes` in one read, then flushes.
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    private func keys(_ text: String) -> [Key] {
        keys(Array(text.utf8))
    }

    /// Every sequence the decoder knows, as the bytes and the key they must give.
    private var table: [(bytes: String, key: Key)] {
        [
            // CSI and SS3 arrows.
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            // Home and End in all their spellings.
            ("\u{1B}[H", .home), ("\u{1B}[F", .end),
            ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
            ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
            ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            // Delete, Page Up, Page Down.
            ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            // Modifiers are ignored.
            ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[1;3C", .right), ("\u{1B}[1;6D", .left),
            ("\u{1B}[1;5H", .home), ("\u{1B}[1;2F", .end), ("\u{1B}[3;5~", .delete),
            ("\u{1B}[5;5~", .pageUp), ("\u{1B}[6;2~", .pageDown), ("\u{1B}O5A", .up),
            // Single bytes.
            ("\r", .enter), ("\n", .enter), ("\r\n", .enter), ("\t", .tab),
            ("\u{7F}", .backspace), ("\u{08}", .backspace),
            ("\u{01}", .control("a")), ("\u{03}", .control("c")), ("\u{1A}", .control("z")),
            ("\u{1B}", .escape),
            // Printable characters, ASCII and multi-byte UTF-8.
            ("a", .character("a")), (" ", .character(" ")), ("~", .character("~")),
            ("é", .character("é")), ("漢", .character("漢")), ("😀", .character("😀")),
            ("€", .character("€")),
        ]
    }

    func testEverySequenceInTheTableDecodesToItsKey() {
        for (bytes, key) in table {
            XCTAssertEqual(keys(bytes), [key], "bytes \(Array(bytes.utf8))")
        }
    }

    func testEverySequenceDecodesTheSameWhenSplitAtEveryByteBoundary() {
        for (text, key) in table where text != "\r\n" {  // \r\n is one key only within one read
            let bytes = Array(text.utf8)
            for split in 1..<max(bytes.count, 1) {
                var decoder = KeyDecoder()
                var decoded = decoder.decode(Array(bytes[..<split]))
                XCTAssertTrue(decoded.isEmpty, "\(bytes) split at \(split) gave \(decoded) early")
                XCTAssertTrue(decoder.hasPendingBytes, "\(bytes) split at \(split)")
                decoded += decoder.decode(Array(bytes[split...]))
                XCTAssertEqual(decoded, [key], "\(bytes) split at \(split)")
                XCTAssertFalse(decoder.hasPendingBytes)
            }
        }
    }

    func testAStreamOfKeysFedOneByteAtATimeGivesTheSameKeys() {
        let text = "a\u{1B}[A漢\u{1B}[1;5C\u{1B}OH😀\u{1B}[6~é\u{7F}\u{03}"
        let expected: [Key] = [
            .character("a"), .up, .character("漢"), .right, .home, .character("😀"), .pageDown,
            .character("é"), .backspace, .control("c"),
        ]
        XCTAssertEqual(keys(text), expected)
        var decoder = KeyDecoder()
        var decoded: [Key] = []
        for byte in text.utf8 { decoded += decoder.decode([byte]) }
        XCTAssertEqual(decoded, expected)
        XCTAssertFalse(decoder.hasPendingBytes)
    }

    func testIncompleteSequencesAreKeptUntilTheNextRead() {
        for prefix in ["\u{1B}", "\u{1B}[", "\u{1B}[1", "\u{1B}[1;", "\u{1B}[1;5", "\u{1B}O", "\u{1B}[20"] {
            var decoder = KeyDecoder()
            XCTAssertEqual(decoder.decode(Array(prefix.utf8)), [], prefix.debugDescription)
            XCTAssertTrue(decoder.hasPendingBytes, prefix.debugDescription)
        }
        for partial: [UInt8] in [[0xC3], [0xE6], [0xE6, 0xBC], [0xF0, 0x9F, 0x98]] {
            var decoder = KeyDecoder()
            XCTAssertEqual(decoder.decode(partial), [], "\(partial)")
            XCTAssertTrue(decoder.hasPendingBytes, "\(partial)")
        }
    }

    func testFlushTurnsALoneEscapeIntoEscape() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([escape]), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [.escape])
        XCTAssertFalse(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.decode(Array("x".utf8)), [.character("x")])
    }

    func testFlushTurnsOtherLeftoversIntoUnknown() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([escape, 0x5B, 0x31, 0x3B]), [])
        XCTAssertEqual(decoder.flush(), [.unknown([escape, 0x5B, 0x31, 0x3B])])
        XCTAssertEqual(decoder.decode([0xE6, 0xBC]), [])
        XCTAssertEqual(decoder.flush(), [.unknown([0xE6, 0xBC])])
        XCTAssertFalse(decoder.hasPendingBytes)
    }

    func testAltKeyIsEscapeFollowedByTheKey() {
        XCTAssertEqual(keys("\u{1B}x"), [.escape, .character("x")])
        XCTAssertEqual(keys("\u{1B}é"), [.escape, .character("é")])
        XCTAssertEqual(keys("\u{1B}\u{1B}"), [.escape, .escape])
        XCTAssertEqual(keys("\u{1B}\u{1B}[A"), [.escape, .up])
        XCTAssertEqual(keys("\u{1B}\r"), [.escape, .enter])
    }

    func testCarriageReturnLineFeedInOneReadIsOneEnter() {
        XCTAssertEqual(keys("\r\n"), [.enter])
        XCTAssertEqual(keys("a\r\nb"), [.character("a"), .enter, .character("b")])
        XCTAssertEqual(keys("\n\r"), [.enter, .enter])
        XCTAssertEqual(keys("\r\r\n"), [.enter, .enter])
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([0x0D]), [.enter])
        XCTAssertEqual(decoder.decode([0x0A]), [.enter])
    }

    func testControlLettersAndBytesWithTheirOwnCases() {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        for (offset, letter) in letters.enumerated() {
            let byte = UInt8(offset + 1)
            let expected: Key
            switch byte {
            case 0x08: expected = .backspace
            case 0x09: expected = .tab
            case 0x0A, 0x0D: expected = .enter
            default: expected = .control(letter)
            }
            XCTAssertEqual(keys([byte]), [expected], "Ctrl-\(letter)")
        }
        XCTAssertEqual(keys([0x00]), [.unknown([0x00])])
        XCTAssertEqual(keys([0x1C]), [.unknown([0x1C])])
        XCTAssertEqual(keys([0x1F]), [.unknown([0x1F])])
    }

    func testUnknownSequencesAreReportedWhole() {
        XCTAssertEqual(keys("\u{1B}[2~"), [.unknown(Array("\u{1B}[2~".utf8))])  // Insert
        XCTAssertEqual(keys("\u{1B}[15~x"), [.unknown(Array("\u{1B}[15~".utf8)), .character("x")])  // F5
        XCTAssertEqual(keys("\u{1B}OP"), [.unknown(Array("\u{1B}OP".utf8))])  // F1
        XCTAssertEqual(keys("\u{1B}[Z"), [.unknown(Array("\u{1B}[Z".utf8))])  // Shift-Tab
        XCTAssertEqual(keys("\u{1B}[?1;2c"), [.unknown(Array("\u{1B}[?1;2c".utf8))])
        XCTAssertEqual(keys("\u{1B}[2A"), [.unknown(Array("\u{1B}[2A".utf8))])
        XCTAssertEqual(keys("\u{1B}[[A"), [.unknown(Array("\u{1B}[[A".utf8))])  // Linux console F1
        XCTAssertEqual(keys("\u{1B}[1 q"), [.unknown(Array("\u{1B}[1 q".utf8))])  // has an intermediate
    }

    func testMalformedSequenceIsReportedAndTheOddByteDecodedOnItsOwn() {
        XCTAssertEqual(keys("\u{1B}[1\r"), [.unknown(Array("\u{1B}[1".utf8)), .enter])
        XCTAssertEqual(keys("\u{1B}O\u{7F}"), [.unknown(Array("\u{1B}O".utf8)), .backspace])
    }

    func testRunawaySequenceDoesNotWaitForever() {
        let bytes = [escape, 0x5B] + Array(repeating: UInt8(0x31), count: 100)
        var decoder = KeyDecoder()
        let whole = decoder.decode(bytes)
        XCTAssertEqual(whole.first, .unknown(Array(bytes[..<32])))
        XCTAssertEqual(Array(whole.dropFirst()), Array(repeating: .character("1"), count: bytes.count - 32))
        XCTAssertFalse(decoder.hasPendingBytes)

        var byteByByte = KeyDecoder()
        var decoded: [Key] = []
        for byte in bytes { decoded += byteByByte.decode([byte]) }
        XCTAssertEqual(decoded.first, .unknown(Array(bytes[..<32])))
        XCTAssertEqual(Array(decoded.dropFirst()), Array(repeating: .character("1"), count: bytes.count - 32))
        XCTAssertFalse(byteByByte.hasPendingBytes)
    }

    func testARunawaySequenceGivesTheSameKeysHoweverTheReadsSplitIt() {
        // Regression (found by fuzzing): one read cut a runaway sequence where the read ended, bytes
        // arriving one by one cut it at 32 bytes, so the same typing gave different keys.
        let bytes = [escape, 0x5B] + Array(repeating: UInt8(0x31), count: 40) + [0x41]
        var whole = KeyDecoder()
        var byteByByte = KeyDecoder()
        var split: [Key] = []
        for byte in bytes { split += byteByByte.decode([byte]) }
        XCTAssertEqual(whole.decode(bytes), split)
        XCTAssertEqual(split.first, .unknown(Array(bytes[..<32])))
        XCTAssertEqual(split.last, .character("A"))
        var ss3 = KeyDecoder()
        let runawaySS3 = [escape, 0x4F] + Array(repeating: UInt8(0x32), count: 35)
        XCTAssertEqual(ss3.decode(runawaySS3).first, .unknown(Array(runawaySS3[..<32])))
    }

    func testBracketedPasteMarkersAreIgnored() {
        XCTAssertEqual(keys("\u{1B}[200~hi\u{1B}[201~"), [.character("h"), .character("i")])
    }

    func testInvalidUTF8BecomesUnknownAndDecodingGoesOn() {
        XCTAssertEqual(keys([0x80, 0x61]), [.unknown([0x80]), .character("a")])
        XCTAssertEqual(keys([0xFF]), [.unknown([0xFF])])
        XCTAssertEqual(keys([0xC0, 0x80]), [.unknown([0xC0]), .unknown([0x80])])  // overlong
        XCTAssertEqual(keys([0xE6, 0x61]), [.unknown([0xE6]), .character("a")])
        XCTAssertEqual(keys([0xED, 0xA0, 0x80]), [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])])  // surrogate
        XCTAssertEqual(keys([0xC2, 0x9B]), [.unknown([0xC2, 0x9B])])  // C1 CSI
    }

    func testPrintableCharactersOfOneReadAreGroupedIntoGraphemeClusters() {
        XCTAssertEqual(keys("e\u{301}x"), [.character("e\u{301}"), .character("x")])
        XCTAssertEqual(keys("👍🏽"), [.character("👍🏽")])
        XCTAssertEqual(keys("🇫🇷"), [.character("🇫🇷")])
        XCTAssertEqual(keys("ab"), [.character("a"), .character("b")])
    }
}
