public import Foundation

/// GitHub's rate-limit quota as of the last response (`X-RateLimit-*` headers).
///
/// ```swift
/// if let quota = client.rateLimit, quota.remaining < 10 { print("slow down until \(quota.resetAt)") }
/// ```
public struct RateLimit: Equatable, Sendable {
    /// Requests allowed per window (60 without a token, 5,000 with one).
    public var limit: Int
    /// Requests left in this window.
    public var remaining: Int
    /// When the window resets.
    public var resetAt: Date
    /// Which quota (`core`, `search`, …), when GitHub says.
    public var resource: String?

    /// Creates a quota value.
    public init(limit: Int, remaining: Int, resetAt: Date, resource: String? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
        self.resource = resource
    }

    /// Reads the quota from response headers, if they are all there.
    init?(header: (String) -> String?) {
        guard let limit = header("X-RateLimit-Limit").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              let remaining = header("X-RateLimit-Remaining").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              let reset = header("X-RateLimit-Reset").flatMap({ TimeInterval($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        self.init(
            limit: limit, remaining: remaining, resetAt: Date(timeIntervalSince1970: reset),
            resource: header("X-RateLimit-Resource")
        )
    }
}
