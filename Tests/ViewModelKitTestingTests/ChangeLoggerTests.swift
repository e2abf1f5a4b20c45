import ViewModelKit
import ViewModelKitTesting
import XCTest

@MainActor
final class ChangeLoggerTests: XCTestCase {
    func testPrintsTheIntentAndTheDiffOncePerBurst() async {
        let model = FactModel()
        var output: [String] = []
        let logger = model.logChanges { output.append($0) }
        logger.intent("incrementButtonTapped()") { model.incrementButtonTapped() }
        XCTAssertEqual(output, [
            """
            FactModel: incrementButtonTapped()
                FactModel(
              −   count: 0,
              +   count: 1,
                  fact: nil,
                  isLoading: false,
                  isTimerRunning: false
                )

            """,
        ])
        output = []
        model.factButtonTapped()
        while model.isTaskRunning(id: "fact") { await Task.yield() }
        logger.flush()
        XCTAssertEqual(output, [
            """
            FactModel: (change)
                FactModel(
                  count: 1,
                  fact: nil,
              −   isLoading: false,
              +   isLoading: true,
                  isTimerRunning: false
                )

            """,
            """
            FactModel: factButtonTapped()
                FactModel(
                  count: 1,
              −   fact: nil,
              +   fact: "1 is a good number.",
              −   isLoading: true,
              +   isLoading: false,
                  isTimerRunning: false
                )

            """,
        ])
    }

    func testReleasingTheLoggerStopsIt() async {
        let model = FactModel()
        var output: [String] = []
        var logger: ChangeLogger? = model.logChanges { output.append($0) }
        XCTAssertNotNil(logger)
        logger = nil
        model.incrementButtonTapped()
        for _ in 0..<5 { await Task.yield() }
        XCTAssertEqual(output, [])
    }
}
