/// The base class of a view model: observed state, subscriptions and owned tasks.
///
/// Subclass it with a `final class`, declare state with ``Observed``, and name methods after what the
/// user did:
///
/// ```swift
/// @MainActor
/// final class CounterViewModel: ViewModel {
///     @Observed private(set) var count = 0
///
///     func incrementButtonTapped() { count += 1 }
/// }
///
/// let viewModel = CounterViewModel()
/// let subscription = viewModel.observe(\.count) { print("count is now", $0) }
/// viewModel.incrementButtonTapped()   // prints "count is now 1"
/// ```
///
/// A view model delivers every change synchronously on the main actor, after the new value is stored,
/// once per real change. It owns the tasks it starts with ``ViewModel/task(id:cancelInFlight:priority:function:operation:)``
/// and cancels them when it deinitializes. Nothing it hands to observers refers back to it, so a view
/// model that nobody else holds deinitializes even while it is observed.
///
/// ## Topics
///
/// ### Creating a view model
///
/// - ``init()``
///
/// ### Observing state
///
/// - ``observe(_:_:)``
/// - ``observeChanges(_:)``
/// - ``values(of:)``
/// - ``logChanges(to:)``
///
/// ### Owned tasks
///
/// - ``task(id:cancelInFlight:priority:function:operation:)``
/// - ``cancelTask(id:)``
/// - ``cancelAllTasks()``
/// - ``isTaskRunning(id:)``
/// - ``runningTaskIDs``
///
/// ### Composition
///
/// - ``dismiss()``
/// - ``childViewModels``
/// - ``removing(_:)``
///
/// ### Comparing view models
///
/// - ``==(_:_:)``
@MainActor
open class ViewModel {
    /// The observation bookkeeping of this view model (subscriber lists, key-path tracking).
    @usableFromInline
    final let observationCenter = ObservationCenter()

    /// The tasks this view model owns, keyed by id.
    final let taskRegistry = TaskRegistry()

    /// The ``Child`` property that owns this view model, if any.
    final var ownership: ChildOwnership?

    /// Observation's registrar for this view model, created on the first read of an ``Observed`` or
    /// ``Child`` property: until then no Observation tracker can be waiting for a change, and a write
    /// skips Observation altogether. Never replaced once created.
    ///
    /// NB: unchecked for exclusive access in release builds only, as the hot path's other properties
    /// are (invariant 4, top of SubscriberList.swift): only the main actor touches it, and every access
    /// is a single read or assignment that overlaps no other. Debug builds leave the attribute out, so
    /// the runtime's dynamic exclusivity check still watches it there, and ``makeObservationState()``
    /// asserts it runs on the main actor.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    final var observationState: ObservationState?

    /// Creates a view model with no subscribers and no tasks.
    public init() {}

    deinit {
        taskRegistry.tearDown()
    }
}

extension ViewModel: Equatable {
    /// View models are equal when they are the same instance.
    nonisolated public static func == (lhs: ViewModel, rhs: ViewModel) -> Bool {
        lhs === rhs
    }
}

/// Marks ``ViewModel`` and its subclasses so that extensions can speak of `Self` (key paths into the
/// concrete view model).
@MainActor
public protocol ViewModelProtocol: ViewModel {}

extension ViewModel: ViewModelProtocol {}
