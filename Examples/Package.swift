// swift-tools-version: 6.2
// SwiftUI apps on the repository's two example features: `open Package.swift` in Xcode. On Linux the
// package builds too, with its SwiftUI files compiled to nothing (see README.md).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "ExamplesUI", targets: ["ExamplesUI"]),
        .executable(name: "GitHubRepositoriesApp", targets: ["GitHubRepositoriesApp"]),
        .executable(name: "CounterApp", targets: ["CounterApp"]),
    ],
    dependencies: [
        // The repository itself. A path dependency's identity is its folder's name, which differs
        // between checkouts (`ViewModelKit`, `main`, ...); `name:` gives it the name the products below
        // use, whatever the folder is called.
        .package(name: "ViewModelKit", path: ".."),
    ],
    targets: [
        // The screens, and the clients they are given.
        .target(
            name: "ExamplesUI",
            dependencies: [
                .product(name: "ViewModelKit", package: "ViewModelKit"),
                .product(name: "ViewModelKitExampleGitHub", package: "ViewModelKit"),
                .product(name: "ViewModelKitExampleCounter", package: "ViewModelKit"),
            ],
            swiftSettings: strict
        ),
        // The apps: `swift run GitHubRepositoriesApp` and `swift run CounterApp` on a Mac.
        .executableTarget(name: "GitHubRepositoriesApp", dependencies: ["ExamplesUI"], swiftSettings: strict),
        .executableTarget(name: "CounterApp", dependencies: ["ExamplesUI"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
