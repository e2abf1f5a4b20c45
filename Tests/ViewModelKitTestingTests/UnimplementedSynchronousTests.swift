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

    func testEndpointsWithFourArgumentsAndPlaceholderEndpointsWithThree() async {
        let upload: @Sendable (String, Int, Bool, Double) async throws -> Int = unimplemented("Uploader.upload(_:part:last:rate:)")
        let write: @Sendable (String, Int, Bool, Double) throws -> Void = unimplemented("Store.write(_:at:sync:weight:)")
        let sum: @Sendable (Int, Int, Int, Int) -> Int = unimplemented("Math.sum(_:_:_:_:)", placeholder: 0)
        let rank: @Sendable (Int, Int, Int) async -> Int = unimplemented("Ranker.rank(_:_:_:)", placeholder: -1)
        do {
            _ = try await upload("a.txt", 2, false, 0.5)
            XCTFail("expected UnimplementedError")
        } catch {
            XCTAssertEqual(error as? UnimplementedError, UnimplementedError(name: "Uploader.upload(_:part:last:rate:)"))
        }
        XCTAssertThrowsError(try write("a", 1, true, 2))
        XCTAssertEqual(sum(1, 2, 3, 4), 0)
        let position = await rank(3, 2, 1)
        XCTAssertEqual(position, -1)
        XCTAssertEqual(recorder.messages, [
            #"Unimplemented: Uploader.upload(_:part:last:rate:) was called with ("a.txt", 2, false, 0.5) but has no test implementation."#,
            #"Unimplemented: Store.write(_:at:sync:weight:) was called with ("a", 1, true, 2.0) but has no test implementation."#,
            "Unimplemented: Math.sum(_:_:_:_:) was called with (1, 2, 3, 4) but has no test implementation.",
            "Unimplemented: Ranker.rank(_:_:_:) was called with (3, 2, 1) but has no test implementation.",
        ])
    }

    /// A tuple or `Void` argument is one argument, shown in its own parentheses.
    func testTupleAndVoidArguments() async {
        let distance: @Sendable ((Int, Int)) async throws -> Int = unimplemented("Map.distance(to:)")
        let area: @Sendable ((Int, Int), Int) throws -> Int = unimplemented("Map.area(of:scale:)")
        let ping: @Sendable (()) -> Bool = unimplemented("Pinger.ping(_:)", placeholder: false)
        _ = try? await distance((3, 4))
        XCTAssertThrowsError(try area((1, 2), 3))
        XCTAssertEqual(ping(()), false)
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: Map.distance(to:) was called with ((3, 4)) but has no test implementation.",
            "Unimplemented: Map.area(of:scale:) was called with ((1, 2), 3) but has no test implementation.",
            "Unimplemented: Pinger.ping(_:) was called with (()) but has no test implementation.",
        ])
    }

    func testAMockMadeInAHelperPointsAtTheTestThatAskedForIt() {
        let store = makeStore(); let line = #line
        XCTAssertThrowsError(try store.save("dark", 1))
        XCTAssertEqual(recorder.issues.map(\.line), [UInt(line)])
        XCTAssertEqual(recorder.issues.first?.filePath.hasSuffix("UnimplementedSynchronousTests.swift"), true)
    }
}
