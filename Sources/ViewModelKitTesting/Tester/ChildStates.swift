public import ViewModelKit

/// The expected states of a `@Child` collection or navigation stack, as an assertion closure sees
/// them (`$0.path`): a list of ``ViewModelState``s, erased because a stack's screens are of
/// different types, that also takes the entries themselves, as the view model holds them.
///
/// ```swift
/// $0.path.append(.meeting(meeting, syncUp: syncUp))            // a value entry
/// $0.path.append(.detail(SyncUpDetailModel(syncUp: syncUp)))    // a screen, freshly made
/// $0.path.append(ViewModelState(detail))                        // a child's state
/// $0.path[0][case: AppModel.Path.detail]?.isEditing = true      // into a screen, by its case
/// $0.path.removeLast()
/// ```
///
/// An entry written as itself stands as its value when it holds no view model, and as its child's
/// state, freshly made, when it holds one (see ``ViewModelState/entry(_:reporter:)``).
public struct ChildStates<Entry>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    var states: [ViewModelState<ViewModel>]
    /// Where failures inside the entries' states go: the tester's.
    let reporter: any IssueReporter

    init(states: [ViewModelState<ViewModel>], reporter: any IssueReporter) {
        self.states = states
        self.reporter = reporter
    }

    /// No entries: `$0.path = []`.
    public init() {
        self.init(states: [], reporter: TestIssueReporter())
    }

    /// The entries' states: `$0.path = [.entry(AppModel.Path.meeting(meeting))]`.
    public init(arrayLiteral elements: ViewModelState<ViewModel>...) {
        self.init(states: elements, reporter: TestIssueReporter())
    }

    /// The position of the first entry.
    public var startIndex: Int { states.startIndex }
    /// The position after the last entry.
    public var endIndex: Int { states.endIndex }

    /// The state of the entry at `position`.
    public subscript(position: Int) -> ViewModelState<ViewModel> {
        get { states[position] }
        set { states[position] = newValue }
    }

    /// Replaces the entries in `subrange` with `newElements`.
    public mutating func replaceSubrange<States: Collection>(
        _ subrange: Range<Int>, with newElements: States
    ) where States.Element == ViewModelState<ViewModel> {
        states.replaceSubrange(subrange, with: newElements)
    }
}

extension ChildStates where Entry: ViewModelContainer {
    /// Adds an entry as the view model holds it: `$0.path.append(.meeting(meeting, syncUp: syncUp))`.
    @MainActor
    public mutating func append(_ entry: Entry) {
        append(.entry(entry, reporter: reporter))
    }

    /// Inserts an entry, as the view model holds it, at `position`.
    @MainActor
    public mutating func insert(_ entry: Entry, at position: Int) {
        insert(.entry(entry, reporter: reporter), at: position)
    }

    /// Adds a child's state without erasing it first: `$0.path.append(ViewModelState(detail))`.
    @MainActor
    public mutating func append<Child: ViewModel>(_ state: ViewModelState<Child>) {
        append(state.erased)
    }
}
