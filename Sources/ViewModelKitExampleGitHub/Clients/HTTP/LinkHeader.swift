public import Foundation

/// GitHub's `Link` response header: the URLs of the other pages of a list, by relation.
///
/// ```swift
/// let links = LinkHeader(#"<https://api.github.com/user/50003/repos?per_page=100&page=2>; rel="next", "#
///     + #"<https://api.github.com/user/50003/repos?per_page=100&page=9>; rel="last""#)
/// links.next   // …page=2
/// links.last   // …page=9
/// ```
///
/// URLs are kept exactly as GitHub gives them (it rewrites `/users/{name}` to `/user/{id}`).
public struct LinkHeader: Equatable, Sendable {
    /// Every link, by its `rel` value.
    public let relations: [String: URL]

    /// Parses a `Link` header value; malformed parts are skipped.
    public init(_ value: String) {
        var relations: [String: URL] = [:]
        for part in Self.splitLinks(value) {
            guard let open = part.firstIndex(of: "<"), let close = part[open...].firstIndex(of: ">") else { continue }
            let text = String(part[part.index(after: open)..<close])
            // NB: Foundation "repairs" a malformed URL (a space, a NUL, a control character) by
            // percent-encoding it; a link that is not a valid URL as written is skipped instead, so
            // that only URLs the header really holds are followed.
            guard let url = URL(string: text), url.absoluteString.utf8.elementsEqual(text.utf8) else { continue }
            for parameter in part[part.index(after: close)...].split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let names = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for name in names.split(separator: " ") where relations[String(name)] == nil {
                    relations[String(name)] = url
                }
            }
        }
        self.relations = relations
    }

    /// The next page, if there is one.
    public var next: URL? { relations["next"] }
    /// The last page, if GitHub says which it is.
    public var last: URL? { relations["last"] }

    /// The page number in a page URL's `page` query item.
    public static func pageNumber(of url: URL) -> Int? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .last { $0.name == "page" }?.value.flatMap { Int($0) }
    }

    /// The most pages a list is fetched in (100,000 repositories at 100 a page). A `Link` header that
    /// announces more is refused rather than followed into an endless or memory-exhausting walk.
    public static let maximumPageCount = 1000

    /// The URLs of pages `first...` up to the `last` URL's page, made by changing only its `page`
    /// query item: GitHub's own page URLs, in order. Empty if `last` has no page number, if the range
    /// holds more than ``maximumPageCount`` pages, or if rebuilding a URL would change anything but its
    /// page (its scheme, host or port: an odd URL can parse differently once rebuilt).
    public static func pageURLs(from first: Int, toLast last: URL) -> [URL] {
        guard let lastPage = pageNumber(of: last), lastPage >= first,
              lastPage - first < maximumPageCount,
              let components = URLComponents(url: last, resolvingAgainstBaseURL: false)
        else { return [] }
        var urls: [URL] = []
        for page in first...lastPage {
            var copy = components
            copy.queryItems = (components.queryItems ?? []).map {
                $0.name == "page" ? URLQueryItem(name: "page", value: String(page)) : $0
            }
            guard let url = copy.url, url.scheme == last.scheme, url.host == last.host, url.port == last.port,
                  pageNumber(of: url) == page
            else { return [] }
            urls.append(url)
        }
        return urls
    }

    /// Splits at commas that are outside `<…>` (a URL may contain commas).
    private static func splitLinks(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var inURL = false
        for index in value.indices {
            switch value[index] {
            case "<": inURL = true
            case ">": inURL = false
            case "," where !inURL:
                parts.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
        }
        parts.append(value[start...])
        return parts
    }
}
