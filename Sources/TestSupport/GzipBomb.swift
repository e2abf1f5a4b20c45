public import Foundation

/// A small gzip body that inflates to a large one: `size` spaces, compressed with one fixed-Huffman
/// deflate block of back-references (about 13 bits per 258 bytes), for testing that a client counts
/// a body's size after decompression.
///
/// ```swift
/// let body = GzipBomb.spaces(count: 64 << 20)  // about 400 KB
/// LoopbackHTTPServer.Response(headers: [("Content-Encoding", "gzip")], body: body)
/// ```
public enum GzipBomb {
    /// A gzip stream that inflates to `count` (at least 1) spaces. Without `checksum` the trailer's
    /// CRC is left zero (faster to build; a reader only notices at the very end).
    public static func spaces(count: Int, checksum: Bool = true) -> Data {
        let total = max(1, count)
        var bits = BitWriter()
        bits.write(1, count: 1)  // the last block
        bits.write(1, count: 2)  // fixed Huffman codes
        bits.writeCode(0x30 + 0x20, length: 8)  // the literal ' '
        var left = total - 1
        while left > 0 {
            // A copy of `length` bytes at distance 1. Lengths 3…258; a 1- or 2-byte rest is sent as literals.
            if left < 3 {
                bits.writeCode(0x30 + 0x20, length: 8)
                left -= 1
                continue
            }
            let length = min(258, left == 259 || left == 260 ? left - 3 : left)
            writeLength(length, into: &bits)
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
            left -= length
        }
        bits.writeCode(0, length: 7)  // end of block (symbol 256)
        var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        data += bits.finished
        data += littleEndian(checksum ? crc32OfSpaces(count: total) : 0)
        data += littleEndian(UInt32(truncatingIfNeeded: total))
        return data
    }

    /// A gzip stream that never ends: spaces, about 160 times as many as the bytes sent, in one
    /// deflate block that is never closed, sent in pieces of about `pieceSize` bytes.
    ///
    /// ```swift
    /// LoopbackHTTPServer.Response(headers: [("Content-Encoding", "gzip")], stream: GzipBomb.endlessSpaces())
    /// ```
    public static func endlessSpaces(pieceSize: Int = 64 << 10) -> BodyStream {
        // The block opens with a literal space and one copy; from there on, the bits are byte-aligned
        // and every 13 bytes are eight copies of 258 bytes at distance 1.
        var bits = BitWriter()
        bits.write(0, count: 1)  // not the last block
        bits.write(1, count: 2)  // fixed Huffman codes
        bits.writeCode(0x30 + 0x20, length: 8)  // the literal ' '
        writeLength(258, into: &bits)
        bits.writeCode(0, length: 5)  // distance 1
        let head = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]) + bits.finished
        var unit = BitWriter()
        for _ in 0..<8 {
            writeLength(258, into: &unit)
            unit.writeCode(0, length: 5)
        }
        let piece = Data(Array(repeating: unit.finished, count: max(1, pieceSize / 13)).joined())
        return BodyStream { index in index == 0 ? head : piece }
    }

    private static func writeLength(_ length: Int, into bits: inout BitWriter) {
        if length == 258 {
            bits.writeCode(0xC5, length: 8)  // symbol 285: 11000101
            return
        }
        let table: [(base: Int, extra: Int)] = [
            (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 1), (13, 1), (15, 1), (17, 1),
            (19, 2), (23, 2), (27, 2), (31, 2), (35, 3), (43, 3), (51, 3), (59, 3), (67, 4), (83, 4), (99, 4), (115, 4),
            (131, 5), (163, 5), (195, 5), (227, 5),
        ]
        let index = table.lastIndex { $0.base <= length } ?? 0
        let symbol = 257 + index
        if symbol <= 279 {
            bits.writeCode(UInt32(symbol - 256), length: 7)
        } else {
            bits.writeCode(UInt32(0xC0 + symbol - 280), length: 8)
        }
        bits.write(UInt32(length - table[index].base), count: table[index].extra)
    }

    private static func crc32OfSpaces(count: Int) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int((crc ^ 0x20) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func littleEndian(_ value: UInt32) -> Data {
        Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)])
    }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var used = 0

    mutating func write(_ value: UInt32, count: Int) {
        for bit in 0..<count { push(value >> UInt32(bit) & 1) }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        for bit in stride(from: length - 1, through: 0, by: -1) { push(code >> UInt32(bit) & 1) }
    }

    private mutating func push(_ bit: UInt32) {
        current |= bit << UInt32(used)
        used += 1
        if used == 8 {
            bytes.append(UInt8(current))
            current = 0
            used = 0
        }
    }

    var finished: [UInt8] { used == 0 ? bytes : bytes + [UInt8(current)] }
}
