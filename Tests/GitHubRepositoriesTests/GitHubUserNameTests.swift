import XCTest
import ViewModelKitExampleGitHub

final class GitHubUserNameTests: XCTestCase {
    func testAcceptsNamesGitHubAllows() throws {
        for name in ["a", "octocat", "Apple", "nerdishbynature", "user-1", "a-b-c", "0day", "9", String(repeating: "x", count: 39)] {
            XCTAssertEqual(try GitHubUserName(name).rawValue, name)
        }
    }

    /// Old accounts GitHub still serves end in a hyphen or hold two in a row.
    func testAcceptsOldAccountsWithTrailingOrDoubleHyphens() throws {
        for name in ["foo-", "a--b", "x-", "a---b-", "9-", "z" + String(repeating: "-", count: 38)] {
            XCTAssertEqual(try GitHubUserName(name).rawValue, name)
        }
    }

    func testRejectsNamesWithTheRuleTheyBreak() {
        let cases: [(String, UserNameRule)] = [
            ("", .empty),
            (String(repeating: "x", count: 40), .tooLong(count: 40)),
            ("-leading", .leadingHyphen),
            ("a/b", .invalidCharacter("/")),
            ("../x", .invalidCharacter(".")),
            ("?x=1", .invalidCharacter("?")),
            ("%2e%2e", .invalidCharacter("%")),
            ("a b", .invalidCharacter(" ")),
            ("a\nb", .invalidCharacter("\n")),
            ("a_b", .invalidCharacter("_")),
            ("аpple", .invalidCharacter("а")), // Cyrillic a
            ("é", .invalidCharacter("é")),
            ("-", .leadingHyphen),
            ("--", .leadingHyphen),
            (String(repeating: "x", count: 100), .tooLong(count: 100)),
            ("a\r\nb", .invalidCharacter("\r\n")),
            ("a\tb", .invalidCharacter("\t")),
            (" octocat", .invalidCharacter(" ")),
            ("octocat ", .invalidCharacter(" ")),
            ("a\0b", .invalidCharacter("\0")),
            ("ｏctocat", .invalidCharacter("ｏ")), // fullwidth o
            ("octocat\u{200B}", .invalidCharacter("\u{200B}")), // zero-width space
            ("e\u{301}", .invalidCharacter("e\u{301}")), // a combining accent joins the e
            ("octo‐cat", .invalidCharacter("‐")), // U+2010 hyphen
            (".", .invalidCharacter(".")),
            ("..", .invalidCharacter(".")),
            ("%2F", .invalidCharacter("%")),
            ("a\\b", .invalidCharacter("\\")),
            ("~root", .invalidCharacter("~")),
            ("a#b", .invalidCharacter("#")),
        ]
        for (name, rule) in cases {
            XCTAssertThrowsError(try GitHubUserName(name), name) { error in
                XCTAssertEqual(error as? FetcherError, .invalidUserName(name, reason: rule), name)
            }
        }
    }

    func testMessagesAreReadableAndOneLine() {
        XCTAssertEqual(
            FetcherError.invalidUserName("a\nb", reason: .invalidCharacter("\n")).description,
            #"invalid user name "a\nb": contains "\n"; only letters A-Z, digits and hyphens are allowed"#
        )
        XCTAssertEqual(FetcherError.invalidUserName("", reason: .empty).description, #"invalid user name "": must not be empty"#)
        XCTAssertEqual(
            FetcherError.invalidUserName("-x", reason: .leadingHyphen).description,
            #"invalid user name "-x": must not start with a hyphen"#
        )
    }
}
