import Synchronization
import Observation
import ViewModelKit
import XCTest

// The code of the article "Observing with Swift's Observation" (ObservationInterop.md).

enum ObservationInteropArticle {
    // snippet: observation-interop-view-model
    @MainActor
    final class CounterViewModel: ViewModel {
        @Observed private(set) var count = 0

        func incrementButtonTapped() { count += 1 }
    }
    // end snippet

    @MainActor
    static func track(print: @escaping @Sendable (String) -> Void) {
        // snippet: observation-interop-tracking
        let viewModel = CounterViewModel()
        withObservationTracking {
            _ = viewModel.count
        } onChange: {
            print("count will change")
        }
        viewModel.incrementButtonTapped()   // prints "count will change"
        // end snippet
    }
}

@MainActor
final class ObservationInteropArticleTests: XCTestCase {
    func testTheTrackerIsToldOfTheChange() async {
        let printed = LockedLines()
        ObservationInteropArticle.track { printed.append($0) }
        XCTAssertEqual(printed.lines, ["count will change"])
    }
}

/// Lines printed from any thread, in order.
final class LockedLines: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}
