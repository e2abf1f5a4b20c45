/// Why a number fact could not be fetched. Each case has a ``description`` a person can act on.
public enum NumberFactError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request URL could not be built (a malformed base URL).
    case badURL
    /// The server answered with an unexpected HTTP status.
    case badCode(Int)
    /// The body is not text (another content type, invalid UTF-8, or empty).
    case notText(contentType: String?)
    /// There is no fact for the number (no fixture file for it).
    case noFact(Int)
    /// The request did not reach the server or its answer did not arrive.
    case network(String)
    /// A fixture path would leave the fixture directory (a symlink pointing outside); nothing was read.
    case unsafeFixturePath(String)

    /// A person-readable explanation.
    public var description: String {
        switch self {
        case .badURL:
            return "could not build the request URL; check the Numbers API base URL"
        case .badCode(let status):
            return "the Numbers API answered HTTP \(status)"
        case .notText(let contentType?):
            return "the Numbers API answered with \(contentType), not text"
        case .notText(nil):
            return "the Numbers API answered with something that is not text"
        case .noFact(let number):
            return "no fact about \(number) is known"
        case .network(let message):
            return "network error: \(message)"
        case .unsafeFixturePath(let message):
            return "refused: \(message)"
        }
    }
}
