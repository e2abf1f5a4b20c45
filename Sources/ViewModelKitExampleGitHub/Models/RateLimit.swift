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
              let resetAt = Self.resetDate(header("X-RateLimit-Reset"))
        else { return nil }
        self.init(limit: limit, remaining: remaining, resetAt: resetAt, resource: header("X-RateLimit-Resource"))
    }

    /// An `X-RateLimit-Reset` value (whole seconds since 1970) as a date, if it is one GitHub could
    /// mean: digits only (no `nan`, `inf`, hex or fraction), from 2000 up to 2100.
    static func resetDate(_ text: String?) -> Date? {
        guard let seconds = wholeNumber(text), (946_684_800...4_102_444_800).contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// A `Retry-After` value in seconds, if it is digits only and at most a day.
    static func retryAfterSeconds(_ text: String?) -> TimeInterval? {
        guard let seconds = wholeNumber(text), seconds <= 86_400 else { return nil }
        return TimeInterval(seconds)
    }

    private static func wholeNumber(_ text: String?) -> Int? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty, trimmed.count <= 12,
              trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(trimmed)
    }
}
