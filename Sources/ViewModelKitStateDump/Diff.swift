import Foundation

/// A −/+ diff of two values' dumps, or nil if they render the same.
///
/// Both values are reflected into the same tree `dumpText(_:)` renders and the trees are walked
/// together. Every output line is a two-character prefix followed by the dump line:
/// `"− "` (U+2212 MINUS SIGN, then a space) for old-only lines, `"+ "` for new-only lines and
/// two spaces for unchanged context.
///
/// - Containers of the same kind (same type; for enums, same case) that differ are expanded:
///   their `TypeName(` / `[` and `)` / `]` lines are context and children are diffed recursively,
///   so only changed leaves carry −/+.
/// - Struct, class, tuple and enum-payload fields are all listed; an unchanged field is one
///   context line, folded to `label: TypeName(…)` or `label: [… N elements]` when its dump
///   spans several lines. A changed scalar field prints `− label: old,` then `+ label: new,`.
/// - Arrays, sets and dictionaries: each maximal run of unchanged elements collapses into one
///   `… (N unchanged)` line, wherever it occurs (changed lines carry their `[i]:`/key label, so no
///   neighbouring context is printed). Arrays pair elements by `Identifiable.id` when every
///   element on both sides has a unique id (longest common subsequence of ids, removals listed
///   before insertions), otherwise by index; surplus elements print only − or +. Sets pair
///   elements with identical dumps; dictionaries pair entries by key.
/// - A scalar change, enum case change, type change or `nil` ↔ value prints the whole old value
///   with − followed by the whole new value with +.
/// - Commas follow the dump: a − line has one if the old container has a later element, a +
///   line if the new one does, a context line if either does.
package func diffText(_ old: Any, _ new: Any) -> String? {
    var builder = DumpTreeBuilder()
    let roots = dumpedRoots(old, new)
    let oldNode = builder.node(for: roots.old)
    let newNode = builder.node(for: roots.new)
    guard oldNode.render() != newNode.render() else { return nil }
    var lines = DiffWalker.diff(
        oldNode, newNode, oldLabel: nil, newLabel: nil, oldComma: false, newComma: false, depth: 0
    )
    if lines.allSatisfy({ $0.mark == .context }) {
        lines = DiffWalker.replacement(oldNode, newNode, oldLabel: nil, newLabel: nil,
                                       oldComma: false, newComma: false, depth: 0)
    }
    return lines.map(\.text).joined(separator: "\n")
}

/// One output line of a diff.
struct DiffLine {
    /// Which side(s) the line belongs to.
    enum Mark { case context, removed, added }

    /// The line's side.
    var mark: Mark
    /// Nesting depth (two spaces each, after the prefix).
    var depth: Int
    /// The dump text of the line.
    var content: String

    /// The prefixed, indented line.
    var text: String {
        let prefix: String
        switch mark {
        case .context: prefix = "  "
        case .removed: prefix = "\u{2212} "
        case .added: prefix = "+ "
        }
        return prefix + String(repeating: "  ", count: depth) + content
    }
}

/// Walks two dump trees in step, producing diff lines.
enum DiffWalker {
    /// How an element of the old container lines up with the new container.
    enum Step: Equatable {
        case pair(Int, Int)
        case removed(Int)
        case inserted(Int)
    }

    /// Diff lines for `old` vs `new` rendered at `depth` with the given labels and commas.
    static func diff(
        _ old: DumpNode, _ new: DumpNode, oldLabel: String?, newLabel: String?,
        oldComma: Bool, newComma: Bool, depth: Int
    ) -> [DiffLine] {
        let comma = oldComma || newComma ? "," : ""
        if old.kind == new.kind, old.flat == new.flat, oldLabel == newLabel {
            return [DiffLine(mark: .context, depth: depth, content: prefix(newLabel) + new.folded + comma)]
        }
        guard old.kind == new.kind, old.isContainer,
              let children = childLines(old, new, depth: depth + 1)
        else {
            return replacement(old, new, oldLabel: oldLabel, newLabel: newLabel,
                               oldComma: oldComma, newComma: newComma, depth: depth)
        }
        var lines: [DiffLine] = []
        let oldOpen = prefix(oldLabel) + old.open
        let newOpen = prefix(newLabel) + new.open
        if oldOpen == newOpen {
            lines.append(DiffLine(mark: .context, depth: depth, content: newOpen))
        } else {
            lines.append(DiffLine(mark: .removed, depth: depth, content: oldOpen))
            lines.append(DiffLine(mark: .added, depth: depth, content: newOpen))
        }
        lines += children
        lines.append(DiffLine(mark: .context, depth: depth, content: new.close + comma))
        return lines
    }

    /// The whole old value as − lines followed by the whole new value as + lines.
    static func replacement(
        _ old: DumpNode, _ new: DumpNode, oldLabel: String?, newLabel: String?,
        oldComma: Bool, newComma: Bool, depth: Int
    ) -> [DiffLine] {
        side(old, label: oldLabel, comma: oldComma, mark: .removed, depth: depth)
            + side(new, label: newLabel, comma: newComma, mark: .added, depth: depth)
    }

    private static func side(
        _ node: DumpNode, label: String?, comma: Bool, mark: DiffLine.Mark, depth: Int
    ) -> [DiffLine] {
        node.lines(label: label, comma: comma).map {
            DiffLine(mark: mark, depth: depth + $0.depth, content: $0.text)
        }
    }

    private static func prefix(_ label: String?) -> String {
        label.map { "\($0): " } ?? ""
    }

