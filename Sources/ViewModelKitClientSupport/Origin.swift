package import Foundation

/// Where a request goes, as far as credentials are concerned: scheme, host and port.
///
/// Two URLs have the same origin when their schemes and hosts match (ignoring case) and their ports
/// match, an absent port counting as the scheme's default (80 for `http`, 443 for `https`).
///
/// ```swift
/// Origin(URL(string: "https://api.github.com/users")!) == Origin(URL(string: "https://API.github.com:443/")!)  // true
/// ```
package struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, lowercased.
    package var scheme: String
    /// The host, lowercased.
    package var host: String
    /// The port, the scheme's default when the URL names none (`nil` for a scheme without one).
    package var port: Int?

    /// The origin of `url`, or `nil` if it has no scheme or no host.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? Self.defaultPort(scheme)
    }

    /// `scheme://host:port`, never a user name or password.
    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        guard let port else { return "\(scheme)://\(shownHost)" }
        return "\(scheme)://\(shownHost):\(port)"
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
