internal import ViewModelKitStateDump
/// Prints what changed in a view model, like TCA's `_printChanges()`: after each burst of writes
/// (everything one intent or one step of a task changed), the intent and a −/+ diff of the state.
///
/// ```swift
/// let logger = viewModel.logChanges()          // keep it; releasing it stops the logging
/// viewModel.incrementButtonTapped()
/// // CounterViewModel: incrementButtonTapped()
/// //   CounterViewModel(
/// // −   count: 0,
/// // +   count: 1,
/// //     fact: nil
/// //   )
/// ```
///
/// The intent is named when the change comes from a task the view model owns (the method that
/// started it) or from ``ChangeLogger/intent(_:_:)``; otherwise the line says `(change)`.
@MainActor
public final class ChangeLogger {
    private weak var viewModel: ViewModel?
    private let output: @MainActor (String) -> Void
    private var last: StateSnapshot
    private var subscription: ViewModelSubscription?
    private var flushScheduled = false
    private var pendingOrigin: String?
    private var explicitIntent: String?

    init(viewModel: ViewModel, output: @escaping @MainActor (String) -> Void) {
        self.viewModel = viewModel
        self.output = output
        self.last = viewModel.snapshot()
        self.subscription = viewModel.observeChanges { [weak self] in self?.changed() }
    }

    /// Runs `body` (typically one intent call) and names the changes it makes after `name`.
    public func intent(_ name: String, _ body: () -> Void) {
        flush()
        explicitIntent = name
        body()
        flush()
        explicitIntent = nil
    }

    /// Stops logging.
    public func cancel() {
        subscription?.cancel()
        subscription = nil
    }

    private func changed() {
        if pendingOrigin == nil { pendingOrigin = explicitIntent ?? TaskOrigin.current }
        guard !flushScheduled else { return }
        flushScheduled = true
        // Coalesce every write of this main-actor turn into one entry.
        Task { @MainActor [weak self] in self?.flush() }
    }

    /// Prints the changes accumulated so far, if any.
    public func flush() {
        flushScheduled = false
        guard let viewModel else { return }
        let current = viewModel.snapshot()
        defer {
            last = current
            pendingOrigin = nil
        }
        guard let difference = diffText(last, current) else { return }
        let indented = difference.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        output("\(current.typeName): \(pendingOrigin ?? "(change)")\n\(indented)\n")
    }
}

extension ViewModel {
    /// Starts printing this view model's changes, each with the intent that made it, as a −/+ diff.
    /// - Parameter output: Receives each entry; prints to standard output by default.
    /// - Returns: The logger; logging stops when it is released or cancelled.
    public func logChanges(to output: @escaping @MainActor (String) -> Void = { print($0, terminator: "") }) -> ChangeLogger {
        ChangeLogger(viewModel: self, output: output)
    }
}
