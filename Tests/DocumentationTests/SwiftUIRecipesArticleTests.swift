import ViewModelKit
import ViewModelKitTesting
import XCTest

// The view-model side of the article "SwiftUI recipes" (SwiftUIRecipes.md). Its SwiftUI side cannot
// be compiled on Linux; the tests drive each view model as its view does, through `intentBinding`,
// which is what `binding(_:send:)` makes a SwiftUI `Binding` of.

enum SwiftUIRecipesArticle {
    // snippet: swiftui-recipes-search
    @MainActor
    final class SearchViewModel: ViewModel {
        @Observed private(set) var query = ""
        @Observed private(set) var results: [String] = []
        private let catalog: [String]

        init(catalog: [String]) { self.catalog = catalog }

        func queryChanged(_ query: String) {
            self.query = query
            results = query.isEmpty ? [] : catalog.filter { $0.lowercased().contains(query.lowercased()) }
        }
    }
    // end snippet

    // snippet: swiftui-recipes-editor
    @MainActor
    final class EditorViewModel: ViewModel, Identifiable {
        enum Event: Equatable { case saved(String) }

        let delegate = Delegate<Event>()
        @Observed private(set) var title = ""

        func titleChanged(_ title: String) { self.title = title }
        func saveButtonTapped() { delegate.send(.saved(title)) }
    }
    // end snippet

    @MainActor
    final class NoteViewModel: ViewModel {
        let title: String
        init(title: String) { self.title = title }
    }

    // snippet: swiftui-recipes-notes
    @MainActor
    final class NotesViewModel: ViewModel {
        /// A screen pushed on the stack. `Hashable` by the identity of its view model, for
        /// `NavigationStack(path:)`.
        enum Destination: ViewModelContainer, Hashable {
            case note(NoteViewModel)

            var childViewModels: [ViewModel] {
                switch self {
                case .note(let note): [note]
                }
            }

            nonisolated func hash(into hasher: inout Hasher) {
                switch self {
                case .note(let note): hasher.combine(ObjectIdentifier(note))
                }
            }
        }

        enum AlertAction: Equatable, Sendable { case confirmDeletion(String) }

        @Observed private(set) var titles: [String]
        @Child private(set) var path: [Destination] = []
        @Child private(set) var editor: EditorViewModel?
        @Observed private(set) var alert: AlertState<AlertAction>?

        init(titles: [String]) { self.titles = titles }

        // The stack: pushed by intents, popped by SwiftUI's back button through `pathChanged`.
        func noteTapped(_ title: String) { path.append(.note(NoteViewModel(title: title))) }
        func pathChanged(_ path: [Destination]) { self.path = path }

        // The sheet: presented by an intent, dismissed by the child's event or by a swipe.
        func addButtonTapped() {
            let editor = EditorViewModel()
            editor.delegate.connect(to: self) { notes, event in
                switch event {
                case .saved(let title):
                    notes.titles.append(title)
                    notes.editor = nil
                }
            }
            self.editor = editor
        }
        func editorChanged(_ editor: EditorViewModel?) { self.editor = editor }

        // The alert: a tap on a button sends its action, and the intent clears the alert.
        func deleteButtonTapped(_ title: String) {
            alert = AlertState(
                title: "Delete \(title)?",
                message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .confirmDeletion(title)), .cancel("Cancel")]
            )
        }
        func alertButtonTapped(_ action: AlertAction?) {
            alert = nil
            switch action {
            case .confirmDeletion(let title)?: titles.removeAll { $0 == title }
            case nil: break
            }
        }
    }
    // end snippet

    // snippet: swiftui-recipes-feed
    protocol FeedClient: Sendable {
        func latest() async throws -> [String]
    }

    @MainActor
    final class FeedViewModel: ViewModel {
        @Observed private(set) var items: [String] = []
        @Observed private(set) var error: String?
        private let client: any FeedClient

        init(client: any FeedClient) { self.client = client }

        /// What `.task` and `.refreshable` await.
        func load() async {
            do {
                items = try await client.latest()
                error = nil
            } catch is CancellationError {
                // The view went away: keep what is shown.
            } catch {
                self.error = "\(error)"
            }
        }
    }
    // end snippet
}

@MainActor
final class SwiftUIRecipesArticleTests: XCTestCase {
    typealias SearchViewModel = SwiftUIRecipesArticle.SearchViewModel
    typealias NotesViewModel = SwiftUIRecipesArticle.NotesViewModel
    typealias NoteViewModel = SwiftUIRecipesArticle.NoteViewModel
    typealias EditorViewModel = SwiftUIRecipesArticle.EditorViewModel
    typealias FeedViewModel = SwiftUIRecipesArticle.FeedViewModel
    typealias FeedClient = SwiftUIRecipesArticle.FeedClient

