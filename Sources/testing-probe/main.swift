import ViewModelKit

// Prints `IssueReporting.isTesting` for this process. The tests start this program under the names
// and with the arguments the test runners use (`xctest`, `swiftpm-testing-helper`) and read the answer.
//
// With the single argument `duplicate-key-path-id` it creates an `IdentifiedArray` identified by a
// key path from elements that repeat an id, which stops the program (the tests read the message).
if CommandLine.arguments.dropFirst() == ["duplicate-key-path-id"] {
    struct Tag { var name: String }
    let tags = IdentifiedArray(uniqueElements: [Tag(name: "swift"), Tag(name: "linux"), Tag(name: "swift")], id: \.name)
    print(tags.ids)
} else {
    print(IssueReporting.isTesting)
}
