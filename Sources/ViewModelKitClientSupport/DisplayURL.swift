package import Foundation

extension URL {
    /// The URL as it may be shown to a person: scheme, host, port, path and query, without a user
    /// name or password (`https://user:secret@host/` shows as `https://host/`).
    package var displayString: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
              components.user != nil || components.password != nil
        else { return absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? absoluteString
    }
}
