import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Composition and navigation" (CompositionAndNavigation.md).

enum CompositionAndNavigationArticle {
    // snippet: composition-detail
    protocol RepositoryClient: Sendable {
        func stars(of repository: String) async throws -> Int
    }

    @MainActor
    final class RepositoryDetailViewModel: ViewModel {
        enum Event { case ownerTapped(String) }

        let name: String                      // "apple/swift"
        let delegate = Delegate<Event>()
        @Observed private(set) var stars: Int?
        @Observed private(set) var isLoading = false
        private let client: any RepositoryClient

        init(name: String, client: any RepositoryClient) {
            self.name = name
            self.client = client
        }

        func load() {
            isLoading = true
            task(id: "load") { [weak self, client, name] in
                let stars = try await client.stars(of: name)
                try Task.checkCancellation()
                self?.stars = stars
                self?.isLoading = false
            }
        }

        func ownerTapped() { delegate.send(.ownerTapped(String(name.prefix { $0 != "/" }))) }
        func closeButtonTapped() { dismiss() }
    }
    // end snippet

    // snippet: composition-row
    @MainActor
    final class RowViewModel: ViewModel, Identifiable {
        nonisolated let id: String            // the repository's name
        @Observed private(set) var isFavorite = false

        init(id: String) { self.id = id }

        func favoriteButtonTapped() { isFavorite.toggle() }
    }
    // end snippet

    // snippet: composition-list
    @MainActor
    final class RepositoryListViewModel: ViewModel {
        @Child private(set) var rows: IdentifiedArrayOf<RowViewModel>    // a collection (forEach)
        @Child private(set) var detail: RepositoryDetailViewModel?     // a presentation (ifLet)
        private let client: any RepositoryClient

        init(names: [String], client: any RepositoryClient) {
            self.client = client
            _rows = Child(wrappedValue: IdentifiedArray(names.map(RowViewModel.init)))
            super.init()
        }

        func rowTapped(_ name: String) {
            let detail = RepositoryDetailViewModel(name: name, client: client)
            detail.load()
            self.detail = detail                  // presents it
        }

        func removeButtonTapped(_ name: String) { rows.remove(id: name) }
    }
    // end snippet

    // snippet: composition-stack
    enum Destination: ViewModelContainer {
        case detail(RepositoryDetailViewModel)
        case list(RepositoryListViewModel)

        var childViewModels: [ViewModel] {
            switch self {
            case .detail(let model): [model]
            case .list(let model): [model]
            }
        }
    }

    @MainActor
    final class NavigationViewModel: ViewModel {
        @Child private(set) var path: [Destination] = []                // a stack (StackState)
        private let client: any RepositoryClient

        init(client: any RepositoryClient) { self.client = client }

        func open(_ name: String) {
            let detail = RepositoryDetailViewModel(name: name, client: client)
            detail.delegate.connect(to: self) { navigation, event in
                switch event {
                case .ownerTapped(let owner): navigation.showRepositories(of: owner)
                }
            }
            detail.load()
            path.append(.detail(detail))          // pushes it
        }

        func showRepositories(of owner: String) {
            let names = ["\(owner)/swift", "\(owner)/swift-nio"]
            path.append(.list(RepositoryListViewModel(names: names, client: client)))
        }

        func backButtonTapped() {
            if !path.isEmpty { path.removeLast() }
        }
    }
    // end snippet

    // snippet: composition-meetings-form
    struct Meeting: Equatable, Identifiable {
        let id: Int
        var title: String
    }

    struct AlertState: Equatable {
        var title: String
        var buttons: [String]
    }

    @MainActor
    final class MeetingFormViewModel: ViewModel {
        let meeting: Meeting                  // what defines the form: the tester compares it
        @Observed private(set) var title: String

        init(meeting: Meeting) {
            self.meeting = meeting
            self.title = meeting.title
        }

        func titleChanged(_ title: String) { self.title = title }
        func cancelButtonTapped() { dismiss() }   // sets the destination to nil
    }
    // end snippet

    // snippet: composition-meetings-detail
    @MainActor
    final class MeetingDetailViewModel: ViewModel {
        enum Destination: ViewModelContainer {    // one thing presented at a time
            case edit(MeetingFormViewModel)       // a sheet with its own view model
            case alert(AlertState)                // an alert with buttons: a value
            case confirmDeletion                  // a confirmation: nothing
        }
        enum Event { case deleted(Meeting.ID) }

