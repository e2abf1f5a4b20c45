// Builds a package of its own with `swift test` (Foundation's `Process`): macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import ViewModelKitTesting
import XCTest

/// The tests the explorations of the mutant suite write, built in a package of their own that
/// depends only on the library's products and the mutants' module (`Support/MutantModel.swift`, as
/// it is): each compiles unedited and fails on its bug; the same test with the bug taken out of the
/// view model (`bug: nil`) passes. Runs under `VMK_FULL_STRESS` (`.ci/run`): the build takes minutes.
@MainActor
final class MutantRoundTripTests: XCTestCase {
    func test_everyWrittenTest_compilesAlone_failsOnItsBug_andPassesOnceItIsFixed() async throws {
        if let why = NestedPackage.reasonToSkip(building: "a package of its own") { throw XCTSkip(why) }
        let nested = NestedPackage(named: "explored-runs")
        if try nested.copyLibrary() {
            try? FileManager.default.removeItem(at: nested.work.appendingPathComponent("Runs/.build"))
        }
        try nested.write(Self.manifest, to: "Runs/Package.swift")
        let model = TestPaths.packageRoot.appendingPathComponent("Tests/ViewModelKitTestingTests/Support/MutantModel.swift")
        try nested.write(String(contentsOf: model, encoding: .utf8), to: "Runs/Sources/Mutants/MutantModel.swift")

        var expected: [(suite: String, outcome: String)] = []
        for mutant in Mutant.allCases {
            let report = await MutantCampaigns.report(mutant)
            let failure = try XCTUnwrap(report.failure, "\(mutant) not found")
            let name = mutant.rawValue.prefix(1).uppercased() + mutant.rawValue.dropFirst()
            for file in failure.testFiles {
                let text = try XCTUnwrap(String(data: file.contents, encoding: .utf8))
                try nested.write(text, to: "Runs/Tests/ExploredRuns/\(file.name)")
                guard file.name.hasSuffix("Tests.swift") else { continue }
                // The same test against the view model without its bug.
                let fixed = text
                    .replacingOccurrences(of: "bug: .\(mutant.rawValue))", with: "bug: nil)")
                    .replacingOccurrences(of: "class \(name)ExploredRunTests", with: "class \(name)FixedTests")
                XCTAssertNotEqual(fixed, text)
                try nested.write(fixed, to: "Runs/Tests/ExploredRuns/\(name)FixedTests.swift")
            }
            expected += [("\(name)ExploredRunTests", "failed"), ("\(name)FixedTests", "passed")]
        }

        let run = try nested.swiftTest(in: "Runs")
        XCTAssertFalse(run.output.contains("error: compile command failed"), String(run.output.suffix(8_000)))
        for (suite, outcome) in expected {
            XCTAssertTrue(
                NestedPackage.reportsTestCase(run.output, suite, "testExploredRun", outcome),
                "\(suite) did not end \(outcome):\n\(run.output.suffix(8_000))"
            )
        }
    }

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Runs",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(path: "../ViewModelKit")],
            targets: [
                .target(name: "Mutants", dependencies: [.product(name: "ViewModelKit", package: "ViewModelKit")]),
                .testTarget(
                    name: "ExploredRuns",
                    dependencies: [
                        "Mutants",
                        .product(name: "ViewModelKit", package: "ViewModelKit"),
                        .product(name: "ViewModelKitTesting", package: "ViewModelKit"),
                    ]
                ),
            ]
        )

        """
}
#endif
