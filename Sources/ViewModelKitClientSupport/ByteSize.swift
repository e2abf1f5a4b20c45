/// Sizes of responses, and how they are written in messages.
package enum ByteSize {
    /// The largest body read from one response unless a client says otherwise: 64 MB, far above any
    /// page GitHub sends, and the same as the largest fixture file read.
    package static let defaultResponseLimit = 64 << 20

    /// `bytes` for a message: whole megabytes or kilobytes when it is a multiple of one
    /// (`64 MB`, `16 KB`), else bytes.
    package static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
