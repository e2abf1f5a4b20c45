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
    ],
    targets: [
        .target(name: "ViewModelKit", swiftSettings: strict),
        .target(name: "ViewModelKitTesting", dependencies: ["ViewModelKit"], swiftSettings: strict),
        .target(name: "GitHubRepositories", dependencies: ["ViewModelKit"], swiftSettings: strict),
        .target(name: "Counter", dependencies: ["ViewModelKit"], swiftSettings: strict),
        .executableTarget(name: "repos", dependencies: ["GitHubRepositories"], swiftSettings: strict),
        // Test-only helpers (loopback HTTP server); not a product.
        .target(name: "TestSupport", swiftSettings: strict),
        .testTarget(name: "ViewModelKitTests", dependencies: ["ViewModelKit"], swiftSettings: strict),
        .testTarget(name: "ViewModelKitTestingTests", dependencies: ["ViewModelKitTesting"], swiftSettings: strict),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: strict),
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
            dependencies: ["repos", "GitHubRepositories", "TestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