        let delegate = Delegate<Event>()
        @Observed private(set) var meeting: Meeting
        @Child private(set) var destination: Destination?

        init(meeting: Meeting) { self.meeting = meeting }

        func editButtonTapped() { destination = .edit(MeetingFormViewModel(meeting: meeting)) }

        func saveButtonTapped() {
            guard case .edit(let form) = destination else { return }
            meeting.title = form.title
            destination = nil
        }

        func deleteButtonTapped() {
            destination = .alert(AlertState(title: "Delete \(meeting.title)?", buttons: ["Delete", "Cancel"]))
        }

        func alertButtonTapped(_ button: String) { destination = button == "Delete" ? .confirmDeletion : nil }
        func deletionConfirmed() { delegate.send(.deleted(meeting.id)) }
    }
    // end snippet

    // snippet: composition-meetings-root
    @MainActor
    final class MeetingsViewModel: ViewModel {
        enum Screen: ViewModelContainer {
            case detail(MeetingDetailViewModel)   // a screen with a view model
            case pastMeeting(Meeting)             // a read-only screen: a value entry
        }

        @Observed private(set) var meetings: [Meeting]
        @Child private(set) var path: [Screen] = []

        init(meetings: [Meeting]) { self.meetings = meetings }

        func meetingTapped(_ meeting: Meeting) {
            let detail = MeetingDetailViewModel(meeting: meeting)
            detail.delegate.connect(to: self) { meetings, event in
                switch event {
                case .deleted(let id):
                    meetings.meetings.removeAll { $0.id == id }
                    meetings.path.removeLast()
                }
            }
            path.append(.detail(detail))
        }

        func pastMeetingTapped(_ meeting: Meeting) { path.append(.pastMeeting(meeting)) }
        func doneButtonTapped() { dismiss() }    // the app presented this screen: it closes it
    }
    // end snippet

    // snippet: composition-shared
    struct Stats: Equatable {
        var count = 0
        mutating func increment() { count += 1 }
    }

    @MainActor
    final class CounterTab: ViewModel {
        @Shared private(set) var stats: Stats     // a reference the tab was given

        init(stats: Shared<Stats>) { _stats = stats }

        func incrementButtonTapped() { stats.increment() }
    }

    @MainActor
    final class ProfileTab: ViewModel {
        @Shared private(set) var stats: Stats

        init(stats: Shared<Stats>) { _stats = stats }

        func resetButtonTapped() { stats = Stats() }
    }

    @MainActor
    final class AppViewModel: ViewModel {
        @Shared private(set) var stats: Stats     // where the value starts
        @Child private(set) var counter: CounterTab
        @Child private(set) var profile: ProfileTab

        override init() {
            let stats = Shared(Stats())
            _stats = stats
            _counter = Child(wrappedValue: CounterTab(stats: stats))
            _profile = Child(wrappedValue: ProfileTab(stats: stats))
            super.init()
        }

        func profileReopened() { profile = ProfileTab(stats: $stats) }     // `$stats` hands the reference on
    }
    // end snippet

    @MainActor
    static func render(_ list: RepositoryListViewModel, print: @escaping (String) -> Void) -> ViewModelSubscription {
        // snippet: composition-observe-tree
        let subscription = list.observeChanges { print("render the list") }
        list.rows[id: "apple/swift"]?.favoriteButtonTapped()   // a row changed: prints "render the list"
        list.rowTapped("apple/swift")                           // the detail appeared: prints it again,
                                                                // then once for each change the detail makes
        // end snippet
        return subscription
    }

    static func identifiedArray() -> [IdentifiedArrayOf<Repository>] {
        var steps: [IdentifiedArrayOf<Repository>] = []
        // snippet: composition-identified-array
        var repositories: IdentifiedArrayOf<Repository> = [
            Repository(id: "apple/swift", stars: 67_000),
            Repository(id: "apple/swift-nio", stars: 8_000),
        ]
        repositories[id: "apple/swift-nio"]?.stars += 1             // update by id, in place
        repositories.append(Repository(id: "apple/swift", stars: 0))  // does nothing: the id is taken
        repositories.move(id: "apple/swift-nio", to: 0)
        repositories.remove(id: "apple/swift")
        repositories[id: "apple/swift"] = nil                        // removes it, if present
        // end snippet
        steps.append(repositories)
        return steps
    }

