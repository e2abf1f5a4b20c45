import ViewModelKit

/// An element of the identified-collection benchmark.
private struct Item: Identifiable {
    var id: Int
    var value: Int
}

/// What one would write by hand instead of `IdentifiedArray`: an array and a dictionary from id to
/// position, kept in step.
private struct HandIndexed {
    var items: [Item] = []
    var positions: [Int: Int] = [:]

    mutating func append(_ item: Item) {
        guard positions[item.id] == nil else { return }
        positions[item.id] = items.count
        items.append(item)
    }

    func item(id: Int) -> Item? {
        positions[id].map { items[$0] }
    }

    mutating func remove(id: Int) -> Item? {
        guard let index = positions.removeValue(forKey: id) else { return nil }
        let item = items.remove(at: index)
        for position in index..<items.count { positions[items[position].id] = position }
        return item
    }

    mutating func move(id: Int, to destination: Int) {
        guard let from = positions[id] else { return }
        let item = items.remove(at: from)
        let to = min(max(destination, 0), items.count)
        items.insert(item, at: to)
        for position in min(from, to)...max(from, to) { positions[items[position].id] = position }
    }
}

/// A fixed pseudo-random sequence, the same for both sides.
private func scrambled(_ count: Int, below bound: Int, seed: UInt64) -> [Int] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Case 7: `IdentifiedArray` against an `Array` plus `Dictionary` pair written by hand, at 10,000
/// elements: append, lookup by id, `remove(id:)` and `move(id:to:)`, nanoseconds per operation.
@MainActor
func identifiedArrayRows(repeats: Int) -> [Row] {
    let count = 10_000
    let items = (0..<count).map { Item(id: $0, value: $0 &* 31) }
    let lookups = scrambled(count, below: count, seed: 1)
    let removals = Array(Set(scrambled(400, below: count, seed: 2)).prefix(200))
    let moves = Array(zip(scrambled(1_000, below: count, seed: 3), scrambled(1_000, below: count, seed: 4)))

    var identified = IdentifiedArrayOf<Item>()
    var hand = HandIndexed()
    for item in items {
        identified.append(item)
        hand.append(item)
    }

    /// `body` performs `perRound` operations; each repetition runs it `rounds` times.
    func perOperation(_ perRound: Int, rounds: Int = 20, _ body: () -> Void) -> Samples {
        measure(repeats: repeats, iterations: perRound * rounds) { n in
            for _ in 0..<max(1, n / perRound) { body() }
        }
    }

    let appendOurs = perOperation(count) {
        var array = IdentifiedArrayOf<Item>()
        for item in items { array.append(item) }
        consume(array.count)
    }
    let appendHand = perOperation(count) {
        var pair = HandIndexed()
        for item in items { pair.append(item) }
        consume(pair.items.count)
    }
    let lookupOurs = perOperation(count) {
        var sum = 0
        for id in lookups { sum &+= identified[id: id]?.value ?? 0 }
        consume(sum)
    }
    let lookupHand = perOperation(count) {
        var sum = 0
        for id in lookups { sum &+= hand.item(id: id)?.value ?? 0 }
        consume(sum)
    }
    let removeOurs = perOperation(removals.count, rounds: 2) {
        var array = identified
        for id in removals { consume(array.remove(id: id)?.value) }
        consume(array.count)
    }
    let removeHand = perOperation(removals.count, rounds: 2) {
        var pair = hand
        for id in removals { consume(pair.remove(id: id)?.value) }
        consume(pair.items.count)
    }
    let moveOurs = perOperation(moves.count, rounds: 5) {
        for (id, to) in moves { identified.move(id: id, to: to) }
        consume(identified.count)
    }
    let moveHand = perOperation(moves.count, rounds: 5) {
        for (id, to) in moves { hand.move(id: id, to: to) }
        consume(hand.items.count)
    }

    func row(_ operation: String, _ ours: Samples, _ peer: Samples) -> Row {
        Row(
            "IdentifiedArray, 10,000 elements: \(operation)", measured: "IdentifiedArray", unit: "ns/op", ours,
            [Comparison("Array + Dictionary by hand", peer.median, against: ours.median, unit: "ns/op")],
            target: "at most 1.5× slower than the hand-written pair", met: ours.median <= peer.median * 1.5
        )
    }
    return [
        row("append", appendOurs, appendHand),
        row("lookup by id", lookupOurs, lookupHand),
        row("remove(id:)", removeOurs, removeHand),
        row("move(id:to:)", moveOurs, moveHand),
    ]
}
