internal import ViewModelKitRedaction
internal import Foundation

/// Takes secrets out of whatever a recording writes: every run of a known secret (a token the front
/// end was given), and anything shaped like a GitHub token or an `Authorization` value.
struct SecretScrubber: Sendable {
    /// What a secret is replaced with.
    static let replacement = "[token]"

    private let redactors: [SecretRedactor]

    /// GitHub's token formats (`ghp_…`, `gho_…`, `ghu_…`, `ghs_…`, `ghr_…`, `github_pat_…`), and the
    /// value after `Bearer` or `token` in a header.
    private static let shapes: [NSRegularExpression] = [
        #"gh[pousr]_[A-Za-z0-9]{16,}"#,
        #"github_pat_[A-Za-z0-9_]{16,}"#,
        #"(?i)(?<=bearer |token )[A-Za-z0-9_\-\.=]{16,}"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }

    /// A scrubber for `secrets` (empty ones are ignored).
    init(secrets: [String]) {
        redactors = secrets.filter { !$0.isEmpty }.map { SecretRedactor(secret: $0, replacement: Self.replacement) }
    }

    /// `text` without any secret.
    func scrub(_ text: String) -> String {
        var result = text
        for redactor in redactors { result = redactor.redact(result) }
        for shape in Self.shapes {
            let range = NSRange(result.startIndex..., in: result)
            result = shape.stringByReplacingMatches(in: result, range: range, withTemplate: Self.replacement)
        }
        return result
    }
}
