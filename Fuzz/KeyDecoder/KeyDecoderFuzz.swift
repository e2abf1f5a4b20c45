// libFuzzer target: the terminal `KeyDecoder`.
// Invariants: after `flush()` nothing is pending (every byte was consumed); keys carry no control
// characters as text; and reading the bytes one at a time gives the same keys as one read (apart
// from grapheme grouping and CR LF, which only a single read can join).
import Foundation
import TerminalUI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))

    var whole = KeyDecoder()
    let wholeKeys = whole.decode(bytes) + whole.flush()
    invariant(!whole.hasPendingBytes, "bytes left pending after flush")

    var single = KeyDecoder()
    var singleKeys: [Key] = []
    for byte in bytes { singleKeys += single.decode([byte]) }
    singleKeys += single.flush()
    invariant(!single.hasPendingBytes, "bytes left pending after flush (byte by byte)")

    var accounted = 0
    for key in wholeKeys {
        switch key {
        case .character(let character):
            invariant(character.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControl }, "control text \(key)")
            accounted += character.utf8.count
        case .unknown(let raw):
            invariant(!raw.isEmpty, "an empty unknown key")
            accounted += raw.count
        case .control(let letter):
            invariant(("a"..."z").contains(letter), "control \(letter)")
            accounted += 1
        default:
            accounted += 1
        }
    }
    invariant(accounted <= bytes.count, "\(accounted) bytes of keys from \(bytes.count) bytes")

    let (wholeScalars, wholeOthers, wholeEnters) = normalized(wholeKeys)
    let (singleScalars, singleOthers, singleEnters) = normalized(singleKeys)
    invariant(wholeScalars == singleScalars, "text differs: \(wholeKeys) vs \(singleKeys)")
    invariant(wholeOthers == singleOthers, "keys differ: \(wholeKeys) vs \(singleKeys)")
    invariant(wholeEnters <= singleEnters, "more Enter presses in one read")
    return 0
}

/// The text typed (as scalars), the other keys in order, and how many Enter presses.
private func normalized(_ keys: [Key]) -> ([Unicode.Scalar], [Key], Int) {
    var scalars: [Unicode.Scalar] = []
    var others: [Key] = []
    var enters = 0
    for key in keys {
        switch key {
        case .character(let character): scalars += character.unicodeScalars
        case .enter: enters += 1
        default: others.append(key)
        }
    }
    return (scalars, others, enters)
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool { self == .control }
}
