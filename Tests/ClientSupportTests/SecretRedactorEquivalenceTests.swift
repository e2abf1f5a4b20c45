import ViewModelKitRedaction
import Foundation
import TestSupport
import XCTest

/// The redactor finds exactly the runs a byte-by-byte search finds, wherever they start.
final class SecretRedactorEquivalenceTests: XCTestCase {
    /// The first run of eight or more of the secret's bytes, found by trying every start.
    private func naiveRedact(_ text: String, secret: String) -> String {
        let bytes = Array(text.utf8)
        let secretBytes = Array(secret.utf8)
        let window = min(SecretRedactor.minimumRun, secretBytes.count)
        func occurs(_ piece: ArraySlice<UInt8>) -> Bool {
            guard piece.count <= secretBytes.count else { return false }
            return (0...(secretBytes.count - piece.count)).contains { secretBytes[$0..<($0 + piece.count)].elementsEqual(piece) }
        }
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + window <= bytes.count, occurs(bytes[index..<(index + window)]) {
                var length = window
                while index + length < bytes.count, occurs(bytes[index..<(index + length + 1)]) { length += 1 }
                output += "[token]".utf8
                index += length
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    func test_aRunIsFoundAtEveryOffsetAndLength() {
        let secret = "ghp_0123456789abcdefXYZ"
        let redactor = SecretRedactor(secret: secret)
        let secretBytes = Array(secret.utf8)
        for prefix in 0..<14 {
            for start in 0..<secretBytes.count {
                for length in 1...(secretBytes.count - start) {
                    let run = String(decoding: secretBytes[start..<(start + length)], as: UTF8.self)
                    let text = String(repeating: "-", count: prefix) + run + "!"
                    XCTAssertEqual(redactor.redact(text), naiveRedact(text, secret: secret), text)
                    XCTAssertEqual(redactor.reveals(text), length >= 8, text)
                    let data = Data(text.utf8)
                    XCTAssertEqual(String(decoding: redactor.redact(data), as: UTF8.self), naiveRedact(text, secret: secret), text)
                }
            }
        }
    }

    func test_textMadeOfTheSecretsCharactersIsRedactedAsByteByByte() {
        let secret = "ghp_a1b2c3d4e5f6g7h8i9j0"
        let redactor = SecretRedactor(secret: secret)
        let alphabet = Array("ghp_abc123456789defij0 ".utf8)
        var state: UInt64 = 42
        // 300 texts under VMK_FULL_STRESS.
        for _ in 0..<FullStress.count(60, full: 300) {
            var bytes: [UInt8] = []
            for _ in 0..<80 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly pieces of the secret, sometimes a random byte from the alphabet.
                if state >> 60 < 10 {
                    let secretBytes = Array(secret.utf8)
                    let start = Int((state >> 20) % UInt64(secretBytes.count))
                    let length = Int((state >> 40) % 12)
                    bytes += secretBytes[start..<min(secretBytes.count, start + length)]
                } else {
                    bytes.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(redactor.redact(text), naiveRedact(text, secret: secret), text)
        }
    }

    func test_secretsShorterThanARun() {
        for secret in ["a", "ab", "abc", "abcd", "abcdefg"] {
            let redactor = SecretRedactor(secret: secret)
            for text in ["", "a", "xabcdefgx", "abcabcdefgabc", "zz" + secret + "zz" + secret] {
                XCTAssertEqual(redactor.redact(text), naiveRedact(text, secret: secret), "\(secret) in \(text)")
            }
        }
    }
}