    func testTypingInTheFieldCallsTheIntent() async {
        // snippet: swiftui-recipes-search-test
        let tester = ViewModelTester(SearchViewModel(catalog: ["Swift", "SwiftUI", "Vapor"]))
        let query = tester.viewModel.intentBinding(\.query, send: SearchViewModel.queryChanged)
        await tester.send({ _ in query.wrappedValue = "swiftui" }) {
            $0.query = "swiftui"
            $0.results = ["SwiftUI"]
        }
        XCTAssertEqual(query.wrappedValue, "swiftui")
        await tester.finish()
        // end snippet
    }

    func testTheBackButtonPopsThroughTheIntent() async {
        // snippet: swiftui-recipes-stack-test
        let tester = ViewModelTester(NotesViewModel(titles: ["Groceries"]))
        await tester.send({ $0.noteTapped("Groceries") }) {
            $0.path.append(.note(NoteViewModel(title: "Groceries")))
        }
        // What SwiftUI's back button does: it writes the path without its last screen.
        let path = tester.viewModel.intentBinding(\.path, send: NotesViewModel.pathChanged)
        await tester.send({ _ in path.wrappedValue.removeLast() }) { $0.path = [] }
        await tester.finish()
        // end snippet
    }

    func testTheSheetIsDismissedByTheChildsEventOrBySwipingIt() async {
        // snippet: swiftui-recipes-sheet-test
        let tester = ViewModelTester(NotesViewModel(titles: []))
        await tester.send({ $0.addButtonTapped() }) { $0.editor = ViewModelState(EditorViewModel()) }
        await tester.send({ $0.editor?.titleChanged("Groceries") }) { $0.editor?.title = "Groceries" }
        await tester.send({ $0.editor?.saveButtonTapped() }) {
            $0.titles = ["Groceries"]
            $0.editor = nil
        }
        await tester.send({ $0.addButtonTapped() }) { $0.editor = ViewModelState(EditorViewModel()) }
        let editor = tester.viewModel.intentBinding(\.editor, send: NotesViewModel.editorChanged)
        await tester.send({ _ in editor.wrappedValue = nil }) { $0.editor = nil }   // swiped down
        await tester.finish()
        // end snippet
    }

    func testTheEditorAloneSendsItsEvent() async {
        // snippet: swiftui-recipes-editor-test
        let tester = ViewModelTester(EditorViewModel())
        await tester.send({ $0.titleChanged("Groceries") }) { $0.title = "Groceries" }
        await tester.send({ $0.saveButtonTapped() })
        await tester.receive(\.delegate, .saved("Groceries"))
        await tester.finish()
        // end snippet
    }

    func testATapOnTheAlertsButtonSendsItsActionAndDismissesIt() async {
        // snippet: swiftui-recipes-alert-test
        let tester = ViewModelTester(NotesViewModel(titles: ["Groceries", "Ideas"]))
        await tester.send({ $0.deleteButtonTapped("Ideas") }) {
            $0.alert = AlertState(
                title: "Delete Ideas?",
                message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .confirmDeletion("Ideas")), .cancel("Cancel")]
            )
        }
        // The view calls the intent with the tapped button's action.
        let delete = tester.viewModel.alert?.buttons.first?.action
        await tester.send({ $0.alertButtonTapped(delete) }) {
            $0.alert = nil
            $0.titles = ["Groceries"]
        }
        await tester.finish()
        // end snippet
    }

    func testCancellingTheAlertOnlyDismissesIt() async {
        let tester = ViewModelTester(NotesViewModel(titles: ["Ideas"]))
        await tester.send({ $0.deleteButtonTapped("Ideas") }) {
            $0.alert = AlertState(
                title: "Delete Ideas?",
                message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .confirmDeletion("Ideas")), .cancel("Cancel")]
            )
        }
        let cancel = tester.viewModel.alert?.buttonsShown.last
        XCTAssertEqual(cancel?.role, .cancel)
        await tester.send({ $0.alertButtonTapped(cancel?.action) }) { $0.alert = nil }
        await tester.finish()
    }

    func testAWrongAlertShowsWhichPartDiffers() async {
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(NotesViewModel(titles: ["Ideas"]), reporter: reporter)
        await tester.send({ $0.deleteButtonTapped("Ideas") }) {
            $0.alert = AlertState(
                title: "Delete Ideas?",
                message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .confirmDeletion("Ideas")), .cancel("Keep")]
            )
        }
        XCTAssertEqual(reporter.messages.count, 1)
        let message = reporter.messages.first ?? ""
        XCTAssertTrue(message.contains("−         label: \"Keep\","), message)
        XCTAssertTrue(message.contains("+         label: \"Cancel\","), message)
        await tester.finish()
    }

    func testTheFeedLoadsAsTaskAndRefreshableAwaitIt() async {
        // snippet: swiftui-recipes-feed-test
        struct StubFeed: FeedClient {
            var items: [String]
            func latest() async throws -> [String] { items }
        }

        let tester = ViewModelTester(FeedViewModel(client: StubFeed(items: ["Hello"])))
        await tester.send({ await $0.load() }) { $0.items = ["Hello"] }        // .task
        await tester.send({ await $0.load() })                                  // .refreshable: nothing new
        await tester.finish()
        // end snippet
    }
}
