public import ViewModelKit

/// A snapshot of a view model's observed state that a test can read and change, property by
/// property, with the view model's own names: `$0.count = 1`.
///
/// The tester hands one to each assertion closure as a copy of the last asserted state; the closure
/// changes it into what the test expects, and the tester compares that with the real state.
@MainActor
@dynamicMemberLookup
public struct ViewModelState<Model: ViewModel> {
    package var snapshot: StateSnapshot
    private let resolver: PropertyResolver<Model>
    private let reporter: any IssueReporter
    /// The properties the assertion closure wrote.
    package private(set) var written: [String] = []

    init(snapshot: StateSnapshot, resolver: PropertyResolver<Model>, reporter: any IssueReporter) {
        self.snapshot = snapshot
        self.resolver = resolver
        self.reporter = reporter
    }

    /// Reads or writes one ``Observed`` property of the snapshot.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
        get {
            if let index = resolver.index(of: keyPath, in: snapshot), let value = snapshot.fields[index].value as? Value {
                return value
            }
            // Not observed (e.g. a computed property): answer from the live view model.
            return resolver.model[keyPath: keyPath]
        }
        set {
            guard let index = resolver.index(of: keyPath, in: snapshot), let value = newValue as? any Equatable else {
                reporter.reportIssue(
                    "\(keyPath) is not an @Observed property of \(snapshot.typeName); a test can only assert observed state.",
                    fileID: #fileID, filePath: #filePath, line: #line, column: #column
                )
                return
            }
            snapshot.fields[index].value = value
            if !written.contains(snapshot.fields[index].name) { written.append(snapshot.fields[index].name) }
        }
    }
}

/// Maps key paths of a view model to the snapshot fields they read, caching the answers.
@MainActor
final class PropertyResolver<Model: ViewModel> {
    let model: Model
    private var names: [AnyKeyPath: String?] = [:]

    init(model: Model) {
        self.model = model
    }

    func index<Value>(of keyPath: KeyPath<Model, Value>, in snapshot: StateSnapshot) -> Int? {
        let name: String?
        if let cached = names[keyPath] {
            name = cached
        } else {
            name = model.observedPropertyName(for: keyPath)
            names[keyPath] = name
        }
        return name.flatMap(snapshot.index(of:))
    }
}