    /// Lines for the children of two same-kind containers, or nil if they cannot be aligned.
    private static func childLines(_ old: DumpNode, _ new: DumpNode, depth: Int) -> [DiffLine]? {
        switch old.kind {
        case .scalar:
            return nil
        case .structure, .enumCase, .tuple:
            guard old.children.map(\.label) == new.children.map(\.label) else { return nil }
            let count = new.children.count
            return old.children.indices.flatMap { index in
                diff(
                    old.children[index].node, new.children[index].node,
                    oldLabel: old.children[index].label, newLabel: new.children[index].label,
                    oldComma: index < count - 1, newComma: index < count - 1, depth: depth
                )
            }
        case .collection:
            return render(steps: arraySteps(old.children, new.children), old.children, new.children, depth: depth)
        case .set:
            let steps = mergeSteps(old.children, new.children, key: \.node.flat, pairOnlyIdentical: true)
            return render(steps: steps, old.children, new.children, depth: depth)
        case .dictionary:
            let steps = mergeSteps(old.children, new.children, key: { $0.label ?? "" }, pairOnlyIdentical: false)
            return render(steps: steps, old.children, new.children, depth: depth)
        }
    }

    private static func unchanged(_ old: DumpEntry, _ new: DumpEntry) -> Bool {
        old.node.kind == new.node.kind && old.node.flat == new.node.flat
    }

    /// Renders aligned steps, collapsing runs of unchanged pairs into `… (N unchanged)`.
    private static func render(
        steps: [Step], _ old: [DumpEntry], _ new: [DumpEntry], depth: Int
    ) -> [DiffLine] {
        var lines: [DiffLine] = []
        var unchangedRun = 0
        func flushRun() {
            guard unchangedRun > 0 else { return }
            lines.append(DiffLine(mark: .context, depth: depth, content: "\u{2026} (\(unchangedRun) unchanged)"))
            unchangedRun = 0
        }
        for step in steps {
            switch step {
            case let .pair(oldIndex, newIndex):
                if unchanged(old[oldIndex], new[newIndex]) {
                    unchangedRun += 1
                    continue
                }
                flushRun()
                lines += diff(
                    old[oldIndex].node, new[newIndex].node,
                    oldLabel: old[oldIndex].label, newLabel: new[newIndex].label,
                    oldComma: oldIndex < old.count - 1, newComma: newIndex < new.count - 1, depth: depth
                )
            case let .removed(oldIndex):
                flushRun()
                lines += side(old[oldIndex].node, label: old[oldIndex].label,
                              comma: oldIndex < old.count - 1, mark: .removed, depth: depth)
            case let .inserted(newIndex):
                flushRun()
                lines += side(new[newIndex].node, label: new[newIndex].label,
                              comma: newIndex < new.count - 1, mark: .added, depth: depth)
            }
        }
        flushRun()
        return lines
    }

    /// Aligns array elements by `Identifiable.id` when possible, else by index.
    static func arraySteps(_ old: [DumpEntry], _ new: [DumpEntry]) -> [Step] {
        if let oldIDs = uniqueIDs(old), let newIDs = uniqueIDs(new),
           oldIDs.count * newIDs.count <= 1_000_000 {
            return lcsSteps(oldIDs, newIDs)
        }
        let shared = min(old.count, new.count)
        return (0..<shared).map { Step.pair($0, $0) }
            + (shared..<old.count).map { Step.removed($0) }
            + (shared..<new.count).map { Step.inserted($0) }
    }

    private static func uniqueIDs(_ entries: [DumpEntry]) -> [AnyHashable]? {
        var ids: [AnyHashable] = []
        var seen: Set<AnyHashable> = []
        for entry in entries {
            guard let id = entry.node.identity, seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// Longest-common-subsequence alignment; on ties removals come before insertions.
    static func lcsSteps(_ old: [AnyHashable], _ new: [AnyHashable]) -> [Step] {
        let columns = new.count + 1
        var table = [Int](repeating: 0, count: (old.count + 1) * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i * columns + j] = old[i] == new[j]
                    ? table[(i + 1) * columns + j + 1] + 1
                    : max(table[(i + 1) * columns + j], table[i * columns + j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                steps.append(.pair(i, j))
                i += 1
                j += 1
            } else if table[(i + 1) * columns + j] >= table[i * columns + j + 1] {
                steps.append(.removed(i))
                i += 1
            } else {
                steps.append(.inserted(j))
                j += 1
            }
        }
        steps += (i..<old.count).map { Step.removed($0) }
        steps += (j..<new.count).map { Step.inserted($0) }
        return steps
    }

    /// Merges two lists sorted by `key`; equal keys pair up (for sets only if the dumps match).
    static func mergeSteps(
        _ old: [DumpEntry], _ new: [DumpEntry], key: (DumpEntry) -> String, pairOnlyIdentical: Bool
    ) -> [Step] {
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < old.count, j < new.count {
            let oldKey = key(old[i])
            let newKey = key(new[j])
            if oldKey == newKey, !pairOnlyIdentical || unchanged(old[i], new[j]) {
                steps.append(.pair(i, j))
                i += 1
                j += 1
            } else if oldKey <= newKey {
                steps.append(.removed(i))
                i += 1
            } else {
                steps.append(.inserted(j))
                j += 1
            }
        }
        steps += (i..<old.count).map { Step.removed($0) }
        steps += (j..<new.count).map { Step.inserted($0) }
        return steps
    }
}
