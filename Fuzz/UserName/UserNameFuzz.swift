// libFuzzer target: `GitHubUserName` validation.
// Invariants: an accepted name is 1–39 characters of [A-Za-z0-9-] that does not start with a hyphen
// (so it is safe in a URL path and a file name); a refused one is a typed error whose message is one
// line.
import Foundation
import ViewModelKitExampleGitHub

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let name = text(start, count)
    do {
        let valid = try GitHubUserName(name)
        let bytes = Array(valid.rawValue.utf8)
        invariant(valid.rawValue == name, "the name changed")
        invariant((1...39).contains(bytes.count), "\(bytes.count) characters")
        invariant(bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }, "characters outside [A-Za-z0-9-]: \(name.debugDescription)")
        invariant(bytes.first != UInt8(ascii: "-"), "a leading hyphen: \(name)")
        invariant(valid.rawValue.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) == valid.rawValue, "needs escaping in a URL path")
    } catch {
        guard case .invalidUserName(let refused, _) = error else {
            invariant(false, "unexpected error \(error)")
            return 0
        }
        invariant(refused == name, "the error names another name")
        invariant(!error.description.contains("\n") && !error.description.contains("\r"), "a multi-line message: \(error.description.debugDescription)")
    }
    return 0
}

private func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}
