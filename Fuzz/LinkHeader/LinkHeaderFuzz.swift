// libFuzzer target: `LinkHeader` parsing and page-URL derivation.
// Invariants: every URL it returns was written between `<` and `>` in the input; page URLs derived
// from `last` stay on its host and never exceed `LinkHeader.maximumPageCount`.
import Foundation
import ViewModelKitExampleGitHub

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let value = text(start, count)
    let links = LinkHeader(value)
    for (relation, url) in links.relations {
        invariant(!relation.isEmpty, "an empty relation name")
        invariant(value.contains("<\(url.absoluteString)>"), "\(relation) URL \(url.absoluteString.debugDescription) is not in the input")
    }
    if let last = links.last {
        let pages = LinkHeader.pageURLs(from: 2, toLast: last)
        invariant(pages.count <= LinkHeader.maximumPageCount, "\(pages.count) page URLs")
        for page in pages {
            invariant(page.host == last.host && page.scheme == last.scheme, "\(page) left \(last)'s host")
        }
        if let lastPage = LinkHeader.pageNumber(of: last), !pages.isEmpty {
            invariant(pages.count == lastPage - 1, "\(pages.count) pages up to page \(lastPage)")
        }
    }
    return 0
}