    struct Repository: Identifiable, Equatable {
        let id: String
        var stars: Int
    }

    /// A client that answers every repository with the same number of stars.
    struct StarsClient: RepositoryClient {
        var stars = 67_000
        func stars(of repository: String) async throws -> Int { stars }
    }

    /// The test methods the article shows; ``CompositionAndNavigationArticleTests`` runs them.
    @MainActor
    final class Tests {
        let client = StarsClient()

        // snippet: composition-test-presentation
        func testOpenAndCloseADetail() async {
            let tester = ViewModelTester(RepositoryListViewModel(names: ["apple/swift"], client: client))
            await tester.send({ $0.rowTapped("apple/swift") }) {
                var detail = ViewModelState(RepositoryDetailViewModel(name: "apple/swift", client: self.client))
                detail.isLoading = true
                $0.detail = detail
            }
            await tester.receive {
                $0.detail?.stars = 67_000
                $0.detail?.isLoading = false
            }
            await tester.send({ $0.detail?.closeButtonTapped() }) {
                $0.detail = nil
            }
            await tester.finish()
        }
        // end snippet

        // snippet: composition-test-stack
        func testPushAndPop() async {
            let tester = ViewModelTester(NavigationViewModel(client: client))
            await tester.send({ $0.open("apple/swift") }) {
                var detail = ViewModelState(RepositoryDetailViewModel(name: "apple/swift", client: self.client))
                detail.isLoading = true
                $0.path = [detail.erased]
            }
            await tester.receive {
                $0.path[0].modify(as: RepositoryDetailViewModel.self) {
                    $0.stars = 67_000
                    $0.isLoading = false
                }
            }
            await tester.send({ $0.backButtonTapped() }) {
                $0.path = []
            }
            await tester.finish()
        }
        // end snippet

        // snippet: composition-test-meetings
        func testEditDeleteAndClose() async {
            typealias Detail = MeetingDetailViewModel
            typealias Screen = MeetingsViewModel.Screen
            let standup = Meeting(id: 1, title: "Standup")
            let tester = ViewModelTester(MeetingsViewModel(meetings: [standup]))
            let detail = { (meetings: MeetingsViewModel) -> Detail? in
                guard case .detail(let detail) = meetings.path.last else { return nil }
                return detail
            }

            await tester.send({ $0.meetingTapped(standup) }) {
                $0.path.append(.detail(Detail(meeting: standup)))
            }
            await tester.send({ detail($0)?.editButtonTapped() }) {
                $0.path[0][case: Screen.detail]?.destination = .edit(MeetingFormViewModel(meeting: standup))
            }
            await tester.send({ meetings in
                guard case .edit(let form) = detail(meetings)?.destination else { return }
                form.titleChanged("Daily standup")
            }) {
                $0.path[0][case: Screen.detail]?[\.destination, case: Detail.Destination.edit]?.title = "Daily standup"
            }
            await tester.send({ detail($0)?.saveButtonTapped() }) {
                $0.path[0][case: Screen.detail]?.meeting.title = "Daily standup"
                $0.path[0][case: Screen.detail]?.destination = nil
            }
            await tester.send({ detail($0)?.deleteButtonTapped() }) {
                $0.path[0][case: Screen.detail]?.destination = .alert(
                    AlertState(title: "Delete Daily standup?", buttons: ["Delete", "Cancel"])
                )
            }
            await tester.send({ detail($0)?.alertButtonTapped("Delete") }) {
                $0.path[0].modify(as: Detail.self) { $0.destination = .confirmDeletion }   // by type, as well
            }
            await tester.send({ detail($0)?.deletionConfirmed() }) {
                $0.meetings = []
                $0.path = []
            }
            await tester.send({ $0.pastMeetingTapped(standup) }) {
                $0.path.append(.pastMeeting(standup))   // a value entry, as the stack holds it
            }
            await tester.send({ $0.doneButtonTapped() })
            XCTAssertTrue(tester.isDismissed)
            await tester.finish()
        }
        // end snippet

        // snippet: composition-test-rows
        func testFavoriteARow() async {
            let tester = ViewModelTester(RepositoryListViewModel(names: ["apple/swift", "apple/swift-nio"], client: client))
            await tester.send({ $0.rows[id: "apple/swift-nio"]?.favoriteButtonTapped() }) {
                $0.rows[id: "apple/swift-nio"]?.isFavorite = true     // by id
            }
            await tester.send({ $0.rows[0].favoriteButtonTapped() }) {
                $0.rows[0].isFavorite = true                          // by position, as a RowViewModel
            }
            await tester.send({ $0.removeButtonTapped("apple/swift") }) {
                $0.rows.remove(id: "apple/swift")
            }
            await tester.finish()
        }
        // end snippet

