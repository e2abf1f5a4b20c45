import ViewModelKit
import XCTest

/// A child with a value and a task that runs until it is cancelled.
@MainActor
private final class Leaf: ViewModel, Identifiable {
    nonisolated let id: Int
    @Observed var value = 0
    /// Yields once when the work task sees its cancellation.
    let cancellations: AsyncStream<Void>
    private let cancelled: AsyncStream<Void>.Continuation

    init(id: Int = 0) {
        self.id = id
        (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    }

    func startWork() {
        task(id: "work") { [cancelled] in
            for await _ in AsyncStream<Never>(unfolding: { await withUnsafeContinuation { _ in } }) {}
            cancelled.yield()
        }
    }
}

/// A child that owns children of its own.
@MainActor
private final class Branch: ViewModel {
    @Child var leaf: Leaf?
    /// The initial leaf, reachable without reading `leaf` through the view model.
    let ownedLeaf: Leaf

    override init() {
        let leaf = Leaf(id: 7)
        ownedLeaf = leaf
        _leaf = Child(wrappedValue: leaf)
        super.init()
    }
}

private enum Destination: ViewModelContainer {
    case leaf(Leaf)
    case branch(Branch)

    var childViewModels: [ViewModel] {
        switch self {
        case .leaf(let model): [model]
        case .branch(let model): [model]
        }
    }
}

@MainActor
private final class Parent: ViewModel {
    @Observed var title = ""
    @Child var detail: Leaf?
    @Child var rows: IdentifiedArrayOf<Leaf> = []
    @Child var stack: [Destination] = []
    @Child var fixed = Leaf(id: 99)
}

@MainActor
final class CompositionTests: XCTestCase {
    // MARK: - Changes travel up

    func testChildChangesReachTheParentsObservers() {
        let parent = Parent()
        var changes = 0
        let subscription = parent.observeChanges { changes += 1 }
        let leaf = Leaf()
        parent.detail = leaf
        XCTAssertEqual(changes, 1, "presenting is a change of the parent")
        leaf.value = 1
        XCTAssertEqual(changes, 2, "a change of the child reaches the parent's observers")
        parent.rows.append(Leaf(id: 1))
        parent.rows[id: 1]?.value = 5
        XCTAssertEqual(changes, 4)
        parent.stack = [.leaf(Leaf(id: 2))]
        if case .leaf(let pushed) = parent.stack[0] { pushed.value = 3 }
        XCTAssertEqual(changes, 6)
        withExtendedLifetime(subscription) {}
    }

    func testAnInitialChildForwardsOnceTheParentIsObserved() {
        let parent = Parent()
        var changes = 0
        let subscription = parent.observeChanges { changes += 1 }
        parent.fixed.value = 1
        XCTAssertEqual(changes, 1, "the child given as initial value forwards without being assigned")
        withExtendedLifetime(subscription) {}
    }

    func testGrandchildChangesReachTheRoot() {
        let parent = Parent()
        let branch = Branch()
        parent.stack = [.branch(branch)]
        var changes = 0
        let subscription = parent.observeChanges { changes += 1 }
        branch.leaf?.value = 1
        XCTAssertEqual(changes, 1)
        withExtendedLifetime(subscription) {}
    }

    func testAGrandchildGivenAsInitialValueForwardsWithoutBeingRead() {
        let parent = Parent()
        let branch = Branch()
        let leaf = branch.ownedLeaf
        parent.stack = [.branch(branch)]
        var changes = 0
        let subscription = parent.observeChanges { changes += 1 }
        leaf.value = 1
        XCTAssertEqual(changes, 1)
        withExtendedLifetime(subscription) {}
    }

    func testObservingTheChildPropertyFollowsPresentationNotTheChildsOwnChanges() {
        let parent = Parent()
        var seen: [Int?] = []
        let subscription = parent.observe(\.detail) { seen.append($0?.id) }
        let leaf = Leaf(id: 3)
        parent.detail = leaf
        leaf.value = 1
        parent.detail = leaf
        parent.detail = nil
        XCTAssertEqual(seen, [3, nil], "assigning the same child is no change; the child's own changes are not the property's")
        withExtendedLifetime(subscription) {}
    }

    func testARemovedChildNoLongerForwards() {
        let parent = Parent()
        let leaf = Leaf()
        parent.detail = leaf
        var changes = 0
        let subscription = parent.observeChanges { changes += 1 }
        parent.detail = nil
        XCTAssertEqual(changes, 1)
        leaf.value = 1
        XCTAssertEqual(changes, 1, "a dismissed child is not the parent's any more")
        withExtendedLifetime(subscription) {}
    }

    // MARK: - Dismissal cancels tasks

    func testDismissingFromTheParentCancelsTheChildsTasks() async {
        let parent = Parent()
        let leaf = Leaf()
        parent.detail = leaf
        leaf.startWork()
        XCTAssertEqual(leaf.runningTaskIDs, ["work"])
        parent.detail = nil
        XCTAssertEqual(leaf.runningTaskIDs, [])
        await nextEvent(of: leaf.cancellations)
    }

    func testAChildDismissesItself() async {
        let parent = Parent()
        let leaf = Leaf()
        parent.detail = leaf
        leaf.startWork()
        leaf.dismiss()
        XCTAssertNil(parent.detail)
        await nextEvent(of: leaf.cancellations)
        leaf.dismiss()
        XCTAssertNil(parent.detail, "dismissing twice does nothing")
    }

    func testDismissingAViewModelNobodyOwnsDoesNothing() {
        let leaf = Leaf()
        leaf.startWork()
        leaf.dismiss()
        XCTAssertEqual(leaf.runningTaskIDs, ["work"])
        leaf.cancelAllTasks()
    }

