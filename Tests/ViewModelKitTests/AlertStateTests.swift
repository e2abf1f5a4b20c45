import ViewModelKit
import XCTest

/// An alert as a value: what a view shows of it, and equality, which a tester's assertion needs.
final class AlertStateTests: XCTestCase {
    enum Action: Equatable, Sendable { case delete, retry }

    func testButtonsKeepTheirLabelsRolesAndActions() {
        let alert = AlertState<Action>(
            title: "Delete?",
            message: "This cannot be undone.",
            buttons: [.destructive("Delete", action: .delete), .cancel("Cancel"), ButtonState(label: "Retry", action: .retry)]
        )
        XCTAssertEqual(alert.buttonsShown.map(\.label), ["Delete", "Cancel", "Retry"])
        XCTAssertEqual(alert.buttonsShown.map(\.role), [.destructive, .cancel, nil])
        XCTAssertEqual(alert.buttonsShown.map(\.action), [.delete, nil, .retry])
    }

    func testAnAlertWithoutButtonsShowsAnOKThatOnlyDismisses() {
        let alert = AlertState<Never>(title: "Saved")
        XCTAssertNil(alert.message)
        XCTAssertEqual(alert.buttons, [])
        XCTAssertEqual(alert.buttonsShown, [ButtonState(label: "OK", role: .cancel)])
        XCTAssertNil(alert.buttonsShown.first?.action)
    }

    func testAlertsAreEqualWhenEveryPartIs() {
        let alert = AlertState<Action>(title: "Delete?", buttons: [.destructive("Delete", action: .delete)])
        XCTAssertEqual(alert, AlertState(title: "Delete?", buttons: [.destructive("Delete", action: .delete)]))
        XCTAssertNotEqual(alert, AlertState(title: "Delete?", buttons: [.destructive("Delete", action: .retry)]))
        XCTAssertNotEqual(alert, AlertState(title: "Delete?", buttons: [ButtonState(label: "Delete", action: .delete)]))
        XCTAssertNotEqual(alert, AlertState(title: "Delete?", message: "", buttons: [.destructive("Delete", action: .delete)]))
        XCTAssertNotEqual(alert, AlertState(title: "Remove?", buttons: [.destructive("Delete", action: .delete)]))
    }
}
