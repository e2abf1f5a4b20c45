public import Observation

/// A ``ViewModel`` that Swift's Observation also sees: reading an ``Observed`` or ``Child`` property
/// inside `withObservationTracking` registers the read, and a real change of it calls `onChange`.
///
/// Subclass it instead of ``ViewModel`` when code that observes with Observation reads the view
/// model, such as a SwiftUI view:
///
/// ```swift
/// @MainActor
/// final class CounterViewModel: ObservableViewModel {
///     @Observed private(set) var count = 0
///
///     func incrementButtonTapped() { count += 1 }
/// }
///
/// let viewModel = CounterViewModel()
/// withObservationTracking {
///     _ = viewModel.count
/// } onChange: {
///     print("count will change")
/// }
/// viewModel.incrementButtonTapped()   // prints "count will change"
/// ```
///
/// Everything else stays as it is: ``ViewModelProtocol/observe(_:_:)``, ``ViewModelProtocol/observeChanges(_:)``
/// and the tester work the same. For one real change, Observation's `onChange` runs first, before the
/// new value is stored (as it does for an `@Observable` type); the value is then stored and the
/// view model's own subscribers are called. Writing an equal value tells neither.
///
/// Observation tracks each view model on its own. A view model read through a parent's ``Child``
/// property is tracked when its own type is an `ObservableViewModel`; reading the ``Child`` property
/// itself is tracked when the parent's type is one.
///
/// The choice is made by the compiler: for a view model that is a plain ``ViewModel``, the class check
/// in the property's accessors folds away when the accessors are specialized for it, so its reads and
/// writes do no Observation work at all. (A protocol the view model adopted would be checked at run
/// time, because a conformance can be added from another module.)
@MainActor
open class ObservableViewModel: ViewModel {
    /// Observation's registrar for this view model, created on the first read of an observed
    /// property: until then no tracker can be waiting for a change, and a write skips Observation
    /// altogether. Never replaced once created.
    ///
    /// NB: unchecked for exclusive access: only the main actor touches it, and no access to it
    /// overlaps another (each is a single read or write).
    @usableFromInline
    @exclusivity(unchecked)
    final var observationState: ObservationState?

    /// Creates a view model with no subscribers, no tasks and no Observation trackers.
    override public init() {
        super.init()
    }

    /// The registrar's holder, created if needed, for a read that Observation may be tracking.
    final var observationStateForAccess: ObservationState {
        if let observationState { return observationState }
        let state = ObservationState()
        observationState = state
        return state
    }

    /// Creates the registrar's holder, which the view model keeps from then on, and returns it
    /// unretained.
    @usableFromInline
    @inline(never)
    final func makeObservationState() -> Unmanaged<ObservationState> {
        .passUnretained(observationStateForAccess)
    }
}

/// Every view model is marked `Observable` so that the accessors of ``Observed`` and ``Child``, which are
/// generic over any ``ViewModel``, can name its key paths to Observation. Only an
/// ``ObservableViewModel`` reports anything: a plain view model is accepted where an `Observable`
/// type is expected (by SwiftUI, for one) but never reports a change.
extension ViewModel: Observable {}
