// `swift test --sanitize=address` (run by .ci/run) checks for leaks when each process exits. In the
// test runner itself that check only produces false reports: LeakSanitizer finds references by
// scanning memory for pointer values, and Swift stores many references with tag bits in a pointer's
// unused high bits (a `Data` inside an enum, a multi-payload enum holding a class), so live objects
// held by statics and by XCTest's records look unreferenced. A four-line program keeping a
// `static let` array of structs with `Data` shows it. LeakSanitizer asks this hook whether it is
// turned off; answering yes for the test runner keeps the leak check for the binaries the tests
// launch (`repos`, `counter`), whose reports .ci/run does fail on, and every AddressSanitizer memory
// check everywhere.

/// Turns LeakSanitizer off in the test runner process only (see the comment above).
@_cdecl("__lsan_is_turned_off")
public func leakSanitizerIsTurnedOff() -> CInt { 1 }
