// It builds a package of its own with `swift test` (Foundation's `Process`), which exists only on
// macOS and Linux.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// An app package, as an iOS developer has one, adds ViewModelKit's four library products next to
/// modules of its own with everyday names (`Counter`, `TestSupport`, `StateDump`, `ClientSupport`,
/// `CommandLineSupport`, `TerminalUI`, an executable `benchmarks`, and `counter`/`repos` as this
/// package's executables are called): SwiftPM refuses two targets of one name in a graph, and every
/// target a product reaches counts, so none of ours may take such a name.
///
/// Its tests run, and on Linux its test binary does not need FoundationNetworking: the testing and
/// recording products carry no HTTP transport.
final class AppDependencyTests: XCTestCase {
    func testAnAppWithItsOwnCounterAndTestSupportBuildsAgainstAllFourProducts() throws {
        if let why = NestedPackage.reasonToSkip(building: "an app package of its own") { throw XCTSkip(why) }
        let nested = NestedPackage(named: "app-dependency")
        if try nested.copyLibrary() {
            try? FileManager.default.removeItem(at: nested.work.appendingPathComponent("App/.build"))
        }
        try nested.write(Self.manifest, to: "App/Package.swift")
        for (path, source) in Self.sources {
            try nested.write(source, to: "App/\(path)")
        }

        let tested = try nested.swiftTest(in: "App")
        XCTAssertEqual(tested.status, 0, tested.output)
        XCTAssertFalse(tested.output.contains("conflicting name"), tested.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(tested.output, "CounterTests", "testIncrementAndFact", "passed"), tested.output)

        #if os(Linux)
        // The bundle `swift test` built on Linux is one ELF executable: every module is linked into
        // it, and what it needs from the toolchain is a shared library each.
        let bundle = nested.work.appendingPathComponent("App/.build/debug/AppPackageTests.xctest")
        let needed = try Self.sharedLibraries(of: bundle)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libFoundation.so") }, "the look-up finds Foundation: \(needed)")
        XCTAssertFalse(
            needed.contains { $0.hasPrefix("libFoundationNetworking") },
            "An app's test binary that uses ViewModelKit's four products links FoundationNetworking: \(needed)"
        )
        #endif
    }

    #if os(Linux)
    /// The look-up sees FoundationNetworking where it is linked: this package's own test bundle links
    /// the GitHub feature's live client.
    func testTheLinkageLookUpSeesFoundationNetworkingWhereItIsLinked() throws {
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
        let needed = try Self.sharedLibraries(of: bundle)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libFoundationNetworking") }, "\(bundle.path): \(needed)")
    }

    /// The names of the shared libraries `binary` needs, directly or through another, as `ldd` lists
    /// them.
    static func sharedLibraries(of binary: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ldd", binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            XCTFail("ldd \(binary.path) exited with \(process.terminationStatus): \(output)")
            return []
        }
        return output.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
    }
    #endif

    // MARK: - The app

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let viewModelKit: [Target.Dependency] = [
            .product(name: "ViewModelKit", package: "ViewModelKit"),
            .product(name: "ViewModelKitCollections", package: "ViewModelKit"),
        ]

        let package = Package(
            name: "App",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(path: "../ViewModelKit")],
            targets: [
                .target(name: "Counter", dependencies: viewModelKit),
                .target(name: "StateDump"),
                .target(name: "ClientSupport"),
                .target(name: "CommandLineSupport"),
                .target(name: "TerminalUI"),
                .target(
                    name: "TestSupport",
                    dependencies: ["Counter", .product(name: "ViewModelKitTesting", package: "ViewModelKit")]
                ),
                .target(
                    name: "Recording",
                    dependencies: ["Counter", .product(name: "ViewModelKitRecording", package: "ViewModelKit")]
                ),
                .executableTarget(name: "benchmarks", dependencies: ["Counter", "StateDump"]),
                .executableTarget(name: "counter", dependencies: ["Counter", "ClientSupport", "CommandLineSupport", "TerminalUI"]),
                .testTarget(
                    name: "CounterTests",
                    dependencies: [
                        "Counter", "TestSupport", "Recording", "StateDump",
                        .product(name: "ViewModelKitTesting", package: "ViewModelKit"),
                    ]
                ),
            ]
        )

        """

    static let sources: [(String, String)] = [
        ("Sources/Counter/CounterViewModel.swift", """
            import ViewModelKit

            public protocol NumberFactClient: Sendable {
                func fact(for number: Int) async throws -> String
            }

            @MainActor
            public final class CounterViewModel: ViewModel {
                @Observed public private(set) var count = 0
                @Observed public private(set) var fact: String?
                private let client: any NumberFactClient

                public init(client: any NumberFactClient) { self.client = client }

                public func incrementButtonTapped() { count += 1; fact = nil }

                public func factButtonTapped() {
                    task(id: "fact") { [weak self, client, count] in
                        let fact = try await client.fact(for: count)
                        self?.fact = fact
                    }
                }
            }

            """),
        ("Sources/StateDump/StateDump.swift", "public func stateDump(_ count: Int) -> String { \"count: \\(count)\" }\n"),
        ("Sources/ClientSupport/ClientSupport.swift", "public let userAgent = \"App/1.0\"\n"),
        ("Sources/CommandLineSupport/CommandLineSupport.swift", "public let usage = \"usage: counter\"\n"),
        ("Sources/TerminalUI/TerminalUI.swift", "public func clearScreen() -> String { \"\\u{1B}[2J\" }\n"),
        ("Sources/TestSupport/MockNumberFactClient.swift", """
            import Counter
            import ViewModelKitTesting

            public struct MockNumberFactClient: NumberFactClient {
                public init() {}
                public func fact(for number: Int) async throws -> String { "\\(number) is a good number." }
            }

            /// An unimplemented endpoint, from the testing product, where the app's helpers live.
            public let unusedFact: @Sendable (Int) async throws -> String = unimplemented("NumberFactClient.fact(for:)")

            """),
        ("Sources/Recording/Recording.swift", """
            import Counter
            import ViewModelKitRecording

            /// The recorder's clock, from the recording product.
            public func recordingClock() -> RecordingClock<ContinuousClock> { RecordingClock(ContinuousClock()) }

            """),
        ("Sources/benchmarks/main.swift", "import Counter\nimport StateDump\n\nprint(stateDump(1))\n"),
        ("Sources/counter/main.swift", "import ClientSupport\nimport CommandLineSupport\nimport TerminalUI\n\nprint(usage, userAgent, clearScreen().count)\n"),
        ("Tests/CounterTests/CounterTests.swift", """
            import Counter
            import Recording
            import StateDump
            import TestSupport
            import ViewModelKitTesting
            import XCTest

            @MainActor
            final class CounterTests: XCTestCase {
                func testIncrementAndFact() async {
                    let tester = ViewModelTester(CounterViewModel(client: MockNumberFactClient()))
                    await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
                    await tester.send({ $0.factButtonTapped() })
                    await tester.receive { $0.fact = "1 is a good number." }
                    XCTAssertEqual(stateDump(1), "count: 1")
                    _ = recordingClock()
                }
            }

            """),
    ]
}
#endif
