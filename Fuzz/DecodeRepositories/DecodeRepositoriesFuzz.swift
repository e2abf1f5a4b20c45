// libFuzzer target: `GitHubRepository.decodeList` on arbitrary bytes.
// Invariants: it returns or throws `FetcherError.decodingFailed` naming the source with a one-line
// reason; what it returns survives an encode/decode round trip unchanged.
import Foundation
import ViewModelKitExampleGitHub
import TestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let repositories = try GitHubRepository.decodeList(from: data, source: "fuzz-input")
        let encoded = try JSONEncoder().encode(repositories)
        let again = try GitHubRepository.decodeList(from: encoded, source: "round-trip")
        invariant(again == repositories, "round trip changed \(repositories) into \(again)")
    } catch let error as FetcherError {
        guard case .decodingFailed(let source, let reason) = error else {
            invariant(false, "unexpected error \(error)")
            return 0
        }
        invariant(source == "fuzz-input", "the error names \(source)")
        invariant(!reason.isEmpty && !reason.contains("\n"), "reason is not one line: \(reason.debugDescription)")
    } catch {
        invariant(false, "untyped error \(error)")
    }
    return 0
}

/// With `FUZZ_WRITE_SEEDS=<dir>`, writes seeds there and exits (`Scripts/fuzz.sh` does this before
/// fuzzing): the bad-input table (bodies up to 64 KB) and, from `FUZZ_FIXTURES=<Fixtures dir>`, every
/// shipped repository object as a one-element list.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let environment = ProcessInfo.processInfo.environment
    guard let directory = environment["FUZZ_WRITE_SEEDS"].map(URL.init(fileURLWithPath:)) else { return 0 }
    for body in BadInput.bodies where body.data.count <= 64 << 10 {
        try? body.data.write(to: directory.appendingPathComponent("table-\(body.name).json"))
    }
    let users = environment["FUZZ_FIXTURES"].map { URL(fileURLWithPath: $0).appendingPathComponent("github/users") }
    for user in users.flatMap({ try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }) ?? [] {
        guard let data = try? Data(contentsOf: user.appendingPathComponent("repos.json")),
              let objects = try? JSONSerialization.jsonObject(with: data) as? [Any]
        else { continue }
        for (index, object) in objects.enumerated() {
            guard let seed = try? JSONSerialization.data(withJSONObject: [object]) else { continue }
            try? seed.write(to: directory.appendingPathComponent("fixture-\(user.lastPathComponent)-\(index).json"))
        }
    }
    exit(0)
}
