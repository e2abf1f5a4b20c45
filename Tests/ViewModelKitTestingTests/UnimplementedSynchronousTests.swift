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
