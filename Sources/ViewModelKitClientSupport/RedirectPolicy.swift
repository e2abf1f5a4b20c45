package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// Which redirects a client follows, so that credentials never leave the origin they were meant for.
///
/// A redirect is followed only within the origin of the request that was sent (same scheme, host and
/// port): the redirected request is the original one, headers and all, at the new URL. Every other
/// redirect is refused with a ``RedirectRefusal`` naming where it led, rather than followed without
/// the `Authorization` header, so that another server's answer is never shown as if the API had sent it.
///
/// ```swift
/// RedirectPolicy.decide(from: URL(string: "https://api.github.com/a")!, to: URL(string: "https://evil.example/a")!)
/// // .refuse(RedirectRefusal(...)): "refused a redirect from https://api.github.com:443 to https://evil.example:443 …"
/// ```
package enum RedirectPolicy {
    /// What to do with one redirect.
    package enum Decision: Equatable, Sendable {
        /// Follow it: same origin.
        case follow
        /// Do not follow it, for this reason.
        case refuse(RedirectRefusal)
    }

    /// Decides whether a redirect from `source` (the URL whose answer was a redirect) to `target` is followed.
    package static func decide(from source: URL, to target: URL) -> Decision {
        let shownSource = Origin(source)?.description ?? source.displayString
        guard let targetScheme = target.scheme?.lowercased(), targetScheme == "http" || targetScheme == "https" else {
            let scheme = target.scheme.map { "a \($0.lowercased()): URL" } ?? "a URL without a scheme"
            return .refuse(RedirectRefusal(reason: "\(shownSource) redirected to \(scheme); only http(s) redirects within \(shownSource) are followed"))
        }
        guard let from = Origin(source), let to = Origin(target) else {
            return .refuse(RedirectRefusal(reason: "\(shownSource) redirected to a URL without a host"))
        }
        if from.scheme == "https", to.scheme == "http" {
            return .refuse(RedirectRefusal(reason: "\(from) redirected to \(to), from https to plain http; such redirects are never followed"))
        }
        guard from == to else {
            return .refuse(RedirectRefusal(reason: "\(from) redirected to another origin, \(to); credentials stay with \(from), so only redirects within it are followed"))
        }
        return .follow
    }

    /// The request to send for a followed redirect: `original` with its method and headers, at `target`.
    package static func redirected(_ original: URLRequest, to target: URL) -> URLRequest {
        var request = original
        request.url = target
        return request
    }
}

/// A redirect that was not followed; ``reason`` names where it led (origin only, never a user name,
/// password or path).
package struct RedirectRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why it was refused, e.g. `http://127.0.0.1:8080 redirected to another origin, http://127.0.0.1:9090; …`.
    package var reason: String

    /// The same as ``reason``.
    package var description: String { reason }
}