    func testRemovingOneRowCancelsOnlyThatRow() async {
        let parent = Parent()
        let first = Leaf(id: 1)
        let second = Leaf(id: 2)
        parent.rows = [first, second]
        first.startWork()
        second.startWork()
        parent.rows.remove(id: 1)
        XCTAssertEqual(first.runningTaskIDs, [])
        XCTAssertEqual(second.runningTaskIDs, ["work"])
        await nextEvent(of: first.cancellations)
        second.dismiss()
        XCTAssertEqual(parent.rows.ids, [])
        XCTAssertEqual(second.runningTaskIDs, [])
    }

    func testStackPushPopAndDismissFromTheMiddle() {
        let parent = Parent()
        let a = Leaf(id: 1)
        let b = Leaf(id: 2)
        let c = Leaf(id: 3)
        parent.stack.append(.leaf(a))
        parent.stack.append(.leaf(b))
        parent.stack.append(.leaf(c))
        for leaf in [a, b, c] { leaf.startWork() }
        parent.stack.removeLast()
        XCTAssertEqual(c.runningTaskIDs, [], "popping cancels the popped screen")
        XCTAssertEqual(b.runningTaskIDs, ["work"])
        parent.stack.append(.leaf(c))
        c.startWork()
        b.dismiss()
        XCTAssertEqual(parent.stack.count, 1, "dismissing a screen pops it and everything above it")
        XCTAssertEqual(b.runningTaskIDs, [])
        XCTAssertEqual(c.runningTaskIDs, [])
        XCTAssertEqual(a.runningTaskIDs, ["work"])
        parent.stack = []
        XCTAssertEqual(a.runningTaskIDs, [])
    }

    func testReplacingThePathKeepsTheScreensThatStay() {
        let parent = Parent()
        let kept = Leaf(id: 1)
        let dropped = Leaf(id: 2)
        parent.stack = [.leaf(kept), .leaf(dropped)]
        kept.startWork()
        dropped.startWork()
        parent.stack = [.leaf(kept), .branch(Branch())]
        XCTAssertEqual(kept.runningTaskIDs, ["work"])
        XCTAssertEqual(dropped.runningTaskIDs, [])
        kept.cancelAllTasks()
    }

    func testDismissingABranchCancelsItsChildrenToo() {
        let parent = Parent()
        let branch = Branch()
        parent.stack = [.branch(branch)]
        let leaf = branch.leaf
        leaf?.startWork()
        parent.stack = []
        XCTAssertEqual(leaf?.runningTaskIDs, [])
    }

    func testMovingAChildNewPlaceFirstKeepsItRunning() {
        let parent = Parent()
        let leaf = Leaf(id: 1)
        parent.detail = leaf
        leaf.startWork()
        parent.rows.append(leaf)
        parent.detail = nil
        XCTAssertEqual(leaf.runningTaskIDs, ["work"], "the child lives on in its new place")
        var changes = 0
        let subscription = parent.observeChanges { changes += 1 }
        leaf.value = 1
        XCTAssertEqual(changes, 1, "and still forwards, exactly once")
        leaf.dismiss()
        XCTAssertEqual(parent.rows.count, 0, "dismissing removes it from where it is now")
        withExtendedLifetime(subscription) {}
    }

    // MARK: - Lifetimes

    func testAParentAndItsChildrenDeinitializeWhileObservedAndBusy() async {
        weak var weakParent: Parent?
        weak var weakLeaf: Leaf?
        var cancellations: AsyncStream<Void>?
        var subscription: ViewModelSubscription?
        do {
            let parent = Parent()
            let leaf = Leaf()
            parent.detail = leaf
            leaf.startWork()
            subscription = parent.observeChanges {}
            cancellations = leaf.cancellations
            weakParent = parent
            weakLeaf = leaf
        }
        XCTAssertNil(weakParent)
        XCTAssertNil(weakLeaf, "the parent owned the child, nothing else did")
        if let cancellations { await nextEvent(of: cancellations) }
        subscription?.cancel()
    }

    // MARK: - Delegation

    func testDelegateReachesTheOwnerWhileItLives() {
        @MainActor final class Owner {
            var events: [String] = []
        }
        let delegate = Delegate<String>()
        delegate.send("nobody listens")
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            delegate.connect(to: owner) { owner, event in owner.events.append(event) }
            XCTAssertTrue(delegate.isConnected)
            delegate.send("starred")
            XCTAssertEqual(owner.events, ["starred"])
        }
        XCTAssertNil(weakOwner, "the delegate holds its owner weakly")
        XCTAssertFalse(delegate.isConnected, "nobody listens once the owner is gone")
        delegate.send("after the owner left")
        delegate.connect { _ in }
        XCTAssertTrue(delegate.isConnected)
        delegate.disconnect()
        XCTAssertFalse(delegate.isConnected)
    }

    func testViewModelsCompareByIdentity() {
        let a = Leaf(id: 1)
        let b = Leaf(id: 1)
        XCTAssertEqual(a, a)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(Optional(a).childViewModels.count, 1)
        XCTAssertEqual([Destination.leaf(a), .branch(Branch())].childViewModels.count, 2)
    }

    /// Waits for one event, failing (not hanging) if it never comes.
    private func nextEvent(of stream: AsyncStream<Void>, file: StaticString = #filePath, line: UInt = #line) async {
        let arrived = expectation(description: "event")
        let waiter = Task {
            for await _ in stream {
                arrived.fulfill()
                return
            }
        }
        await fulfillment(of: [arrived], timeout: 5)
        waiter.cancel()
    }
}
