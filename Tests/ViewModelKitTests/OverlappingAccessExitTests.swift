// Exit tests run the overlap in a child process, which Swift Testing offers on macOS and Linux, not
// on the iOS, tvOS, watchOS or visionOS simulators.
#if os(macOS) || os(Linux)
import Testing
import ViewModelKit

// Swift guarantees that an access overlapping an in-place mutation of a class's stored property
// stops the program with "Simultaneous accesses", in debug and release builds alike. An `@Observed`
// property is a stored property to its users, so the same must hold for it: each test runs the
// overlap in a child process and expects it to stop there with that message. CI runs this file in a
// debug and a release build (`swift test -c release -Xswiftc -enable-testing`).

/// A view model whose collections the overlaps below mutate.
@MainActor
final class OverlapModel: ViewModel {
    @Observed var rows: [Int] = [1, 2, 3]
    @Observed var maybe: [Int]? = [1, 2, 3]
    @Observed var count = 0
}

/// Whether the child's standard error names the exclusivity violation.
private func namesTheOverlap(_ result: ExitTest.Result?) -> Bool {
    guard let result else { return false }
    return String(decoding: result.standardErrorContent, as: UTF8.self).contains("Simultaneous accesses")
}

/// `removeAll` mutates `rows` in place, and its predicate assigns `rows`.
@MainActor
private func assignDuringAnInPlaceMutation() {
    let model = OverlapModel()
    model.rows.removeAll { _ in
        model.rows = []
        return true
    }
    print("not reached: \(model.rows)")
}

/// The same through an optional chain, whose accessor the optimizer does not inline.
@MainActor
private func assignDuringAMutationThroughAnOptionalChain() {
    let model = OverlapModel()
    model.maybe?.removeAll { _ in
        model.maybe = [9]
        return true
    }
    print("not reached: \(String(describing: model.maybe))")
}

/// A plain value passed `inout` while the callee reads it through the view model.
@MainActor
private func readDuringAnInPlaceMutationOfAPlainValue() {
    let model = OverlapModel()
    func bump(_ value: inout Int, reading model: OverlapModel) { value += model.count + 1 }
    bump(&model.count, reading: model)
    print("not reached: \(model.count)")
}

@Suite struct OverlappingAccessExitTests {
    @Test func anAssignmentInsideAnInPlaceMutationTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await assignDuringAnInPlaceMutation()
        }
        #expect(namesTheOverlap(result))
    }

    @Test func anAssignmentInsideAMutationThroughAnOptionalChainTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await assignDuringAMutationThroughAnOptionalChain()
        }
        #expect(namesTheOverlap(result))
    }

    @Test func aReadInsideAnInPlaceMutationOfAPlainValueTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await readDuringAnInPlaceMutationOfAPlainValue()
        }
        #expect(namesTheOverlap(result))
    }
}
#endif
