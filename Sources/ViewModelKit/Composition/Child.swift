internal import ViewModelKitStateDump
/// A property of a ``ViewModel`` that owns child view models: one, an optional one (a presented
/// detail or alert), an `IdentifiedArray` of them, or a navigation stack of destinations.
///
/// ```swift
/// final class RepositoriesViewModel: ViewModel {
///     @Child var detail: RepositoryDetailViewModel?          // presentation
///     @Child var rows: IdentifiedArrayOf<RowViewModel> = []    // a collection
///     @Child var path: [Destination] = []                    // a stack
/// }
/// ```
///
/// Owning means:
/// - the property is observed like an ``Observed`` one: assigning a different value (compared by
///   view-model identity) notifies the property's and the parent's observers, and so does every
///   in-place mutation (`rows.append(row)`, `rows.remove(id: id)`), which does not copy the
///   collection;
/// - every change a child makes also reaches the parent's ``ViewModelProtocol/observeChanges(_:)``
///   subscribers (and theirs, up the tree), so observing the root follows the whole screen;
/// - a child that leaves the property (dismissed, removed, popped) has its tasks cancelled, and
///   its children's;
/// - a child can leave by itself with ``ViewModel/dismiss()``;
/// - `ViewModelTester` snapshots children as part of the parent's state.
///
/// Moving a child from one `@Child` property to another keeps it running if you assign the new
/// place first.
@propertyWrapper
public struct Child<Value: ViewModelContainer> {
    @usableFromInline
    let slot: ChildSlot<Value>

    /// Creates the storage with its initial value.
    @MainActor
    public init(wrappedValue: Value) {
        slot = ChildSlot(wrappedValue)
    }

    /// The stored value, without notification. The compiler uses
    /// `subscript(_enclosingInstance:wrapped:storage:)` instead inside a view model.
    @MainActor
    public var wrappedValue: Value {
        get { slot.value }
        nonmutating set { slot.value = newValue }
    }

    /// Reads and writes the property of a view model: adopting new children, cancelling the tasks of
    /// children that left, and notifying observers after a real change.
    @MainActor
    public static subscript<Parent: ViewModel>(
        _enclosingInstance instance: Parent,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Parent, Child<Value>>
    ) -> Value {
        get {
            let slot = instance[keyPath: storageKeyPath].slot
            slot.adopt(by: instance)
            let center = instance.observationCenter
            if center.isTracking {
                // The library's own read (`observe`), as in ``Observed``: Observation is not told.
                center.recordRead(of: slot.subscribers, through: wrappedKeyPath)
            } else {
                slot.registerObservationAccess(instance, wrappedKeyPath)
            }
            return slot.value
        }
        set {
            instance[keyPath: storageKeyPath].slot.replace(with: newValue, parent: instance)
        }
        // In place (`rows.append(row)`, `rows.remove(id: id)`, `rows.sort(by:)`): the stored value
        // itself is mutated, so the collection is not copied. It notifies without comparing, after
        // adopting the children that arrived and cancelling the tasks of those that left (one pass
        // over the children).
        _modify {
            let slot = instance[keyPath: storageKeyPath].slot
            slot.adopt(by: instance)
            let before = slot.children
            slot.observationHooks?.willSet()
            defer { slot.settle(from: before, parent: instance) }
            yield &slot.value
        }
    }
}

/// The shared storage of one ``Child`` property: its value, its subscribers and its parent.
@MainActor
@usableFromInline
final class ChildSlot<Value: ViewModelContainer>: ChildSlotProtocol {
    var value: Value
    let subscribers = SubscriberList<Value>()
    private weak var parent: ViewModel?
    /// Tells Observation around a change, once a read of the property registered with Observation
    /// installed it.
    var observationHooks: ChildObservationHooks?

    init(_ value: Value) {
        self.value = value
    }

    var children: [ViewModel] { value.childViewModels }

    var subscriberListID: ObjectIdentifier { ObjectIdentifier(subscribers) }

    func snapshotValue() -> any Equatable {
        value.childSnapshot
    }

    /// Takes ownership of the initial children the first time the parent is known.
    func adopt(by parent: ViewModel) {
        guard self.parent == nil else { return }
        self.parent = parent
        for child in value.childViewModels { attach(child, to: parent) }
    }

    func replace(with newValue: Value, parent: ViewModel) {
        adopt(by: parent)
        guard newValue != value else { return }
        observationHooks?.willSet()
        let old = value.childViewModels
        value = newValue
        settle(from: old, parent: parent)
    }

    /// After `value` changed (assigned or mutated in place) from holding `old`: adopts the children that arrived, cancels the tasks
    /// of those that left, notifies the observers, then tells Observation. One pass over each list.
    func settle(from old: [ViewModel], parent: ViewModel) {
        defer { observationHooks?.didSet() }
        let new = value.childViewModels
        for child in new where child.ownership?.slot !== self {
            attach(child, to: parent)
        }
        let kept = Set(new.map(ObjectIdentifier.init))
        for child in old where !kept.contains(ObjectIdentifier(child)) && child.ownership?.slot === self {
            child.ownership = nil
            child.cancelAllTasksInTree()
        }
        // `self` and `parent` are alive for this whole call, and they hold both lists (invariant 3 of
        // the hot path, top of SubscriberList.swift).
        let changes = parent.observationCenter.changeSubscribers
        withExtendedLifetime((subscribers, changes)) {
            deliverChange(value, to: unretained(subscribers), changes: unretained(changes))
        }
    }