        // snippet: composition-test-shared
        func testTheStatsTwoTabsShare() async {
            let tester = ViewModelTester(AppViewModel())
            await tester.send({ $0.counter.incrementButtonTapped() }) {
                $0.profile.stats.increment()          // through the other tab: it is one value
            }
            await tester.send({ $0.profile.resetButtonTapped() }) {
                $0.counter.stats.count = 0            // or through either tab, or the root
            }
            await tester.finish()
        }
        // end snippet
    }
}

/// A client whose requests never answer and end only when cancelled.
private struct SilentClient: CompositionAndNavigationArticle.RepositoryClient {
    let service: SilentCallbackService
    func stars(of repository: String) async throws -> Int {
        try await service.request()
        return 0
    }
}

extension CompositionAndNavigationArticle.NavigationViewModel {
    /// The article's deep link: the whole path assigned at once.
    func deepLink(to destinations: [CompositionAndNavigationArticle.Destination]) { path = destinations }
}

@MainActor
final class CompositionAndNavigationArticleTests: XCTestCase {
    typealias Article = CompositionAndNavigationArticle

    func testTheArticlesTestsPass() async {
        await Article.Tests().testOpenAndCloseADetail()
        await Article.Tests().testPushAndPop()
        await Article.Tests().testFavoriteARow()
        await Article.Tests().testEditDeleteAndClose()
        await Article.Tests().testTheStatsTwoTabsShare()
    }

    func testASharedValueChangedThroughOneTabIsEveryHoldersValue() async {
        let app = Article.AppViewModel()
        var renders = 0
        let subscription = app.profile.observeChanges { renders += 1 }
        app.counter.incrementButtonTapped()
        XCTAssertEqual(app.profile.stats.count, 1)
        XCTAssertEqual(app.stats.count, 1)
        XCTAssertEqual(renders, 1, "the profile tab hears of a change made through the counter tab")
        app.profileReopened()
        app.profile.resetButtonTapped()
        XCTAssertEqual(app.counter.stats.count, 0)
        withExtendedLifetime(subscription) {}
    }

