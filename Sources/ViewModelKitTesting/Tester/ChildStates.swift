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
///
/// A collection of one type of row (`@Child var rows: IdentifiedArrayOf<RowModel>`) also reads its
/// rows as that type, by position and by id, as `IdentifiedArray` does:
///
/// ```swift
/// $0.rows[0].count = 1
/// $0.rows[id: id]?.count = 1
/// $0.rows.remove(id: id)
/// ```
///
/// An index the expected list does not have (`$0.path[0]` while the expected stack is empty) fails
/// the test, naming the index and the count; reading it gives a state that holds nothing, and
/// writing it changes nothing. A change through an id the expected list does not have, or a
/// removal of one, fails the test, naming the id and the ids the list has.
public struct ChildStates<Entry>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    var states: [ViewModelState<ViewModel>]
    /// Where failures inside the entries' states go: the tester's.
    let reporter: any IssueReporter
    /// The property, as a failure names it: `AppModel.path`.
    let name: String
    /// Where the assertion that uses these states was written: a failure points there.
    let site: ReportSite?
    /// Reads the list as the view model holds it now (an `IdentifiedArray` knows its rows' ids), or
    /// `nil` for a list no view model holds.
    var live: (@MainActor () -> Any?)?

    init(states: [ViewModelState<ViewModel>], reporter: any IssueReporter, name: String = "the list", site: ReportSite? = nil) {
        self.states = states
        self.reporter = reporter
        self.name = name
        self.site = site
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

    /// The position after `i`.
    public func index(after i: Int) -> Int { i + 1 }
    /// The position before `i`.
    public func index(before i: Int) -> Int { i - 1 }

    /// The state of the entry at `position`. A position the list does not have fails the test;
    /// reading it gives a state that holds nothing, and writing it changes nothing.
    public subscript(position: Int) -> ViewModelState<ViewModel> {
        get {
            guard states.indices.contains(position) else {
                reportOutOfRange("[\(position)]")
                return inert
            }
            return states[position]
        }
        set {
            guard states.indices.contains(position) else {
                // Reading it already failed, when this writes back what a change through it read.
                if !newValue.isInert { reportOutOfRange("[\(position)]") }
                return
            }
            states[position] = newValue
        }
    }

    /// The entries' states in `bounds`. Bounds the list does not have fail the test and give no
    /// entries; writing them changes nothing.
    public subscript(bounds: Range<Int>) -> Slice<ChildStates<Entry>> {
        get {
            guard bounds.lowerBound >= startIndex, bounds.upperBound <= endIndex else {
                reportOutOfRange("[\(bounds)]", advice: rangeAdvice)
                return Slice(base: self, bounds: startIndex..<startIndex)
            }
            return Slice(base: self, bounds: bounds)
        }
        set {
            guard bounds.lowerBound >= startIndex, bounds.upperBound <= endIndex, newValue.count == bounds.count else {
                // An empty write back of bounds reading already failed for is not reported twice.
                if bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex || !newValue.isEmpty {
                    reportOutOfRange("[\(bounds)]", advice: rangeAdvice)
                }
                return
            }
            states.replaceSubrange(bounds, with: newValue)
        }
    }

    /// Replaces the entries in `subrange` with `newElements`. A range the list does not have fails
    /// the test and changes nothing.
    public mutating func replaceSubrange<States: Collection>(
        _ subrange: Range<Int>, with newElements: States
    ) where States.Element == ViewModelState<ViewModel> {
        guard subrange.lowerBound >= startIndex, subrange.upperBound <= endIndex else {
            return reportOutOfRange(".replaceSubrange(\(subrange), with:)", advice: rangeAdvice)
        }
        states.replaceSubrange(subrange, with: newElements)
    }

    /// Inserts an entry's state at `position`. A position past the end fails the test and changes
    /// nothing.
    public mutating func insert(_ newElement: ViewModelState<ViewModel>, at position: Int) {
        guard position >= startIndex, position <= endIndex else {
            return reportOutOfRange(".insert(_:at: \(position))", advice: "Insert at an index up to \(count).")
        }
        states.insert(newElement, at: position)
    }

    /// Removes the entry at `position` and returns its state. A position the list does not have
    /// fails the test, changes nothing and returns a state that holds nothing.
    @discardableResult
    public mutating func remove(at position: Int) -> ViewModelState<ViewModel> {
        guard states.indices.contains(position) else {
            reportOutOfRange(".remove(at: \(position))")
            return inert
        }
        return states.remove(at: position)
    }

    /// Removes the first entry and returns its state. An empty list fails the test.
    @discardableResult
    public mutating func removeFirst() -> ViewModelState<ViewModel> {
        guard !states.isEmpty else { return nothingToRemove(".removeFirst()") }
        return states.removeFirst()
    }

    /// Removes the last entry and returns its state. An empty list fails the test.
    @discardableResult
    public mutating func removeLast() -> ViewModelState<ViewModel> {
        guard !states.isEmpty else { return nothingToRemove(".removeLast()") }
        return states.removeLast()
    }

    /// Removes the first `k` entries. Fewer entries than that fail the test and change nothing.
    public mutating func removeFirst(_ k: Int) {
        guard k >= 0, k <= count else { return reportTooFew(".removeFirst(\(k))") }
        states.removeFirst(k)
    }

    /// Removes the last `k` entries. Fewer entries than that fail the test and change nothing.
    public mutating func removeLast(_ k: Int) {
        guard k >= 0, k <= count else { return reportTooFew(".removeLast(\(k))") }
        states.removeLast(k)
    }

    /// Swaps the entries at `i` and `j`. A position the list does not have fails the test and
    /// changes nothing.
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard states.indices.contains(i), states.indices.contains(j) else {
            return reportOutOfRange(".swapAt(\(i), \(j))")
        }
        states.swapAt(i, j)
    }

    // MARK: - Failures

    /// The expected list's size, as a failure says it: "the expected path has 2 entries (indices 0..<2)".
    var sizeText: String {
        let what = "the expected \(name.split(separator: ".").last.map(String.init) ?? name)"
        switch count {
        case 0: return what + " is empty"
        case 1: return what + " has 1 entry (index 0)"
        default: return what + " has \(count) entries (indices 0..<\(count))"
        }
    }

    /// How to write `$0.path.append(…)` for this list.
    private var appendText: String {
        "`$0.\(name.split(separator: ".").last.map(String.init) ?? "list").append(…)`"
    }

    private var indexAdvice: String {
        count == 0
            ? "Add the entry first (\(appendText)), then change it through its index."
            : "Use an index below \(count), or add the entries first (\(appendText))."
    }

    private var rangeAdvice: String { "Use a range within 0..<\(count)." }

    func reportOutOfRange(_ access: String, advice: String? = nil) {
        report("\(name)\(access) is out of range: \(sizeText). \(advice ?? indexAdvice)")
    }

    private func reportTooFew(_ access: String) {
        report("\(name)\(access) has too few entries to remove: \(sizeText).")
    }

    private func nothingToRemove(_ access: String) -> ViewModelState<ViewModel> {
        report("\(name)\(access) has nothing to remove: \(sizeText).")
        return inert
    }

    /// What an entry the list does not have reads as: a state that holds nothing.
    var inert: ViewModelState<ViewModel> {
        // NB: the states are main-actor values, only made and changed in assertion closures and by
        // the tester, which run on the main actor.
        MainActor.assumeIsolated { [reporter, site] in ViewModelState.inert(reporter: reporter, site: site) }
    }

    func report(_ message: String) {
        let site = site ?? ReportSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        reporter.reportIssue(message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
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
