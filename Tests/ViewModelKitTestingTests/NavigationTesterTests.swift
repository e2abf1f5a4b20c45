import ViewModelKit
import ViewModelKitTesting
import XCTest

private struct Meeting: Equatable {
    var id: Int
    var title: String
}

private struct Alert: Equatable {
    var title: String
    var buttons: [String]
}

/// A form sheet, defined by the meeting it edits.
@MainActor
private final class Form: ViewModel {
    let meetingID: Int
    @Observed private(set) var title = ""
    @Observed private(set) var edits = 0
    private let gate: AsyncStream<Never>

    init(meetingID: Int, gate: AsyncStream<Never> = AsyncStream { $0.finish() }) {
        self.meetingID = meetingID
        self.gate = gate
    }

    func titleChanged(_ title: String) {
        self.title = title
        edits += 1
    }
    func cancelButtonTapped() { dismiss() }
    func startWaiting() { task(id: "wait") { [gate] in for await _ in gate {} } }
}

private enum Destination: ViewModelContainer {
    case edit(Form)
    case alert(Alert)
    case confirmDeletion
}

private enum Screen: ViewModelContainer {
    case form(Form)
    case meeting(Meeting)
}

/// A sheet with a form inside: two levels of `@Child` below the list.
@MainActor
private final class Sheet: ViewModel {
    @Observed private(set) var isSaving = false
    @Child private(set) var form = Form(meetingID: 0)

    func saveButtonTapped() { isSaving = true }
}

@MainActor
private final class List: ViewModel {
    @Child private(set) var addSheet: Sheet?
    func addButtonTapped() { addSheet = Sheet() }
}

/// The same two levels with settable properties, as a form bound to text fields has them.
@MainActor
private final class EditableForm: ViewModel {
    @Observed var title = ""
    @Observed var isUrgent = false
    @Observed var schedule = Schedule(minutes: 15)
}

/// A value that is `Equatable` but not `Hashable`.
private struct Schedule: Equatable {
    var minutes: Int
}

@MainActor
private final class EditableSheet: ViewModel {
    @Observed var isSaving = false
    @Child var form = EditableForm()
}

private enum EditDestination: ViewModelContainer {
    case form(EditableForm)
    case note(String)
}

private enum EditScreen: ViewModelContainer {
    case form(EditableForm)
    case note(String)
}

@MainActor
private final class EditableList: ViewModel {
    @Child var addSheet: EditableSheet?
    @Child var sheets: IdentifiedArrayOf<RowSheet> = []
    @Child var destination: EditDestination?
    @Child var path: [EditScreen] = []
}

@MainActor
private final class RowSheet: ViewModel, Identifiable {
    nonisolated let id: Int
    @Child var form = EditableForm()
    init(id: Int) { self.id = id }
}

@MainActor
private final class EditableRoot: ViewModel {
    @Child var list = EditableList()
}

@MainActor
private final class Root: ViewModel {
    @Observed private(set) var count = 0
    @Child private(set) var destination: Destination?
    @Child private(set) var path: [Screen] = []
    @Child private(set) var list = List()
    var doubled: Int { count * 2 }

    func editButtonTapped(_ id: Int) { destination = .edit(Form(meetingID: id)) }
    func deleteButtonTapped() { destination = .alert(Alert(title: "Delete?", buttons: ["Delete", "Cancel"])) }
    func deleteConfirmed() { destination = .confirmDeletion }
    func meetingTapped(_ meeting: Meeting) { path.append(.meeting(meeting)) }
    func closeButtonTapped() { dismiss() }
    func increment() { count += 1 }
}

