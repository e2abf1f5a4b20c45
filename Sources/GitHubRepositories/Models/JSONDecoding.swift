package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes a body GitHub (or a fixture) sent, checked by ``JSONPreflight``; every failure becomes
/// ``FetcherError/decodingFailed(source:reason:)`` naming `source` (a URL or a file path).
///
/// A small body is checked whole before it is decoded. For a large one (a page of 100 repositories
/// is about half a megabyte) the check's pass runs on a second thread while this one decodes, so it
/// costs no time when a core is free; its verdict still comes first. Foundation's parser stops at
/// 512 levels of nesting, which the main thread and Swift's cooperative threads have stack for.
package func decodeGitHubJSON<Value: Decodable>(
    _ type: Value.Type, from data: Data, source: String, shape: JSONPreflight.Shape, elementKeys: [String]
) throws(FetcherError) -> Value {
    let body: Data
    do {
        body = try JSONPreflight.checkShape(data, expecting: shape)
    } catch {
        throw .decodingFailed(source: source, reason: error.reason)
    }
    let check = { () throws(JSONPreflight.Failure) in
        try JSONPreflight.checkContents(body, expecting: shape, elementKeys: elementKeys)
    }
    let decoded: Result<Value, any Error>
    if body.count >= concurrentCheckThreshold, let checking = BackgroundCheck(check) {
        decoded = Result { try JSONDecoder().decode(Value.self, from: body) }
        // NB: joined before anything is returned or thrown, so the thread never outlives this call.
        if let failure = checking.wait() { throw .decodingFailed(source: source, reason: failure.reason) }
    } else {
        do {
            try check()
        } catch {
            throw .decodingFailed(source: source, reason: error.reason)
        }
        decoded = Result { try JSONDecoder().decode(Value.self, from: body) }
    }
    switch decoded {
    case .success(let value):
        return value
    case .failure(let error as DecodingError):
        throw .decodingFailed(source: source, reason: JSONPreflight.explain(body) ?? error.readableReason)
    case .failure(let error):
        throw .decodingFailed(source: source, reason: JSONPreflight.explain(body) ?? String(describing: error))
    }
}

/// From this size on, the check runs beside the decoder: starting a thread costs tens of
/// microseconds, checking 256 KB about 150.
let concurrentCheckThreshold = 256 << 10

/// ``JSONPreflight``'s contents check on a thread of its own, joined with ``wait()``.
private final class BackgroundCheck {
    /// What the thread runs and where it leaves the verdict; read only after `pthread_join`.
    private final class Job {
        let check: () throws(JSONPreflight.Failure) -> Void
        var failure: JSONPreflight.Failure?

        init(_ check: @escaping () throws(JSONPreflight.Failure) -> Void) {
            self.check = check
        }

        func run() {
            do {
                try check()
            } catch {
                failure = error
            }
        }
    }

    private let job: Job
    private let thread: pthread_t

    /// Starts `check`; `nil` if no thread could be started (the caller then checks first itself).
    init?(_ check: @escaping () throws(JSONPreflight.Failure) -> Void) {
        let job = Job(check)
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        self.job = job
        self.thread = thread
    }

    /// Waits for the check; its failure, if any.
    func wait() -> JSONPreflight.Failure? {
        pthread_join(thread, nil)
        return job.failure
    }
}
