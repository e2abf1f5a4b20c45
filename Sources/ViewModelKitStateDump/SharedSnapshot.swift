/// The value of a `@Shared` property in a snapshot: what the shared reference holds, with the
/// reference it was read from, so that every place holding one reference is known as one.
///
/// It compares by value, as a child compares by state. A dump of a whole snapshot shows the value
/// at the place nearest the root that holds the reference and names that place at the others (see
/// ``StateSnapshot/showingSharedValuesOnce()``).
package struct SharedSnapshot: Equatable {
    /// The shared value.
    package var value: any Equatable
    /// The shared reference, kept so that its identifier stays unique while the snapshot lives.
    package let reference: AnyObject
    /// Where a dump shows the value, when this is not that place: `AppViewModel.stats`.
    package var shownAt: String?

    /// Creates the snapshot of `reference`, which holds `value`.
    package init(value: any Equatable, reference: AnyObject) {
        self.value = value
        self.reference = reference
    }

    /// Identifies the shared reference.
    package var id: ObjectIdentifier { ObjectIdentifier(reference) }

    /// The same reference, holding `value`.
    package func holding(_ value: any Equatable) -> SharedSnapshot {
        SharedSnapshot(value: value, reference: reference)
    }

    /// Whether both hold equal values.
    package static func == (lhs: SharedSnapshot, rhs: SharedSnapshot) -> Bool {
        isEqual(lhs.value, rhs.value)
    }
}

extension StateSnapshot {
    /// One place in a snapshot tree that holds a shared reference.
    package struct SharedPlace {
        /// The path to the place, from this snapshot's fields.
        package var path: [SnapshotPathComponent]
        /// The place as a person reads it: `AppViewModel.counter.stats`.
        package var name: String
        /// What the place holds.
        package var shared: SharedSnapshot
    }

    /// Every place in this snapshot and its children that holds a shared reference, depth first in
    /// declaration order.
    package var sharedPlaces: [SharedPlace] {
        var places: [SharedPlace] = []
        collectSharedPlaces(path: [], name: typeName, into: &places)
        return places
    }

    private func collectSharedPlaces(path: [SnapshotPathComponent], name: String, into places: inout [SharedPlace]) {
        for field in fields {
            Self.collectSharedPlaces(
                in: field.value, path: path + [.field(field.name)], name: name + "." + field.name, into: &places
            )
        }
    }

    private static func collectSharedPlaces(
        in value: any Equatable, path: [SnapshotPathComponent], name: String, into places: inout [SharedPlace]
    ) {
        if let shared = value as? SharedSnapshot {
            places.append(SharedPlace(path: path, name: name, shared: shared))
        } else if let child = value as? StateSnapshot ?? (value as? StateSnapshot?)?.flatMap({ $0 }) {
            child.collectSharedPlaces(path: path, name: name, into: &places)
        } else if let list = value as? [StateSnapshot] {
            for (position, child) in list.enumerated() {
                child.collectSharedPlaces(path: path + [.element(position)], name: name + "[\(position)]", into: &places)
            }
        } else if let presented = value as? CaseSnapshot ?? (value as? CaseSnapshot?)?.flatMap({ $0 }) {
            for (position, payload) in presented.payload.enumerated() {
                let step = presented.payload.count == 1 ? "" : ".\(payload.label ?? String(position))"
                collectSharedPlaces(
                    in: payload.value, path: path + [.payload(position)], name: name + "." + presented.caseName + step,
                    into: &places
                )
            }
        }
    }

    /// Makes every place that holds a shared reference hold one value again, after a change of
    /// this snapshot (from `old`) wrote it through one or more of its places: the value written
    /// (what differs from the value `old` held) goes to every place. Places written with different
    /// values are left as they are, for the comparison to show.
    package mutating func synchronizeSharedValues(from old: StateSnapshot) {
        let places = sharedPlaces
        guard !places.isEmpty else { return }
        let before = Dictionary(old.sharedPlaces.map { ($0.shared.id, $0.shared.value) }, uniquingKeysWith: { first, _ in first })
        for id in Set(places.map(\.shared.id)) {
            let held = places.filter { $0.shared.id == id }
            guard held.contains(where: { !isEqual($0.shared.value, held[0].shared.value) }) else { continue }
            let written = held.filter { place in before[id].map { !isEqual(place.shared.value, $0) } ?? true }
            guard let value = written.first?.shared.value,
                  written.allSatisfy({ isEqual($0.shared.value, value) })
            else { continue }
            for place in held { setValue(place.shared.holding(value), at: place.path[...]) }
        }
    }

    /// Two snapshots as a diff shows them: each shows every shared value once, as
    /// ``showingSharedValuesOnce()`` does, except at a place both have where only one of them
    /// would name another place (a place nearer the root that holds the value appeared, or went):
    /// there both show the value, so that a value that did not change reads as unchanged.
    package static func showingSharedValuesOnce(
        _ old: StateSnapshot, _ new: StateSnapshot
    ) -> (old: StateSnapshot, new: StateSnapshot) {
        var old = old.showingSharedValuesOnce()
        var new = new.showingSharedValuesOnce()
        let newPlaces = Dictionary(new.sharedPlaces.map { ($0.path, $0.shared) }, uniquingKeysWith: { first, _ in first })
        for place in old.sharedPlaces {
            guard let other = newPlaces[place.path], other.shownAt != place.shared.shownAt else { continue }
            var oldShown = place.shared, newShown = other
            oldShown.shownAt = nil
            newShown.shownAt = nil
            old.setValue(oldShown, at: place.path[...])
            new.setValue(newShown, at: place.path[...])
        }
        return (old, new)
    }

    /// This snapshot as a dump shows it: each shared reference's value at the place nearest the
    /// root that holds it (the first of those, in declaration order), and at every other place the
    /// name of that one. The root's own property thus shows it, even after rows that hold it and
    /// that a diff folds.
    package func showingSharedValuesOnce() -> StateSnapshot {
        let places = sharedPlaces
        guard places.count > 1 else { return self }
        var shown: [ObjectIdentifier: SharedPlace] = [:]
        for place in places where shown[place.shared.id].map({ place.path.count < $0.path.count }) ?? true {
            shown[place.shared.id] = place
        }
        var copy = self
        for place in places {
            guard let first = shown[place.shared.id], first.path != place.path else { continue }
            var marked = place.shared
            marked.shownAt = first.name
            copy.setValue(marked, at: place.path[...])
        }
        return copy
    }
}
