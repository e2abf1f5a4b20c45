#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket-level failure (socket, bind, listen, ...) while starting a ``LoopbackHTTPServer``.
public struct LoopbackHTTPServerError: Error, CustomStringConvertible {
    /// The operation that failed, e.g. `"bind"`.
    public let operation: String
    /// The `errno` value at the time of failure (0 if not an OS error).
    public let code: Int32
    /// The `strerror` text for `code`.
    public let message: String

    init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
        self.message = code == 0 ? "unexpected failure" : String(cString: strerror(code))
    }

    /// A readable description such as `"LoopbackHTTPServer: bind failed: Address already in use (errno 98)"`.
    public var description: String {
        "LoopbackHTTPServer: \(operation) failed: \(message) (errno \(code))"
    }
}
