package import Foundation

/// Decodes a body GitHub (or a fixture) sent, checked by ``JSONPreflight``; every failure becomes
/// ``FetcherError/decodingFailed(source:reason:)`` naming `source` (a URL or a file path).
///
/// The whole body is checked before `JSONDecoder` sees it, so this is safe on any thread, whatever its
/// stack: Foundation's parser recurses up to 512 levels before it gives up, which overflows a small
/// thread stack, and the check refuses deep nesting first without recursing. The clients call
/// ``decodeGitHubJSONConcurrently(_:from:source:shape:elementKeys:)`` instead, which overlaps the
/// check with the decode.
package func decodeGitHubJSON<Value: Decodable>(
    _ type: Value.Type, from data: Data, source: String, shape: JSONPreflight.Shape, elementKeys: [String]
) throws(FetcherError) -> Value {
    let body: Data
    do {
        body = try JSONPreflight.check(data, expecting: shape, elementKeys: elementKeys)
    } catch {
        throw .decodingFailed(source: source, reason: error.reason)
    }
    return try finish(Result { try JSONDecoder().decode(Value.self, from: body) }, body: body, source: source)
}

/// ``decodeGitHubJSON(_:from:source:shape:elementKeys:)`` for the clients: the same checks and
/// errors, but for a large body (a full page of repositories) the check's pass over the body runs in
/// a child task while this task decodes, so it costs no time when a core is free. Its verdict still
/// comes first: a body the check refuses is refused even if the decoder accepted it.
///
/// NB: `@concurrent`, so the decode always runs on one of Swift's cooperative threads, whatever the
/// caller's executor: they have stack for the parser's 512 levels, which a deeply nested body reaches
/// before the check's verdict arrives. A small body is checked first, as the synchronous one does.
@concurrent
package func decodeGitHubJSONConcurrently<Value: Decodable>(
    _ type: Value.Type, from data: Data, source: String, shape: JSONPreflight.Shape, elementKeys: [String]
) async throws(FetcherError) -> Value {
    guard data.count >= concurrentCheckThreshold else {
        return try decodeGitHubJSON(type, from: data, source: source, shape: shape, elementKeys: elementKeys)
    }
    let body: Data
    do {
        body = try JSONPreflight.checkShape(data, expecting: shape)
    } catch {
        throw .decodingFailed(source: source, reason: error.reason)
    }
    async let verdict = JSONPreflight.contentsFailure(body, expecting: shape, elementKeys: elementKeys)
    let decoded = Result { try JSONDecoder().decode(Value.self, from: body) }
    if let failure = await verdict { throw .decodingFailed(source: source, reason: failure.reason) }
    return try finish(decoded, body: body, source: source)
}

/// From this size on, ``decodeGitHubJSONConcurrently(_:from:source:shape:elementKeys:)`` checks beside
/// the decoder; below it, starting a child task costs more than it saves.
let concurrentCheckThreshold = 256 << 10

/// The decoded value, or the decoder's failure explained as well as ``JSONPreflight/explain(_:)`` can.
private func finish<Value>(_ decoded: Result<Value, any Error>, body: Data, source: String) throws(FetcherError) -> Value {
    switch decoded {
    case .success(let value):
        return value
    case .failure(let error as DecodingError):
        throw .decodingFailed(source: source, reason: JSONPreflight.explain(body) ?? error.readableReason)
    case .failure(let error):
        throw .decodingFailed(source: source, reason: JSONPreflight.explain(body) ?? String(describing: error))
    }
}

extension JSONPreflight {
    /// ``checkContents(_:expecting:elementKeys:)``'s failure, or `nil` if the body passed.
    static func contentsFailure(_ body: Data, expecting shape: Shape, elementKeys: [String]) -> Failure? {
        do {
            try checkContents(body, expecting: shape, elementKeys: elementKeys)
            return nil
        } catch {
            return error
        }
    }
}
