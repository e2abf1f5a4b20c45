/// Why a request could not be read from a connection.
enum ReadError: Error {
    /// The peer closed the connection, the socket failed, or the server stopped.
    case closed
    /// The request is not valid HTTP/1.x.
    case malformed
    /// The head or body exceeds a limit; answer with `status`.
    case tooLarge(status: Int)
}
