#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered reads from a connection, giving up when the server stops.
struct ConnectionReader {
    let fd: Int32
    let wakeFD: Int32
    private var buffer: [UInt8] = []
    /// Index of the first unconsumed byte in `buffer`.
    private var position = 0

    init(fd: Int32, wakeFD: Int32) {
        self.fd = fd
        self.wakeFD = wakeFD
    }

    /// Appends at least one byte from the socket to `buffer`.
    private mutating func fill() throws {
        if position > 1 << 20 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            switch Socket.waitReadable(fd, wakeFD: wakeFD, timeoutMilliseconds: -1) {
            case .stopped: throw ReadError.closed
            case .timedOut: continue
            case .readable: break
            }
            let count = Socket.receive(fd, into: &chunk)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0 {
                let error = errno
                if error == EINTR || error == EAGAIN { continue }
            }
            throw ReadError.closed
        }
    }

    /// Reads up to and including the empty line that ends the request head.
    mutating func readHead(limit: Int) throws -> [UInt8] {
        var scanned = position
        while true {
            var index = scanned
            while index < buffer.count {
                if buffer[index] == UInt8(ascii: "\n") {
                    // "\n\n" or "\n\r\n" right before this LF ends the head.
                    let previous = index - 1
                    let endsHead =
                        (previous >= position && buffer[previous] == UInt8(ascii: "\n"))
                        || (previous - 1 >= position && buffer[previous] == UInt8(ascii: "\r")
                            && buffer[previous - 1] == UInt8(ascii: "\n"))
                    if endsHead {
                        let head = Array(buffer[position...index])
                        position = index + 1
                        return head
                    }
                }
                index += 1
            }
            scanned = index
            guard buffer.count - position <= limit else { throw ReadError.tooLarge(status: 431) }
            try fill()
        }
    }

    /// Reads one line (without its CRLF/LF).
    mutating func readLine(limit: Int) throws -> [UInt8] {
        var scanned = position
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > position, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[position..<end])
                position = newline + 1
                return line
            }
            scanned = buffer.count
            guard buffer.count - position <= limit else { throw ReadError.malformed }
            try fill()
        }
    }

    /// Reads exactly `count` bytes.
    mutating func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count - position < count {
            try fill()
        }
        let bytes = Array(buffer[position..<(position + count)])
        position += count
        return bytes
    }

    /// Reads and decodes a `Transfer-Encoding: chunked` body (trailers are discarded).
    mutating func readChunkedBody(limit: Int) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = String(decoding: try readLine(limit: 1024), as: UTF8.self)
            let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw ReadError.malformed
            }
            if size == 0 {
                while !(try readLine(limit: 64 * 1024)).isEmpty {}  // trailer fields
                return body
            }
            guard body.count + size <= limit else { throw ReadError.tooLarge(status: 413) }
            body += try readExactly(size)
            guard try readLine(limit: 2).isEmpty else { throw ReadError.malformed }
        }
    }
}
