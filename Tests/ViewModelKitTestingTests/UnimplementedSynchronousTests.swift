import ViewModelKitTesting
import XCTest

final class UnimplementedSynchronousTests: RecordingTestCase {
    func testThrowingEndpointFailsAndThrows() {
        let load: @Sendable () throws -> Int = unimplemented("SettingsStore.load()")
        XCTAssertThrowsError(try load()) { error in
            XCTAssertEqual(error as? UnimplementedError, UnimplementedError(name: "SettingsStore.load()"))
        }
        XCTAssertEqual(recorder.messages, ["Unimplemented: SettingsStore.load() was called but has no test implementation."])
    }

    func testThrowingEndpointWithAnArgument() {
        let save: @Sendable (String) throws -> Bool = unimplemented("SettingsStore.save(_:)")
        XCTAssertThrowsError(try save("dark"))
        XCTAssertEqual(recorder.messages, [#"Unimplemented: SettingsStore.save(_:) was called with ("dark") but has no test implementation."#])
    }

    func testNonThrowingEndpointReturnsItsPlaceholder() {
        let count: @Sendable () -> Int = unimplemented("Counter.current()", placeholder: 7)
        XCTAssertEqual(count(), 7)
        XCTAssertEqual(recorder.messages, ["Unimplemented: Counter.current() was called but has no test implementation."])
    }

    func testANamelessEndpointNamesItsCallSite() async {
        let load: @Sendable () throws -> Int = unimplemented(); let line = #line
        _ = try? load()
        let fetch: @Sendable (Int) async throws -> String = unimplemented(); let fetchLine = #line
        _ = try? await fetch(3)
        let placeholder: @Sendable () -> String = unimplemented(placeholder: ""); let placeholderLine = #line
        _ = placeholder()
        let site = "ViewModelKitTestingTests/UnimplementedSynchronousTests.swift"
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: \(site):\(line) was called but has no test implementation.",
            "Unimplemented: \(site):\(fetchLine) was called with (3) but has no test implementation.",
            "Unimplemented: \(site):\(placeholderLine) was called but has no test implementation.",
        ])
        XCTAssertEqual(recorder.issues.map(\.line), [UInt(line), UInt(fetchLine), UInt(placeholderLine)])
    }
}

/// A mock made by a helper that forwards its caller's place.
private struct Store: Sendable {
    var save: @Sendable (String, Int) throws -> Void
}

private func makeStore(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Store {
    Store(save: unimplemented("Store.save(_:_:)", fileID: fileID, filePath: filePath, line: line, column: column))
}

final class UnimplementedMoreArgumentsTests: RecordingTestCase {
    func testSynchronousThrowingEndpointsWithTwoAndThreeArguments() {
        let save: @Sendable (String, Int) throws -> Bool = unimplemented("Store.save(_:at:)")
        XCTAssertThrowsError(try save("dark", 2))
        let move: @Sendable (Int, Int, Bool) throws -> Void = unimplemented("Store.move(from:to:animated:)")
        XCTAssertThrowsError(try move(1, 2, true))
        XCTAssertEqual(recorder.messages, [
            #"Unimplemented: Store.save(_:at:) was called with ("dark", 2) but has no test implementation."#,
            "Unimplemented: Store.move(from:to:animated:) was called with (1, 2, true) but has no test implementation.",
        ])
    }

    func testAsyncEndpointsThatCannotThrowReturnTheirPlaceholder() async {
        let isAvailable: @Sendable () async -> Bool = unimplemented("Speech.isAvailable()", placeholder: false)
        let transcript: @Sendable (Int) async -> String = unimplemented("Speech.transcript(of:)", placeholder: "")
        let score: @Sendable (Int, Int) async -> Int = unimplemented("Speech.score(_:_:)", placeholder: -1)
        let sum: @Sendable (Int, Int) -> Int = unimplemented("Math.sum(_:_:)", placeholder: 0)
        let available = await isAvailable()
        let text = await transcript(3)
        let points = await score(1, 2)
        XCTAssertEqual(available, false)
        XCTAssertEqual(text, "")
        XCTAssertEqual(points, -1)
        XCTAssertEqual(sum(1, 2), 0)
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: Speech.isAvailable() was called but has no test implementation.",
            "Unimplemented: Speech.transcript(of:) was called with (3) but has no test implementation.",
            "Unimplemented: Speech.score(_:_:) was called with (1, 2) but has no test implementation.",
            "Unimplemented: Math.sum(_:_:) was called with (1, 2) but has no test implementation.",
        ])
    }

    func testAMockMadeInAHelperPointsAtTheTestThatAskedForIt() {
        let store = makeStore(); let line = #line
        XCTAssertThrowsError(try store.save("dark", 1))
        XCTAssertEqual(recorder.issues.map(\.line), [UInt(line)])
        XCTAssertEqual(recorder.issues.first?.filePath.hasSuffix("UnimplementedSynchronousTests.swift"), true)
    }
}