    func dismiss(_ child: ViewModel) {
        guard let parent, let newValue = value.removing(child) else { return }
        replace(with: newValue, parent: parent)
    }

    private func attach(_ child: ViewModel, to parent: ViewModel) {
        let center = child.observationCenter
        // The handlers hold the parent weakly: the parent owns the child, not the other way round.
        let changes = center.subscribeToChanges { [weak parent] in
            parent?.observationCenter.childDidChange()
        }
        let taskEnds = center.subscribeToTaskEnds { [weak parent] in
            parent?.observationCenter.taskDidEnd()
        }
        child.ownership = ChildOwnership(slot: self, links: [changes, taskEnds])
        // The child's own initial children start forwarding too, so news from any depth arrives.
        _ = child.childSlots()
    }
}

/// What a child keeps of its owner: the slot it lives in (to dismiss itself) and the subscriptions
/// that forward its changes to the parent.
@MainActor
final class ChildOwnership {
    weak var slot: (any ChildSlotProtocol)?
    let links: [ViewModelSubscription]

    init(slot: any ChildSlotProtocol, links: [ViewModelSubscription]) {
        self.slot = slot
        self.links = links
    }

    deinit {
        for link in links { link.cancel() }
    }
}

/// A ``ChildSlot`` with its value type erased.
@MainActor
protocol ChildSlotProtocol: AnyObject {
    /// The view models the slot holds now.
    var children: [ViewModel] { get }
    /// Takes ownership of the initial children.
    func adopt(by parent: ViewModel)
    /// Removes `child` if the slot's value can drop it.
    func dismiss(_ child: ViewModel)
    /// The children's snapshots, as ``ViewModelContainer/childSnapshot`` describes them.
    func snapshotValue() -> any Equatable
    /// Identifies the property's subscriber list, to match key paths to snapshot fields.
    var subscriberListID: ObjectIdentifier { get }
}

extension Child: ChildStorage {
    var anySlot: any ChildSlotProtocol { slot }
}

/// Lets reflection find a view model's ``Child`` properties.
protocol ChildStorage {
    var anySlot: any ChildSlotProtocol { get }
}

extension ViewModel {
    /// Asks the parent to remove this view model: a presented child is dismissed, a stack pops it
    /// (and whatever was pushed after it), a collection drops it. For a view model no ``Child``
    /// property holds, only tools that watch it hear of it (a `ViewModelTester` records the
    /// dismissal and cancels the view model's tasks); otherwise nothing happens.
    ///
    /// ```swift
    /// func closeButtonTapped() { dismiss() }
    /// ```
    public func dismiss() {
        guard let slot = ownership?.slot else { return observationCenter.dismissedWithoutOwner() }
        slot.dismiss(self)
    }

    /// Whether a ``Child`` property of another view model holds this one.
    package var isOwned: Bool { ownership?.slot != nil }

    /// The ``Child`` slots of this view model, found by reflection (and adopted on the way, so that
    /// children given as initial values forward their changes). Its ``Shared`` references learn
    /// that it holds them on the way too, so that its observers hear of changes made elsewhere.
    func childSlots() -> [any ChildSlotProtocol] {
        var slots: [any ChildSlotProtocol] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let level = mirror, level.subjectType != ViewModel.self {
            for child in level.children {
                if let storage = child.value as? any ChildStorage { slots.append(storage.anySlot) }
                if let shared = child.value as? any SharedStorage { shared.adopt(by: self) }
            }
            mirror = level.superclassMirror
        }
        for slot in slots { slot.adopt(by: self) }
        return slots
    }

    /// The view models this one owns now, through its ``Child`` properties.
    package var children: [ViewModel] {
        childSlots().flatMap(\.children)
    }

    /// This view model and every view model it owns, depth first.
    package var tree: [ViewModel] {
        [self] + children.flatMap(\.tree)
    }

    /// Cancels the tasks of this view model and of every view model it owns.
    package func cancelAllTasksInTree() {
        for model in tree { model.cancelAllTasks() }
    }

    /// Cancels the task with `token` (see ``RunningTask/token``) wherever it runs in this view
    /// model's tree. For tools (the tester).
    package func cancelTaskInTree(token: UInt64) {
        for model in tree where model.taskRegistry.cancel(token: token) { return }
    }

    /// The running tasks of this view model and of every view model it owns, with the owner's type in
    /// each origin. For tools (the tester).
    package var runningTasksInTree: [RunningTask] {
        runningTasks + children.flatMap { child in
            child.runningTasksInTree.map { task in
                var task = task
                task.origin = "\(dumpTypeName(type(of: child))).\(task.origin)"
                return task
            }
        }
    }
}
