import ViewModelKit
import XCTest

/// A binding reads the view model's state and writes through its intent: what SwiftUI's `Binding`
/// made by `binding(_:send:)` does with a `private(set)` property.
@MainActor
final class IntentBindingTests: XCTestCase {
    @MainActor
    final class SearchViewModel: ViewModel {
        @Observed private(set) var query = ""
        private(set) var intents: [String] = []

        func queryChanged(_ query: String) {
            intents.append(query)
            self.query = query.trimmingCharacters(in: .whitespaces)
        }
    }

    func testReadingGivesTheStateAndWritingCallsTheIntent() async {
        let viewModel = SearchViewModel()
        let query = viewModel.intentBinding(\.query, send: SearchViewModel.queryChanged)
        XCTAssertEqual(query.wrappedValue, "")
        query.wrappedValue = " swift "
        XCTAssertEqual(viewModel.intents, [" swift "])
        // The intent decides what is stored; the binding reads the state, not what was written.
        XCTAssertEqual(query.wrappedValue, "swift")
        XCTAssertEqual(query.get(), "swift")
    }

    func testEveryWriteCallsTheIntentEvenWithTheSameValue() async {
        let viewModel = SearchViewModel()
        let query = viewModel.intentBinding(\.query, send: { model in { model.queryChanged($0 + "!") } })
        query.wrappedValue = "a"
        query.set("a")
        XCTAssertEqual(viewModel.intents, ["a!", "a!"])
        XCTAssertEqual(viewModel.query, "a!")
    }

    func testTheBindingReadsTheLiveState() async {
        let viewModel = SearchViewModel()
        let query = viewModel.intentBinding(\.query, send: SearchViewModel.queryChanged)
        viewModel.queryChanged("vapor")
        XCTAssertEqual(query.wrappedValue, "vapor")
    }
}