@MainActor
final class NavigationTesterTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    private func makeTester() -> ViewModelTester<Root> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(Root(), reporter: reporter)
    }

    private func form(of root: Root) -> Form? {
        if case .edit(let form) = root.destination { return form }
        return nil
    }

    // MARK: Enum destinations

    func testAnAlertCaseIsStateTheTestMustAssert() async {
        let tester = makeTester()
        await tester.send({ $0.deleteButtonTapped() })
        XCTAssertEqual(reporter.messages, [
            """
            State was not expected to change, but a change occurred: …

                Root(
                  count: 0,
              −   destination: nil,
              +   destination: .alert(Alert(title: "Delete?", buttons: ["Delete", "Cancel"])),
                  path: [],
                  list: List(addSheet: nil)
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testExpectationsSetEachKindOfCase() async {
        let tester = makeTester()
        await tester.send({ $0.deleteButtonTapped() }) {
            $0.destination = .alert(Alert(title: "Delete?", buttons: ["Delete", "Cancel"]))
        }
        XCTAssertEqual(tester.state.destination, .alert(Alert(title: "Delete?", buttons: ["Delete", "Cancel"])))
        await tester.send({ $0.deleteConfirmed() }) { $0.destination = .confirmDeletion }
        await tester.send({ $0.editButtonTapped(7) }) { $0.destination = .edit(Form(meetingID: 7)) }
        await tester.send({ self.form(of: $0)?.titleChanged("Engineering") }) {
            $0[\.destination, case: Destination.edit]?.title = "Engineering"
            $0[\.destination, case: Destination.edit]?.edits = 1
        }
        XCTAssertEqual(tester.state[\.destination, case: Destination.edit]?.title, "Engineering")
        await tester.send({ $0.deleteButtonTapped() }) {
            $0.destination = .alert(Alert(title: "Delete?", buttons: ["Delete", "Cancel"]))
        }
        XCTAssertNil(tester.state[\.destination, case: Destination.edit], "another case is presented")
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAChildsExpectedStateCanBeGivenWithTheCase() async {
        let tester = makeTester()
        await tester.send({ root in
            root.editButtonTapped(7)
            self.form(of: root)?.titleChanged("Draft")
        }) {
            var form = ViewModelState(Form(meetingID: 7))
            form.title = "Draft"
            form.edits = 1
            $0[\.destination, case: Destination.edit] = form
        }
        XCTAssertEqual(reporter.messages, [])
    }

    func testAWrongCaseShowsTheCasesInTheDiff() async {
        let tester = makeTester()
        await tester.send({ $0.deleteConfirmed() }) { $0.destination = .alert(Alert(title: "Delete?", buttons: [])) }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                Root(
                  count: 0,
              −   destination: .alert(Alert(title: "Delete?", buttons: [])),
              +   destination: .confirmDeletion,
                  path: [],
                  list: List(addSheet: nil)
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testAChildDismissedFromACaseSetsTheDestinationToNil() async {
        let tester = makeTester()
        await tester.send({ $0.editButtonTapped(1) }) { $0.destination = .edit(Form(meetingID: 1)) }
        await tester.send({ self.form(of: $0)?.cancelButtonTapped() }) { $0.destination = nil }
        XCTAssertNil(tester.viewModel.destination)
        XCTAssertEqual(reporter.messages, [])
    }

    func testReplacingTheCaseCancelsTheOldChildsTasks() async {
        let root = Root()
        let gate = AsyncStream<Never>.makeStream()
        root.editButtonTapped(1)
        guard let form = form(of: root) else { return XCTFail("no form") }
        form.startWaiting()
        XCTAssertEqual(form.runningTaskIDs, ["wait"])
        root.deleteButtonTapped()
        XCTAssertEqual(form.runningTaskIDs, [], "the replaced form's task was cancelled")
        gate.continuation.finish()
    }

    func testNonExhaustiveComparesOnlyWhatIsWrittenInsideACase() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(Root(), exhaustivity: .off, reporter: reporter)
        await tester.send({ $0.editButtonTapped(1) })
        await tester.send({ self.form(of: $0)?.titleChanged("Engineering") }) {
            $0[\.destination, case: Destination.edit]?.title = "Engineering"
        }
        XCTAssertEqual(reporter.messages, [], "edits, not written, is not compared")
        await tester.send({ self.form(of: $0)?.titleChanged("Design") }) {
            $0[\.destination, case: Destination.edit]?.title = "Wrong"
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                Root(
                  count: 0,
                  destination: .edit(
                    Form(
                      meetingID: 1,
              −       title: "Wrong",
              +       title: "Design",
                      edits: 2
                    )
                  ),
                  path: [],
                  list: List(addSheet: nil)
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    // MARK: Children compared on what defines them

    func testAChildMadeWithOtherInputsFailsAndTheDiffShowsThem() async {
        let tester = makeTester()
        await tester.send({ $0.editButtonTapped(1) }) { $0.destination = .edit(Form(meetingID: 2)) }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                Root(
                  count: 0,
                  destination: .edit(
                    Form(
              −       meetingID: 2,
              +       meetingID: 1,
                      title: "",
                      edits: 0
                    )
                  ),
                  path: [],
                  list: List(addSheet: nil)
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    // MARK: Stacks with value entries

    func testAValueEntryOfAStackIsStateTheTestMustAssert() async {
        let tester = makeTester()
        await tester.send({ $0.meetingTapped(Meeting(id: 1, title: "Standup")) })
        XCTAssertEqual(tester.state.path.count, 1)
        XCTAssertEqual(tester.state.path.first?.entry(as: Screen.self), .meeting(Meeting(id: 1, title: "Standup")))
        XCTAssertEqual(reporter.messages, [
            """
            State was not expected to change, but a change occurred: …

                Root(
                  count: 0,
                  destination: nil,
                  path: [
              +     [0]: .meeting(Meeting(id: 1, title: "Standup"))
                  ],
                  list: List(addSheet: nil)
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testAValueEntryIsAsserted() async {
        let tester = makeTester()
        await tester.send({ $0.meetingTapped(Meeting(id: 1, title: "Standup")) }) {
            $0.path.append(.entry(Screen.meeting(Meeting(id: 1, title: "Standup"))))
        }
        await tester.send({ $0.meetingTapped(Meeting(id: 2, title: "Retro")) }) {
            $0.path.append(.entry(Screen.meeting(Meeting(id: 2, title: "Planning"))))
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                Root(
                  count: 0,
                  destination: nil,
                  path: [
                    … (1 unchanged)
                    [1]: .meeting(
                      Meeting(
                        id: 2,
              −         title: "Planning"
              +         title: "Retro"
                      )
                    )
                  ],
                  list: List(addSheet: nil)
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testModifyAsOnAValueEntryFailsNamingIt() async {
        let tester = makeTester()
        await tester.send({ $0.meetingTapped(Meeting(id: 1, title: "Standup")) }) {
            $0.path.append(.entry(Screen.meeting(Meeting(id: 1, title: "Standup"))))
            $0.path[0].modify(as: Form.self) { _ in XCTFail("not a form") }
        }
        XCTAssertEqual(reporter.messages, [
            "modify(as: Form): this state belongs to an entry of Screen that holds no view model",
        ])
    }

    func testReadingAnEntryAsAnotherTypeGivesNil() async {
        let tester = makeTester()
        await tester.send({ $0.meetingTapped(Meeting(id: 1, title: "Standup")) }) {
            $0.path = [.entry(Screen.meeting(Meeting(id: 1, title: "Standup")))]
        }
        XCTAssertNil(tester.state.path.first?.entry(as: Meeting.self), "an entry of another type")
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: Dismissal

    func testARootThatDismissesItselfIsReadable() async {
        let tester = makeTester()
        XCTAssertFalse(tester.isDismissed)
        await tester.send({ $0.closeButtonTapped() })
        XCTAssertTrue(tester.isDismissed)
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: Assertions never touch the live view model

    func testExpectationsThroughTwoLevelsOfChildInEitherOrder() async {
        let tester = makeTester()
        await tester.send({ $0.list.addButtonTapped() }) {
            $0.list.addSheet = ViewModelState(Sheet())
        }
        await tester.send({ root in
            root.list.addSheet?.form.titleChanged("Engineering")
            root.list.addSheet?.saveButtonTapped()
        }) {
            $0.list.addSheet?.form.title = "Engineering"
            $0.list.addSheet?.form.edits = 1
            $0.list.addSheet?.isSaving = true
        }
        await tester.send({ root in
            root.list.addSheet?.form.titleChanged("Design")
            root.list.addSheet?.saveButtonTapped()
        }) {
            $0.list.addSheet?.form.edits = 2
            $0.list.addSheet?.form.title = "Design"
        }
        XCTAssertEqual(tester.viewModel.list.addSheet?.form.title, "Design")
        XCTAssertEqual(reporter.messages, [])
    }

    func testSettablePropertiesThroughTwoLevelsOfChildInEitherOrder() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(EditableRoot(), reporter: reporter)
        await tester.send({ $0.list.addSheet = EditableSheet() }) {
            $0.list.addSheet = ViewModelState(EditableSheet())
        }
        await tester.send({ root in
            root.list.addSheet?.form.title = "Engineering"
            root.list.addSheet?.isSaving = true
        }) {
            $0.list.addSheet?.form.title = "Engineering"
            $0.list.addSheet?.isSaving = true
        }
        await tester.send({ root in
            root.list.addSheet?.form.title = "Design"
            root.list.addSheet?.form.isUrgent = true
        }) {
            $0.list.addSheet?.form.isUrgent = true
            $0.list.addSheet?.form.title = "Design"
        }
        await tester.send({ root in root.list.addSheet?.form.title = "Wrong" }) {
            $0.list.addSheet?.form.title = "Expected"
        }
        XCTAssertEqual(tester.viewModel.list.addSheet?.form.title, "Wrong", "the closure never wrote into the view model")
        XCTAssertEqual(reporter.messages.count, 1, "only the wrong title fails: \(reporter.messages)")
        XCTAssertTrue(reporter.messages.first?.contains(#"−         title: "Expected""#) == true, reporter.messages.first ?? "")
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1, "no change was queued as if a task had made it")
    }

    func testExpectationsThroughACollectionAStackAndADestinationInEitherOrder() async {
        reporter = RecordingIssueReporter()
        let root = EditableRoot()
        root.list.sheets = [RowSheet(id: 1)]
        root.list.path = [.form(EditableForm())]
        root.list.destination = .form(EditableForm())
        let tester = ViewModelTester(root, reporter: reporter)
        let destinationForm = { (root: EditableRoot) -> EditableForm? in
            guard case .form(let form) = root.list.destination else { return nil }
            return form
        }
        let pathForm = { (root: EditableRoot) -> EditableForm? in
            guard case .form(let form) = root.list.path.first else { return nil }
            return form
        }
        await tester.send({ root in
            root.list.sheets[id: 1]?.form.title = "Row"
            pathForm(root)?.title = "Pushed"
            destinationForm(root)?.title = "Presented"
        }) {
            $0.list.sheets[0].modify(as: RowSheet.self) { $0.form.title = "Row" }
            $0.list.path[0].modify(as: EditableForm.self) { $0.title = "Pushed" }
            $0.list[\.destination, case: EditDestination.form]?.title = "Presented"
        }
        await tester.send({ root in
            root.list.sheets[id: 1]?.form.isUrgent = true
            pathForm(root)?.isUrgent = true
            destinationForm(root)?.isUrgent = true
        }) {
            $0.list[\.destination, case: EditDestination.form]?.isUrgent = true
            $0.list.path[0].modify(as: EditableForm.self) { $0.isUrgent = true }
            $0.list.sheets[0].modify(as: RowSheet.self) { $0.form.isUrgent = true }
        }
        await tester.send({ $0.list.destination = .note("Saved") }) {
            $0.list.destination = .note("Saved")
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testANonHashableValueDeepInSettableChildrenIsReportedAndModifyWorks() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(EditableRoot(), reporter: reporter)
        await tester.send({ $0.list.addSheet = EditableSheet() }) {
            $0.list.addSheet = ViewModelState(EditableSheet())
        }
        await tester.send({ $0.list.addSheet?.form.schedule = Schedule(minutes: 30) }) {
            $0.list.addSheet?.form.modify(as: EditableForm.self) { $0.schedule = Schedule(minutes: 30) }
        }
        XCTAssertEqual(reporter.messages, [])
        await tester.send({ $0.list.addSheet?.form.schedule = Schedule(minutes: 45) }) {
            $0.list.addSheet?.form.schedule = Schedule(minutes: 45)
        }
        XCTAssertEqual(tester.viewModel.list.addSheet?.form.schedule, Schedule(minutes: 45))
        XCTAssertEqual(reporter.messages.first, #"\EditableList.addSheet was read as the live view model, not as its state in the snapshot, so this expectation cannot change it. Write it with modify(as:), which only a child's state has."#)
    }

    func testAWriteInAnExpectationNeverReachesTheLiveChild() async {
        let tester = makeTester()
        await tester.send({ $0.list.addButtonTapped() }) {
            $0.list.addSheet = ViewModelState(Sheet())
            $0.list.addSheet?.form.title = "Not in the view model"
        }
        XCTAssertEqual(tester.viewModel.list.addSheet?.form.title, "", "the closure wrote only the expected state")
        XCTAssertEqual(reporter.messages.count, 1, "the expectation differs from the real state")
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1, "no change was queued as if a task had made it")
    }

    func testAKeyPathTheSnapshotCannotResolveIsAFailureNamingIt() async {
        let tester = makeTester()
        await tester.send({ $0.increment() }) {
            $0.count = 1
            _ = $0.doubled
        }
        XCTAssertEqual(reporter.messages, [
            #"\Root.<computed Int> is not observed state of Root: an assertion can only read the snapshot (@Observed and @Child properties)."#,
        ])
    }

    func testAnAssertionClosureThatChangesTheViewModelFails() async {
        let tester = makeTester()
        let root = tester.viewModel
        await tester.send({ $0.increment() }) {
            $0.count = 1
            root.increment()
        }
        XCTAssertEqual(reporter.messages, [
            "An assertion closure changed the view model under test. It must only change the expected state it is given "
                + "(`$0`); keep calls on the view model in the intent.",
        ])
    }
}
