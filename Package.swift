// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ViewModelKit",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
        .library(name: "ViewModelKitTesting", targets: ["ViewModelKitTesting"]),
        .library(name: "GitHubRepositories", targets: ["GitHubRepositories"]),
        .library(name: "Counter", targets: ["Counter"]),
        .executable(name: "repos", targets: ["repos"]),
        .executable(name: "counter", targets: ["counter"]),
    ],
    targets: [
        .target(name: "ViewModelKit", swiftSettings: strict),
        .target(name: "ViewModelKitTesting", dependencies: ["ViewModelKit"], swiftSettings: strict),
        // Shared HTTP limits, redirect policy and redaction for the live clients; not a product.
        .target(name: "ClientSupport", swiftSettings: strict),
        .target(name: "GitHubRepositories", dependencies: ["ViewModelKit", "ClientSupport"], swiftSettings: strict),
        .target(name: "Counter", dependencies: ["ViewModelKit", "ClientSupport"], swiftSettings: strict),
        // Shared terminal code (raw mode, keys, frames) and the two front ends' screens.
        .target(name: "TerminalUI", swiftSettings: strict),
        .target(
            name: "TerminalScreens",
            dependencies: ["TerminalUI", "Counter", "GitHubRepositories", "ViewModelKit"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "repos",
            dependencies: ["GitHubRepositories", "TerminalScreens", "TerminalUI", "ViewModelKit"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "counter",
            dependencies: ["Counter", "TerminalScreens", "TerminalUI", "ViewModelKit"],
            swiftSettings: strict
        ),
        // `swift run -c release benchmarks`: every performance claim against its peer.
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "ViewModelKit", "ViewModelKitTesting", "GitHubRepositories", "Counter", "TerminalUI", "TerminalScreens", "TestSupport",
                "CAllocatorStats",
            ],
            swiftSettings: strict
        ),
        // The allocator's counters (glibc mallinfo2) for the memory benchmarks.
        .target(name: "CAllocatorStats"),
        // Test-only helpers (loopback HTTP server); not a product.
        .target(name: "TestSupport", swiftSettings: strict),
        .testTarget(name: "ViewModelKitTests", dependencies: ["ViewModelKit"], swiftSettings: strict),
        .testTarget(name: "ViewModelKitTestingTests", dependencies: ["ViewModelKitTesting"], swiftSettings: strict),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(name: "ClientSupportTests", dependencies: ["ClientSupport", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GitHubRepositoriesTests",
            dependencies: ["GitHubRepositories", "ViewModelKitTesting", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CounterTests",
            dependencies: ["Counter", "ViewModelKitTesting", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReposTests",
            dependencies: ["repos", "GitHubRepositories", "TestSupport", "ViewModelKit", "ViewModelKitTesting"],
            swiftSettings: strict
        ),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"], swiftSettings: strict),
        .testTarget(
            name: "TerminalScreensTests",
            dependencies: ["TerminalScreens", "ViewModelKitTesting", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "FrontEndTests", dependencies: ["counter", "repos", "TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
