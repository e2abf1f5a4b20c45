public import Foundation

/// The bodies a GitHub list endpoint, a proxy or a hand-edited fixture can send that are not what
/// the client expects, with what the client must make of each. The reliability tests feed every one
/// through every input path (live body, fixture file, `repos --fixtures`), and the fuzzing script
/// seeds the decoding target with them.
public enum BadInput {
    /// One body and the outcome it must have.
    public struct Body: Sendable {
        /// A short name, for test messages and seed file names.
        public var name: String
        /// The bytes.
        public var data: Data
        /// A phrase the decoding error's reason must contain, or `nil` if the body must decode.
        public var reason: String?
        /// How many repositories it must decode to, when ``reason`` is `nil`.
        public var count: Int
    }

    /// One valid repository object, as GitHub sends it (more fields than the client keeps).
    public static let repositoryObject =
        #"{"id":1,"node_id":"MDEw","name":"a","full_name":"o/a","private":false,"stargazers_count":60,"#
        + #""watchers_count":60,"description":"d","language":"Swift","fork":false,"archived":false,"#
        + #""html_url":"https://github.com/o/a","owner":{"login":"o","id":2}}"#

    /// Every bad (and tricky but valid) body.
    public static let bodies: [Body] = {
        let object = repositoryObject
        func bad(_ name: String, _ text: String, _ reason: String) -> Body {
            Body(name: name, data: Data(text.utf8), reason: reason, count: 0)
        }
        func bad(_ name: String, bytes: [UInt8], _ reason: String) -> Body {
            Body(name: name, data: Data(bytes), reason: reason, count: 0)
        }
        func good(_ name: String, _ data: Data, count: Int) -> Body {
            Body(name: name, data: data, reason: nil, count: count)
        }
        let twentyMegabytes: (data: Data, count: Int) = {
            var text = "["
            let padded = object.replacingOccurrences(of: #""description":"d""#, with: #""description":"\#(String(repeating: "x", count: 2000))""#)
            let count = 20_000_000 / (padded.utf8.count + 1) + 1
            text += Array(repeating: padded, count: count).joined(separator: ",")
            text += "]"
            return (Data(text.utf8), count)
        }()
        return [
            bad("truncated", "[" + object.dropLast(10), "truncated"),
            bad("truncated-string", #"[{"id":1,"name":"abc"#, "truncated: a string starting at byte"),
            bad("wrong-type", #"[{"id":"1","name":"a","full_name":"o/a","stargazers_count":1}]"#, "at [0].id: expected Int"),
            bad("wrong-type-array", #"[{"id":1,"name":["a"],"full_name":"o/a","stargazers_count":1}]"#, "at [0].name: expected String"),
            bad("null-required", #"[{"id":1,"name":"a","full_name":null,"stargazers_count":1}]"#, "at [0].full_name: expected String, found null"),
            bad("null-body", "null", #"expected a JSON array, but the body is "null""#),
            bad("number-body", " 42", #"expected a JSON array, but the body is "42""#),
            bad("error-object", #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}"#,
                #"expected a JSON array, but the body is a JSON object with message "Bad credentials""#),
            bad("object-without-message", #"{"total_count":0}"#, "expected a JSON array, but the body is a JSON object"),
            bad("html", "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>",
                #"not JSON (looks like HTML: "502 Bad Gateway")"#),
            bad("html-no-title", "<html><body>Unicorn!</body></html>", "not JSON (looks like HTML)"),
            bad("empty", "", "the body is empty"),
            bad("whitespace", " \r\n\t ", "the body is only white space"),
            bad("plain-text", "Service Unavailable", #"not JSON (it starts with "Service Unavaila")"#),
            bad("nested-10000", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
                "nested more than 100 levels deep"),
            bad("nested-objects-10000", "[" + String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000) + "]",
                "nested more than 100 levels deep"),
            bad("nested-error-object-10000", String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000),
                "expected a JSON array, but the body is a JSON object"),
            bad("invalid-utf8", bytes: Array(#"[{"id":1,"name":""#.utf8) + [0xC3, 0x28] + Array(#"","full_name":"o/a","stargazers_count":1}]"#.utf8),
                "not UTF-8 text (invalid byte sequence at byte 17)"),
            bad("lone-continuation-byte", bytes: [0x5B, 0x80, 0x5D], "not UTF-8 text (invalid byte sequence at byte 1)"),
            bad("utf16", bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "not UTF-8 text (invalid byte sequence at byte 0)"),
            bad("duplicate-key", #"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":1},{"id":2,"name":"b","full_name":"o/b","stargazers_count":1,"stargazers_count":900}]"#,
                #"duplicate key "stargazers_count" in the element at [1]"#),
            bad("int64-overflow", #"[{"id":9223372036854775808,"name":"a","full_name":"o/a","stargazers_count":1}]"#, "at [0].id: not a whole number within the 64-bit range"),
            bad("huge-number", #"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":1e400}]"#, "at [0].stargazers_count"),
            bad("fraction", #"[{"id":1.5,"name":"a","full_name":"o/a","stargazers_count":1}]"#, "at [0].id"),
            bad("element-not-object", #"[1,2,3]"#, "at [0]: expected"),
            bad("trailing-garbage", "[]]", "valid JSON followed by something else at byte 2"),
            good("bom", Data([0xEF, 0xBB, 0xBF] + Array("[\(object)]".utf8)), count: 1),
            good("unknown-fields", Data(#"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":1,"brand_new":{"x":[1,2]}}]"#.utf8), count: 1),
            good("escaped-keys-are-not-duplicates", Data(#"[{"id":1,"name":"a\"b","full_name":"o/a","stargazers_count":1,"k\"":1,"k":2}]"#.utf8), count: 1),
            good("empty-array", Data("[]".utf8), count: 0),
            good("duplicate-unread-key", Data(#"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":1,"x":1,"x":2,"owner":{"id":1,"id":2}}]"#.utf8), count: 1),
            good("twenty-megabytes", twentyMegabytes.data, count: twentyMegabytes.count),
        ]
    }()
}
