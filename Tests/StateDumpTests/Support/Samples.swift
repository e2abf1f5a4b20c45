import Foundation
import XCTest
@testable import ViewModelKitStateDump


struct Empty {}

struct Point {
    var x: Int
    var y: Int
}

struct Owner {
    var login: String
    var url: URL
}

struct Repository {
    var id: Int
    var fullName: String
    var description: String?
    var stars: Int
    var owner: Owner
}

enum Loading {
    case idle
    case loaded(Int)
    case failed(code: Int, message: String)
    case pair(Int, name: String)
    case repository(Repository)
}

enum Described: CustomStringConvertible {
    case first
    var description: String { "DESCRIBED" }
}

struct Outer {
    struct Inner {
        var value: Int
    }
}

struct Box<Value> {
    var value: Value
}

final class Node {
    let name: String
    var next: Node?

    init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }
}

struct Tagged: CustomDumpStringConvertible {
    var raw: Int
    var customDumpDescription: String { "Tagged<\(raw)>" }
}

struct Todo: Identifiable {
    var id: Int
    var title: String
    var done: Bool
}

struct State {
    var count: Int
    var fact: String?
    var tags: [String]
}

struct Profile {
    var name: String
    var repository: Repository
    var scores: [String: Int]
}

let sampleOwner = Owner(login: "apple", url: URL(fileURLWithPath: "/apple"))

func repository(stars: Int = 67_000, description: String? = "The Swift Programming Language") -> Repository {
    Repository(
        id: 1, fullName: "apple/swift", description: description, stars: stars,
        owner: Owner(login: "apple", url: URL(string: "https://github.com/apple") ?? sampleOwner.url)
    )
}
