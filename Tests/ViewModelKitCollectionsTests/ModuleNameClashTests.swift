// It builds a package of its own with `swift test` (Foundation's `Process`), which exists only on
// macOS and Linux.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// An app that depends on ViewModelKit and on Point-Free's `IdentifiedCollections` (here a stand-in
/// module of that name) still builds: the collection product's module is `ViewModelKitCollections`,
/// and a file that imports both spells each `IdentifiedArray` with its module.
///
/// The second half proves that the check can fail: a stand-in whose module has our module's name is
/// refused by SwiftPM before anything compiles.
final class ModuleNameClashTests: XCTestCase {
    func testAnAppThatAlsoDependsOnIdentifiedCollectionsBuildsAndRuns() throws {
        if let why = NestedPackage.reasonToSkip(building: "a package of its own") { throw XCTSkip(why) }
        let nested = NestedPackage(named: "module-clash")
        if try nested.copyLibrary() {
            try? FileManager.default.removeItem(at: nested.work.appendingPathComponent("App/.build"))
            try? FileManager.default.removeItem(at: nested.work.appendingPathComponent("SameName/.build"))
        }
        try nested.write(Self.standInManifest(module: "IdentifiedCollections"), to: "IdentifiedCollections/Package.swift")
        try nested.write(Self.standInSource, to: "IdentifiedCollections/Sources/IdentifiedCollections/IdentifiedArray.swift")
        try nested.write(Self.appManifest(standIn: "IdentifiedCollections"), to: "App/Package.swift")
        for (name, source) in Self.appSources {
            try nested.write(source, to: "App/Sources/App/\(name)")
        }
        try nested.write(Self.appTest, to: "App/Tests/AppTests/AppTests.swift")

        let built = try nested.swiftTest(in: "App")
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(built.output, "AppTests", "testBothCollectionsInOneApp", "passed"), built.output)

        // The same app beside a stand-in that takes our module's name: refused.
        try nested.write(Self.standInManifest(module: "ViewModelKitCollections"), to: "ViewModelKitCollectionsStandIn/Package.swift")
        try nested.write(Self.standInSource, to: "ViewModelKitCollectionsStandIn/Sources/ViewModelKitCollections/IdentifiedArray.swift")
        try nested.write(Self.appManifest(standIn: "ViewModelKitCollectionsStandIn", product: "ViewModelKitCollections"), to: "SameName/Package.swift")
        try nested.write("public let nothing = 0\n", to: "SameName/Sources/App/App.swift")
        try nested.write("import XCTest\nfinal class AppTests: XCTestCase { func testNothing() {} }\n", to: "SameName/Tests/AppTests/AppTests.swift")
        let refused = try nested.swift(["build"], in: "SameName")
        XCTAssertNotEqual(refused.status, 0, refused.output)
        XCTAssertTrue(refused.output.contains("conflicting name: 'ViewModelKitCollections"), refused.output)
    }

    // MARK: - The packages

    /// A package with one library product and module named `module`, as Point-Free's is.
    static func standInManifest(module: String) -> String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "\(module)",
            products: [.library(name: "\(module)", targets: ["\(module)"])],
            targets: [.target(name: "\(module)")]
        )

        """
    }

    /// The part of Point-Free's API that collides with ours by name.
    static let standInSource = """
        public struct IdentifiedArray<ID: Hashable, Element> {
            public private(set) var elements: [Element]
            private let id: (Element) -> ID

            public init(uniqueElements: some Sequence<Element>, id: @escaping (Element) -> ID) {
                elements = Array(uniqueElements)
                self.id = id
            }

            public subscript(id id: ID) -> Element? { elements.first { self.id($0) == id } }
        }

        public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

        extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
            public init(uniqueElements: some Sequence<Element>) { self.init(uniqueElements: uniqueElements, id: \\.id) }
        }

        """

    static func appManifest(standIn: String, product: String = "IdentifiedCollections") -> String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "App",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(path: "../ViewModelKit"), .package(path: "../\(standIn)")],
            targets: [
                .target(
                    name: "App",
                    dependencies: [
                        .product(name: "ViewModelKit", package: "ViewModelKit"),
                        .product(name: "\(product)", package: "\(standIn)"),
                    ]
                ),
                .testTarget(name: "AppTests", dependencies: ["App"]),
            ]
        )

        """
    }

    /// Three files of one app target: one imports only ViewModelKit, one only IdentifiedCollections,
    /// and one both (so it names each collection's module).
    static let appSources: [(String, String)] = [
        ("TagsViewModel.swift", """
            import ViewModelKit

            public struct Tag: Identifiable, Equatable, Sendable {
                public let id: Int
                public var name: String
                public init(id: Int, name: String) { self.id = id; self.name = name }
            }

            @MainActor
            public final class TagsViewModel: ViewModel {
                @Observed public private(set) var tags: IdentifiedArrayOf<Tag> = []

                public override init() { super.init() }

                public func tagAdded(_ tag: Tag) { tags.append(tag) }
                public func tagRenamed(id: Tag.ID, to name: String) { tags[id: id]?.name = name }
            }

            """),
        ("LegacyTags.swift", """
            import IdentifiedCollections

            /// Code written for Point-Free's collection, untouched.
            public func legacyTags(_ tags: [Tag]) -> IdentifiedArrayOf<Tag> { IdentifiedArrayOf(uniqueElements: tags) }

            """),
        ("Bridge.swift", """
            import IdentifiedCollections
            import ViewModelKit

            /// A file that imports both names each collection's module.
            public func bridge(_ legacy: IdentifiedCollections.IdentifiedArrayOf<Tag>) -> ViewModelKitCollections.IdentifiedArrayOf<Tag> {
                ViewModelKitCollections.IdentifiedArrayOf(uniqueElements: legacy.elements)
            }

            """),
    ]

    static let appTest = """
        import App
        import XCTest

        @MainActor
        final class AppTests: XCTestCase {
            func testBothCollectionsInOneApp() async {
                let viewModel = TagsViewModel()
                viewModel.tagAdded(Tag(id: 1, name: "swift"))
                viewModel.tagRenamed(id: 1, to: "Swift")
                XCTAssertEqual(viewModel.tags[id: 1]?.name, "Swift")

                let bridged = bridge(legacyTags([Tag(id: 2, name: "linux"), Tag(id: 3, name: "mvvm")]))
                XCTAssertEqual(bridged.ids, [2, 3])
            }
        }

        """
}
#endif
