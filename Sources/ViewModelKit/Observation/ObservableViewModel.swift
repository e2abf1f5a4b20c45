public import Observation

/// A ``ViewModel`` by another name, kept so that code written for earlier versions compiles as it was.
///
/// Every ``ViewModel`` now reports its changes to Swift's Observation, so subclassing
/// `ObservableViewModel` is no longer needed: it adds nothing to ``ViewModel``, and a view model that
/// subclasses ``ViewModel`` directly is seen by SwiftUI and `withObservationTracking` just the same.
/// Existing subclasses (`final class CounterViewModel: ObservableViewModel`, with or without
/// `override init()`) keep compiling and behave as before.
@MainActor
open class ObservableViewModel: ViewModel {
    /// Creates a view model with no subscribers, no tasks and no Observation trackers.
    override public init() {
        super.init()
    }
}

extension ViewModel {
    /// The registrar's holder, created if needed, for a read that Observation may be tracking.
    final var observationStateForAccess: ObservationState {
        if let observationState { return observationState }
        let state = ObservationState()
        observationState = state
        return state
    }

    /// Creates the registrar's holder, which the view model keeps from then on, and returns it
    /// unretained.
    ///
    /// NB: the only place the state is assigned (besides ``observationStateForAccess``, its caller), in
    /// one instantaneous access on the main actor: checked in debug builds.
    @usableFromInline
    @inline(never)
    final func makeObservationState() -> Unmanaged<ObservationState> {
        assertOnMainActor()
        return .passUnretained(observationStateForAccess)
    }
}

/// Every view model is `Observable`: reading an ``Observed`` or ``Child`` property inside
/// `withObservationTracking` (or a SwiftUI view's `body`) registers the read, and a real change of it
/// calls `onChange`.
extension ViewModel: Observable {}