    func testTheMeetingsFlowFailsForAWrongStep() async {
        // The flow's test, with the form opened for another meeting: the diff names the input.
        let reporter = RecordingIssueReporter()
        let standup = Article.Meeting(id: 1, title: "Standup")
        let tester = ViewModelTester(Article.MeetingDetailViewModel(meeting: standup), reporter: reporter)
        await tester.send({ $0.editButtonTapped() }) {
            $0.destination = .edit(Article.MeetingFormViewModel(meeting: Article.Meeting(id: 2, title: "Standup")))
        }
        let messages = reporter.messages.map { $0.replacingOccurrences(of: "CompositionAndNavigationArticle.", with: "") }
        XCTAssertEqual(messages, [
            """
            A state change does not match expectation: …

                MeetingDetailViewModel(
                  meeting: Meeting(id: 1, title: "Standup"),
                  destination: .edit(
                    MeetingFormViewModel(
                      meeting: Meeting(
              −         id: 2,
              +         id: 1,
                        title: "Standup"
                      ),
                      title: "Standup"
                    )
                  )
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testChangesOfChildrenReachTheParentsObservers() async {
        let list = Article.RepositoryListViewModel(names: ["apple/swift"], client: Article.StarsClient())
        var printed: [String] = []
        let subscription = Article.render(list) { printed.append($0) }
        XCTAssertEqual(printed, ["render the list", "render the list"])
        let loaded = await yieldUntil { list.detail?.isLoading == false }
        XCTAssertTrue(loaded)
        XCTAssertEqual(printed.count, 4, "the detail's stars, then its isLoading")
        _ = subscription
    }

    func testAChangeOfAGrandchildReachesTheRoot() async {
        let navigation = Article.NavigationViewModel(client: Article.StarsClient())
        navigation.showRepositories(of: "apple")
        var renders = 0
        let subscription = navigation.observeChanges { renders += 1 }
        guard case .list(let list) = navigation.path.last else { return XCTFail("no list pushed") }
        list.rows[id: "apple/swift"]?.favoriteButtonTapped()
        XCTAssertEqual(renders, 1)
        _ = subscription
    }

    func testIdentifiedArrayBasics() async {
        XCTAssertEqual(Article.identifiedArray(), [
            [Article.Repository(id: "apple/swift-nio", stars: 8_001)],
        ])
        var repositories: IdentifiedArrayOf<Article.Repository> = [Article.Repository(id: "apple/swift", stars: 1)]
        let appended = repositories.append(Article.Repository(id: "apple/swift", stars: 0))
        XCTAssertEqual(appended.inserted, false)
        XCTAssertEqual(repositories[id: "apple/swift"]?.stars, 1, "the first element of an id stays")
    }

    func testADismissedDetailHasItsLoadCancelled() async {
        let service = SilentCallbackService()
        let list = Article.RepositoryListViewModel(names: ["apple/swift"], client: SilentClient(service: service))
        list.rowTapped("apple/swift")
        let started = await yieldUntil { service.started == 1 }
        XCTAssertTrue(started)
        list.detail?.closeButtonTapped()
        XCTAssertNil(list.detail, "dismiss() set the optional to nil")
        let cancelled = await yieldUntil { service.cancelled == 1 }
        XCTAssertTrue(cancelled, "the dismissed detail's load was cancelled")
    }

    func testReplacingThePresentedDetailCancelsTheOldOne() async {
        let service = SilentCallbackService()
        let list = Article.RepositoryListViewModel(names: [], client: SilentClient(service: service))
        list.rowTapped("apple/swift")
        guard let first = list.detail else { return XCTFail("no detail") }
        list.rowTapped("apple/swift-nio")
        XCTAssertEqual(first.runningTaskIDs, [], "the replaced detail's load was cancelled")
        XCTAssertEqual(list.detail?.runningTaskIDs, ["load"])
        list.detail?.cancelAllTasks()
    }

    func testARemovedRowAndAPoppedScreenHaveTheirTasksCancelled() async {
        let service = SilentCallbackService()
        let navigation = Article.NavigationViewModel(client: SilentClient(service: service))
        navigation.open("apple/swift")
        guard case .detail(let detail) = navigation.path.last else { return XCTFail("no detail pushed") }
        navigation.backButtonTapped()
        XCTAssertEqual(detail.runningTaskIDs, [], "the popped detail's load was cancelled")

        let list = Article.RepositoryListViewModel(names: ["apple/swift"], client: SilentClient(service: service))
        guard let row = list.rows[id: "apple/swift"] else { return XCTFail("no row") }
        row.task(id: "work") { try await service.request() }
        list.removeButtonTapped("apple/swift")
        XCTAssertEqual(row.runningTaskIDs, [], "the removed row's task was cancelled")
    }

    func testADeepLinkKeepsTheScreensThatStayAndCancelsTheOthers() async {
        let service = SilentCallbackService()
        let navigation = Article.NavigationViewModel(client: SilentClient(service: service))
        navigation.open("apple/swift")
        navigation.open("apple/swift-nio")
        guard case .detail(let kept) = navigation.path.first, case .detail(let dropped) = navigation.path.last else {
            return XCTFail("no details pushed")
        }
        navigation.deepLink(to: [.detail(kept)])
        XCTAssertEqual(kept.runningTaskIDs, ["load"], "the screen that stays keeps loading")
        XCTAssertEqual(dropped.runningTaskIDs, [], "the screen that goes was cancelled")
        kept.cancelAllTasks()
    }

    func testObservingTheChildPropertyFollowsOnlyThePresentation() async {
        let list = Article.RepositoryListViewModel(names: [], client: Article.StarsClient())
        var calls = 0
        let subscription = list.observe(\.detail) { _ in calls += 1 }
        list.rowTapped("apple/swift")
        XCTAssertEqual(calls, 1, "the detail appeared")
        let loaded = await yieldUntil { list.detail?.isLoading == false }
        XCTAssertTrue(loaded)
        XCTAssertEqual(calls, 1, "the detail's own changes are not changes of the property")
        list.detail?.closeButtonTapped()
        XCTAssertEqual(calls, 2, "the detail went")
        _ = subscription
    }

    func testDismissingAScreenPopsItAndEverythingAboveIt() async {
        let navigation = Article.NavigationViewModel(client: Article.StarsClient())
        navigation.open("apple/swift")
        navigation.showRepositories(of: "apple")
        navigation.open("apple/swift-nio")
        XCTAssertEqual(navigation.path.count, 3)
        guard case .detail(let first) = navigation.path.first else { return XCTFail("no detail") }
        first.closeButtonTapped()
        XCTAssertEqual(navigation.path.count, 0)
    }

    func testTheDelegatePushesTheOwnersRepositories() async {
        let navigation = Article.NavigationViewModel(client: Article.StarsClient())
        navigation.open("apple/swift")
        guard case .detail(let detail) = navigation.path.last else { return XCTFail("no detail pushed") }
        detail.ownerTapped()
        guard case .list(let list) = navigation.path.last else { return XCTFail("no list pushed") }
        XCTAssertEqual(list.rows.ids, ["apple/swift", "apple/swift-nio"])
        detail.cancelAllTasks()
    }

    func testTheDelegateHoldsItsOwnerWeakly() async {
        var navigation: Article.NavigationViewModel? = Article.NavigationViewModel(client: Article.StarsClient())
        weak let weakNavigation = navigation
        navigation?.open("apple/swift")
        guard case .detail(let detail) = navigation?.path.last else { return XCTFail("no detail pushed") }
        detail.cancelAllTasks()
        navigation = nil
        XCTAssertNil(weakNavigation, "the child's delegate does not keep its parent alive")
        XCTAssertFalse(detail.delegate.isConnected, "nobody listens once the owner is gone")
        detail.ownerTapped()   // nobody to tell: dropped
    }

    func testAnEventNobodyListensToIsDropped() async {
        let detail = Article.RepositoryDetailViewModel(name: "apple/swift", client: Article.StarsClient())
        XCTAssertFalse(detail.delegate.isConnected)
        detail.ownerTapped()
        var events: [String] = []
        detail.delegate.connect { event in
            if case .ownerTapped(let owner) = event { events.append(owner) }
        }
        detail.ownerTapped()
        XCTAssertEqual(events, ["apple"])
        var replaced: [String] = []
        detail.delegate.connect { _ in replaced.append("new") }
        detail.ownerTapped()
        XCTAssertEqual(events, ["apple"], "the new connection replaced the old one")
        XCTAssertEqual(replaced, ["new"])
    }

    func testAnObserverHearsAChildsEventsAndTheOwnerStaysConnected() async {
        let navigation = Article.NavigationViewModel(client: Article.StarsClient())
        navigation.open("apple/swift")
        guard case .detail(let detail) = navigation.path.last else { return XCTFail("no detail pushed") }
        var heard: [String] = []
        let subscription = detail.delegate.observe { event in
            if case .ownerTapped(let owner) = event { heard.append(owner) }
        }
        detail.ownerTapped()
        XCTAssertEqual(heard, ["apple"], "the observer heard the event")
        XCTAssertEqual(navigation.path.count, 2, "the owner heard it too: it pushed the owner's list")
        XCTAssertTrue(detail.delegate.isConnected)
        subscription.cancel()
        detail.ownerTapped()
        XCTAssertEqual(heard, ["apple"], "a cancelled observer hears nothing more")
        XCTAssertEqual(navigation.path.count, 3)
        detail.cancelAllTasks()
    }

    func testAForgottenChildChangeFailsTheParentsTest() async {
        let reporter = RecordingIssueReporter()
        let client = Article.StarsClient()
        let tester = ViewModelTester(Article.RepositoryListViewModel(names: [], client: client), reporter: reporter)
        await tester.send({ $0.rowTapped("apple/swift") }) {
            var detail = ViewModelState(Article.RepositoryDetailViewModel(name: "apple/swift", client: client))
            detail.isLoading = true
            $0.detail = detail
        }
        await tester.finish()
        // The article's view models are top-level types; here they sit in a namespace, which the dump names.
        let messages = reporter.messages.map { $0.replacingOccurrences(of: "CompositionAndNavigationArticle.", with: "") }
        XCTAssertEqual(messages, [
            """
            The view model's tasks made 1 change that no assertion received:

            • from load():
                RepositoryListViewModel(
                  rows: [],
                  detail: RepositoryDetailViewModel(
                    name: "apple/swift",
              −     stars: nil,
              +     stars: 67000,
              −     isLoading: true
              +     isLoading: false
                  )
                )

            (Before: −, After: +)
            """,
        ])
    }
}
