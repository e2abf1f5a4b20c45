#if canImport(FoundationNetworking) && os(Linux)
import Foundation
import FoundationNetworking
internal import Synchronization

/// Stops a FoundationNetworking transfer whose body URLSession keeps to itself: the body of a 301,
/// 302, 303, 305, 307 or 308, which it buffers whole (copying it on every piece) and hands to no
/// delegate until it ends, so that neither the response limit nor ``ReceivePause`` sees it.
///
/// While such a body arrives faster than it is copied, libcurl never returns to FoundationNetworking's
/// work queue, which every URLSession of the process shares: no `cancel()` goes through, and every
/// other transfer of the process waits. Nothing that runs on that queue can stop it then, so the
/// watch acts from outside, through the kernel. Every 5 ms, while the transfer's response has not
/// been handed over, it reads how many bytes the transfer's connection has received (TCP_INFO, see
/// ``ProcessSockets``), and shuts the connection down when
/// - it received more than the limit (plus room for a head) since the transfer started; the
///   transfer fails with ``TransferError/tooLarge(url:limit:)``;
/// - or its caller gave up on the transfer and URLSession's work queue has run nothing for
///   ``stuckAfter``: the cancellation cannot get through;
/// - or the work queue has run nothing for ``givenUpAfter`` while the connection had received its
///   answer: a body nobody sees keeps libcurl busy, such as a gzip-encoded one whose few bytes inflate
///   far past the limit (its copies, not its bytes, take the time); the transfer fails with
///   ``TransferError/undeliveredBody(url:)``.
///
/// libcurl then reads the end of the stream, the transfer fails, the work queue is free again, and
/// the buffered body is released with the transfer; the server gets a reset.
///
/// The connection is the one libcurl names for the transfer (`CURLINFO_LASTSOCKET`), asked on the
/// work queue itself between two of libcurl's turns, where asking is safe: a probe sent there at
/// every look also tells whether the queue is stuck. Before that answer comes (a server that answers
/// at once on loopback can stick the queue before the probe runs), it is any connection of the
/// process to the request's host and port that received as much; another transfer of the process
/// there would be shut down too, and it is waiting behind the same queue. Through an HTTP proxy the
/// connection leads to the proxy and is not found that way; the transfer then ends at its caller's
/// deadline, as before.
package final class UndeliveredBodyWatch: Sendable {
    /// Where the watched transfer stands, as its delegate knows it.
    enum Status {
        /// The transfer ended, or its response was handed over (the delegate's limit applies).
        case done
        /// No response was handed over yet; `stopRequested` when the caller gave up on it.
        case waiting(stopRequested: Bool)
    }

    /// How long URLSession's work queue may run nothing before a transfer its caller gave up on is
    /// stopped from outside.
    static let stuckAfter: Duration = .milliseconds(250)
    /// How long URLSession's work queue may run nothing while the transfer's answer, not handed over,
    /// is being read.
    static let givenUpAfter: Duration = .seconds(1)
    /// What a response's head may take beyond the body's limit.
    static let headAllowance = 64 << 10
    /// The time between two looks.
    private static let interval: DispatchTimeInterval = .milliseconds(5)

    private struct State {
        var endpoint: ProcessSockets.Endpoint?
        /// Bytes received on each connection to the endpoint when the transfer started; a connection
        /// opened since started at 0.
        var startBytes: [ProcessSockets.Connection: UInt64] = [:]
        /// Bytes received on each connection at the last look.
        var lastBytes: [ProcessSockets.Connection: UInt64] = [:]
        /// The probe on its way to URLSession's work queue, with when it was sent.
        var probe: (probe: Probe, sent: ContinuousClock.Instant)?
        /// The transfer's own connection, once a probe learned it.
        var own: ProcessSockets.Connection?
        var finished = false
    }

    /// A block sent to URLSession's work queue: it records that it ran and the transfer's connection.
    private final class Probe: Sendable {
        private let outcome = Mutex<(ran: Bool, connection: ProcessSockets.Connection?)>((false, nil))
        var result: (ran: Bool, connection: ProcessSockets.Connection?) { outcome.withLock { $0 } }
        func record(_ connection: ProcessSockets.Connection?) { outcome.withLock { $0 = (true, connection) } }
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "UndeliveredBodyWatch", qos: .userInitiated)
    private let workQueue: DispatchQueue?
    private let task: URLSessionTask
    private let limit: Int
    private let url: String
    private let status: @Sendable () -> Status
    private let stop: @Sendable (TransferError?) -> Void

    /// Starts watching `task`, a transfer of `url` in `session`, before it is resumed. `status` tells
    /// where it stands; `stop` is called once, just before its connection is shut down, with the
    /// failure to report (`nil` when the caller gave up on it).
    init(
        task: URLSessionTask, session: URLSession, url: URL, limit: Int, label: String,
        status: @escaping @Sendable () -> Status, stop: @escaping @Sendable (TransferError?) -> Void
    ) {
        self.task = task
        self.limit = limit
        self.url = label
        self.status = status
        self.stop = stop
        self.workQueue = CorelibsReflection.storedValue(named: "workQueue", in: session) as? DispatchQueue
        let host = (url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        // NB: a name is resolved on the watch's own queue, never on the caller's.
        queue.async { [weak self] in self?.start(host: host, port: port) }
    }

    /// Looks FoundationNetworking's functions up now, on the calling thread, so that the first probe
    /// does not run `dlopen` on URLSession's work queue (see ``ReceivePause/prepare()``).
    static func prepare() {
        CurlSocket.prepare()
    }

    /// Stops watching.
    func cancel() {
        state.withLock { $0.finished = true }
    }

    private func start(host: String, port: Int) {
        let endpoint = ProcessSockets.endpoint(host: host, port: port)
        let known = endpoint.map(ProcessSockets.connections(to:)) ?? []
        let bytes = Dictionary(known.compactMap { connection in ProcessSockets.bytesReceived(on: connection).map { (connection, $0) } }) { first, _ in first }
        let finished = state.withLock { state in
            state.endpoint = endpoint
            state.startBytes = bytes
            state.lastBytes = bytes
            return state.finished
        }
        guard endpoint != nil, !finished else { return }
        lookLater()
    }

    /// Looks again after ``interval``, unless the watch was stopped by then.
    private func lookLater() {
        queue.asyncAfter(deadline: .now() + Self.interval) { [weak self] in
            guard let self, !self.state.withLock({ $0.finished }) else { return }
            self.look()
            self.lookLater()
        }
    }

    /// One look at the transfer and its connection.
    private func look() {
        guard case .waiting(let stopRequested) = status() else { return cancel() }
        let now = ContinuousClock.now
        let stuckFor = probeWorkQueue(at: now)
        let (endpoint, own) = state.withLock { ($0.endpoint, $0.own) }
        let candidates = own.map { [$0] } ?? endpoint.map(ProcessSockets.connections(to:)) ?? []
        let current = candidates.compactMap { connection in ProcessSockets.bytesReceived(on: connection).map { (connection, $0) } }
        let (overLimit, receiving, started) = state.withLock { state in
            var overLimit: [ProcessSockets.Connection] = []
            var receiving: [ProcessSockets.Connection] = []
            var started: [ProcessSockets.Connection] = []
            for (connection, bytes) in current {
                if state.startBytes[connection] == nil { state.startBytes[connection] = 0 }
                let received = bytes - min(bytes, state.startBytes[connection] ?? 0)
                if bytes > state.lastBytes[connection] ?? 0 { receiving.append(connection) }
                if received > 0 { started.append(connection) }
                if received > UInt64(limit + Self.headAllowance) { overLimit.append(connection) }
                state.lastBytes[connection] = bytes
            }
            return (overLimit, receiving, started)
        }
        if !overLimit.isEmpty {
            shutDown(overLimit, reporting: stopRequested ? nil : .tooLarge(url: url, limit: limit))
        } else if stopRequested, let stuckFor, stuckFor >= Self.stuckAfter, !receiving.isEmpty {
            shutDown(receiving, reporting: nil)
        } else if let stuckFor, stuckFor >= Self.givenUpAfter, !started.isEmpty {
            shutDown(started, reporting: stopRequested ? nil : .undeliveredBody(url: url))
        }
    }

    /// Sends a probe to URLSession's work queue unless one is on its way, and takes what the last one
    /// learned; returns how long the one on its way has waited, or `nil` when none is waiting (or
    /// the queue is not known).
    private func probeWorkQueue(at now: ContinuousClock.Instant) -> Duration? {
        guard let workQueue else { return nil }
        let (waited, send): (Duration?, Probe?) = state.withLock { state in
            if let (probe, sent) = state.probe {
                let result = probe.result
                guard result.ran else { return (now - sent, nil) }
                if state.own == nil, let connection = result.connection { state.own = connection }
            }
            let probe = Probe()
            state.probe = (probe, now)
            return (nil, probe)
        }
        if let send {
            let task = self.task
            workQueue.async {
                send.record(CurlSocket.connection(of: task, on: workQueue))
            }
        }
        return waited
    }

    private func shutDown(_ connections: [ProcessSockets.Connection], reporting failure: TransferError?) {
        cancel()
        // NB: the failure is recorded before the connection goes: libcurl then ends the transfer with
        // an error of its own, which must not be what the caller sees.
        stop(failure)
        for connection in connections { ProcessSockets.shutDown(connection) }
    }
}

/// The connection libcurl uses for a FoundationNetworking task, asked through FoundationNetworking's
/// own `CFURLSession_easy_getinfo_long` (a C function with fixed arguments, unlike libcurl's
/// `curl_easy_getinfo`).
private enum CurlSocket {
    /// `CFURLSessionEasyCode CFURLSession_easy_getinfo_long(CFURLSessionEasyHandle, CFURLSessionInfo,
    /// long *)`: both structures hold one `int`, passed and returned as one.
    private typealias GetInfoLong = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<Int>) -> Int32

    private static let getInfoLong: GetInfoLong? = CorelibsReflection.foundationNetworkingSymbol("CFURLSession_easy_getinfo_long").map {
        unsafeBitCast($0, to: GetInfoLong.self)
    }

    /// `CFURLSessionInfoLASTSOCKET`, FoundationNetworking's constant for `CURLINFO_LASTSOCKET`.
    private static let lastSocket: Int32? = CorelibsReflection.foundationNetworkingSymbol("CFURLSessionInfoLASTSOCKET").map {
        $0.load(as: Int32.self)
    }

    /// Looks the function and the constant up.
    static func prepare() {
        _ = getInfoLong
        _ = lastSocket
    }

    /// `task`'s connection, while libcurl has one for it.
    ///
    /// Invariant: runs on `workQueue`, the session's work queue, between libcurl's turns: every
    /// libcurl call for the session's handles is made there, one at a time (a handle must be used by
    /// one thread at a time). Checked in debug builds.
    static func connection(of task: URLSessionTask, on workQueue: DispatchQueue) -> ProcessSockets.Connection? {
        #if DEBUG
        dispatchPrecondition(condition: .onQueue(workQueue))
        #endif
        guard let getInfoLong, let lastSocket, let handle = CorelibsReflection.curlHandle(of: task) else { return nil }
        var descriptor = -1
        guard getInfoLong(handle, lastSocket, &descriptor) == 0, descriptor >= 0, descriptor <= Int(Int32.max) else { return nil }
        return ProcessSockets.connection(descriptor: Int32(descriptor))
    }
}
#endif
