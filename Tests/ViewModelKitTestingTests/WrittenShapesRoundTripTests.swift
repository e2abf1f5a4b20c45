// Builds a package of its own with `swift test` (Foundation's `Process`): macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import ViewModelKitTesting
import XCTest

/// The tests the writers write for every shape of client method and of child
/// (`Support/ShapesModel.swift`, `Support/WrittenShapes.swift`), built unedited in one package of
/// their own that depends only on the library's products and the shapes' module: the recorded
/// sessions (children as the view model shows them, and made as the recorder was told) compile
/// and pass; the explorations' tests (a synchronous answer given ahead, an answer by call number, a
/// row taken as shown, a row made afresh) compile and fail on the invariant they broke. Runs under `VMK_FULL_STRESS` (`.ci/run`): the
/// build takes minutes.
@MainActor
final class WrittenShapesRoundTripTests: XCTestCase {
    func test_everyWrittenShape_compilesAlone_andReplays() async throws {
        if let why = NestedPackage.reasonToSkip(building: "a package of its own") { throw XCTSkip(why) }
        let nested = NestedPackage(named: "written-shapes")
        if try nested.copyLibrary() {
            try? FileManager.default.removeItem(at: nested.work.appendingPathComponent("Shapes/.build"))
        }
        try nested.write(Self.manifest, to: "Shapes/Package.swift")
        let model = TestPaths.packageRoot.appendingPathComponent("Tests/ViewModelKitTestingTests/Support/ShapesModel.swift")
        try nested.write(String(contentsOf: model, encoding: .utf8), to: "Shapes/Sources/Shapes/ShapesModel.swift")

        var expected: [(suite: String, test: String, outcome: String)] = []
        for (name, making) in [("ShapesShown", false), ("ShapesMade", true)] {
            let written = await WrittenShapes.recordedChildren(named: name, making: making)
            try nested.write(written.source, to: "Shapes/Tests/Written/\(name)Tests.swift")
            expected.append(("\(name)Tests", "testRecordedSession", "passed"))
        }
        let failures = await WrittenShapes.exploredFailures()
        XCTAssertEqual(failures.count, 5)
        for failure in failures {
            for file in failure.testFiles {
                try nested.write(try XCTUnwrap(String(data: file.contents, encoding: .utf8)), to: "Shapes/Tests/Written/\(file.name)")
                guard file.name.hasSuffix("Tests.swift") else { continue }
                expected.append((String(file.name.dropLast(".swift".count)), "testExploredRun", "failed"))
            }
        }

        let run = try nested.swiftTest(in: "Shapes")
        XCTAssertFalse(run.output.contains("error: compile command failed"), String(run.output.suffix(8_000)))
        XCTAssertFalse(run.output.contains("warning:"), String(run.output.suffix(8_000)))
        for (suite, test, outcome) in expected {
            XCTAssertTrue(
                NestedPackage.reportsTestCase(run.output, suite, test, outcome),
                "\(suite) did not end \(outcome):\n\(run.output.suffix(8_000))"
            )
        }
    }

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Shapes",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(path: "../ViewModelKit")],
            targets: [
                .target(name: "Shapes", dependencies: [.product(name: "ViewModelKit", package: "ViewModelKit")]),
                .testTarget(
                    name: "Written",
                    dependencies: [
                        "Shapes",
                        .product(name: "ViewModelKit", package: "ViewModelKit"),
                        .product(name: "ViewModelKitTesting", package: "ViewModelKit"),
                    ]
                ),
            ]
        )

        """
}
#endif
