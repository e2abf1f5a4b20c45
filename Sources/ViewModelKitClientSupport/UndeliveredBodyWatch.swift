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
/// - it received more than the limit (plus room for a head) since the transfer's request was sent on
///   it; the transfer fails with ``TransferError/tooLarge(url:limit:)``;
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
/// The watch acts on one connection only: the one libcurl itself names for this transfer, and no
/// other connection of the process, whatever it leads to. libcurl names it to a callback of the
/// transfer's own handle (`CURLOPT_PREREQFUNCTION`, libcurl 7.80 and later), which it calls on the
/// work queue for each request it is about to send, once the connection is open or taken from its
/// pool, before a byte of the answer is read: so the name comes even when the queue then sticks in
/// the very turn that opened the connection. The callback gets the connection's two addresses and
/// ports; the socket is the process's TCP socket whose own ends are those, found then and there
/// (while libcurl holds the connection open, no other open TCP connection has both its ends), and
/// known by its inode from then on, so that a descriptor closed and reused is never acted on. The
/// callback is set on the handle before its first transfer, on the work queue, from
/// ``TransferStartCache``, which FoundationNetworking asks about each task just after it made the
/// task's handle. Each hop of a redirect chain names its own connection, which replaces the last
/// one; so does a request sent on a connection libcurl kept open.
///
/// Over HTTP/1.1 a connection serves one transfer at a time; over HTTP/2 libcurl may carry other
/// transfers of the same session on it at once, and they end with it (they wait behind the same
/// stuck queue). Through an HTTP proxy the connection is the one to the proxy. Where libcurl is older
/// than 7.80, the connection is the one libcurl reports for the handle when asked on the work queue
/// between its turns (`CURLINFO_LASTSOCKET`), so a queue that sticks before it is asked is not
/// stopped from outside; nor is a transfer whose handle or connection is not found (another corelibs
/// layout). Such a transfer ends for its caller at the caller's deadline, and goes on in the
/// background until the server stops.
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
        /// The transfer's connection, with the bytes it had received when the transfer's request
        /// was about to be sent on it.
        var own: (connection: ProcessSockets.Connection, start: UInt64)?
        /// Bytes received on `own` at the last look.
        var lastBytes: UInt64 = 0
        /// Whether libcurl names the transfer's connections to ``connectionNamed(remote:local:)``.
        var named = false
        /// The probe on its way to URLSession's work queue, with when it was sent.
        var probe: (probe: Probe, sent: ContinuousClock.Instant)?
        var finished = false
    }

    /// A block sent to URLSession's work queue: it records that it ran, and the connection libcurl
    /// reports for the transfer when the watch asked for it.
    private final class Probe: Sendable {
        private let outcome = Mutex<(ran: Bool, connection: ProcessSockets.Connection?)>((false, nil))
        var result: (ran: Bool, connection: ProcessSockets.Connection?) { outcome.withLock { $0 } }
        func record(_ connection: ProcessSockets.Connection?) { outcome.withLock { $0 = (true, connection) } }
    }

    /// The watches not yet finished, by the key their transfer's handle passes to
    /// ``connectionNamed(key:remote:local:)``: the key, not the watch's address, so that a call that
    /// comes after the watch is gone finds nothing (libcurl keeps the callback as long as the
    /// handle).
    private static let registry = Mutex<(next: UInt, watches: [UInt: WeakWatch])>((1, [:]))
    private struct WeakWatch { weak var watch: UndeliveredBodyWatch? }

    private let state = Mutex(State())
    private let key: UInt
    private let queue = DispatchQueue(label: "UndeliveredBodyWatch", qos: .userInitiated)
    private let workQueue: DispatchQueue?
    private let task: URLSessionTask
    private let limit: Int
    private let url: String
    private let status: @Sendable () -> Status
    private let stop: @Sendable (TransferError?) -> Void

    /// Starts watching `task`, a transfer of `session` (made with ``configuration(_:)``), before it
    /// is resumed. `status` tells where it stands; `stop` is called once, just before its connection
    /// is shut down, with the failure to report (`nil` when the caller gave up on it).
    init(
        task: URLSessionTask, session: URLSession, limit: Int, label: String,
        status: @escaping @Sendable () -> Status, stop: @escaping @Sendable (TransferError?) -> Void
    ) {
        self.task = task
        self.limit = limit
        self.url = label
        self.status = status
        self.stop = stop
        self.workQueue = CorelibsReflection.storedValue(named: "workQueue", in: session) as? DispatchQueue
        self.key = Self.registry.withLock { registry in
            defer { registry.next += 1 }
            return registry.next
        }
        Self.registry.withLock { $0.watches[key] = WeakWatch(watch: self) }
        lookLater()
    }

    deinit {
        Self.registry.withLock { _ = $0.watches.removeValue(forKey: key) }
    }

    /// `configuration` for a session whose transfers are watched: a copy whose `urlCache` is
    /// ``TransferStartCache``, through which the watch reaches each transfer's handle in time.
    static func configuration(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        let copy = configuration.copy() as? URLSessionConfiguration ?? configuration
        copy.urlCache = TransferStartCache.instance
        return copy
    }

    /// Looks FoundationNetworking's functions up now, on the calling thread, so that no callback
    /// runs `dlopen` on URLSession's work queue (see ``ReceivePause/prepare()``).
    static func prepare() {
        Curl.prepare()
    }

    /// Stops watching.
    func cancel() {
        state.withLock { $0.finished = true }
        Self.registry.withLock { _ = $0.watches.removeValue(forKey: key) }
    }

    // MARK: - Learning the connection (on URLSession's work queue)

    /// Has libcurl name `task`'s connections to the watch of `task`, if it has one: called by
    /// ``TransferStartCache`` just after FoundationNetworking made the task's handle, before the
    /// handle runs.
    static func taskStarting(_ task: URLSessionTask) {
        let watch = registry.withLock { registry in registry.watches.values.lazy.compactMap(\.watch).first { $0.task === task } }
        watch?.attach()
    }

    /// Sets the callback through which libcurl names the transfer's connections on its handle.
    ///
    /// Invariant: runs on URLSession's work queue (inside the `workQueue.sync` of the task's
    /// `resume()`, where FoundationNetworking asks its cache), after the task's handle was made and
    /// before it is added to libcurl's multi handle: nothing else uses the handle meanwhile, and every
    /// later use of it is on that queue too. Checked in debug builds.
    private func attach() {
        #if DEBUG
        if let workQueue { dispatchPrecondition(condition: .onQueue(workQueue)) }
        #endif
        guard let handle = CorelibsReflection.curlHandle(of: task) else { return }
        let named = Curl.nameConnections(of: handle, to: key)
        state.withLock { $0.named = named }
    }

    /// Records the connection libcurl names for the transfer of the watch under `key` (see
    /// ``Curl``): called by libcurl, on URLSession's work queue, before it sends a request.
    fileprivate static func connectionNamed(key: UInt, remote: ProcessSockets.Address?, local: ProcessSockets.Address?) {
        guard let watch = registry.withLock({ $0.watches[key]?.watch }) else { return }
        watch.connectionNamed(remote: remote, local: local)
    }

    /// Finds the socket whose ends are `local` and `remote`, and makes it the transfer's connection.
    ///
    /// Invariant: runs on URLSession's work queue, inside libcurl's call of the handle's callback;
    /// libcurl holds the connection open meanwhile, so no other open TCP socket has these two ends.
    /// Checked in debug builds.
    private func connectionNamed(remote: ProcessSockets.Address?, local: ProcessSockets.Address?) {
        #if DEBUG
        if let workQueue { dispatchPrecondition(condition: .onQueue(workQueue)) }
        #endif
        // NB: libcurl 7.88 reports no socket for the handle here (`CURLINFO_LASTSOCKET` is set when
        // a transfer ends), so the socket is looked for by its ends.
        let found = remote.flatMap { remote in local.flatMap { ProcessSockets.connection(from: $0, to: remote) } }
        let start = found.flatMap(ProcessSockets.bytesReceived(on:))
        state.withLock { state in
            guard let found, let start else { return state.own = nil }
            state.own = (found, start)
            state.lastBytes = start
        }
        if start != nil { Self.named.add(1, ordering: .relaxed) }
    }

    /// How many connections libcurl named to a watch in this process and the watch found, for the
    /// tests that check that the watch learned its transfer's connection that way.
    package static var connectionsNamed: Int { named.load(ordering: .relaxed) }
    private static let named = Atomic<Int>(0)

    // MARK: - Looking (on the watch's own queue)

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
        let stuckFor = probeWorkQueue(at: .now)
        guard let (connection, start) = state.withLock({ $0.own }), let bytes = ProcessSockets.bytesReceived(on: connection) else { return }
        let receiving: Bool? = state.withLock { state in
            // NB: a later hop may have named another connection since.
            guard state.own?.connection == connection else { return nil }
            defer { state.lastBytes = bytes }
            return bytes > state.lastBytes
        }
        guard let receiving else { return }
        let received = bytes - min(bytes, start)
        if received > UInt64(limit + Self.headAllowance) {
            shutDown(connection, reporting: stopRequested ? nil : .tooLarge(url: url, limit: limit))
        } else if stopRequested, let stuckFor, stuckFor >= Self.stuckAfter, receiving {
            shutDown(connection, reporting: nil)
        } else if let stuckFor, stuckFor >= Self.givenUpAfter, received > 0 {
            shutDown(connection, reporting: stopRequested ? nil : .undeliveredBody(url: url))
        }
    }

    /// Sends a probe to URLSession's work queue unless one is on its way, and takes what the last one
    /// learned; returns how long the one on its way has waited, or `nil` when none is waiting (or
    /// the queue is not known).
    private func probeWorkQueue(at now: ContinuousClock.Instant) -> Duration? {
        guard let workQueue else { return nil }
        let (waited, send, asks): (Duration?, Probe?, Bool) = state.withLock { state in
            if let (probe, sent) = state.probe {
                let result = probe.result
                guard result.ran else { return (now - sent, nil, false) }
                // NB: only where libcurl names no connection itself; the bytes that came before the
                // answer are not counted.
                if !state.named, state.own == nil, let connection = result.connection, let start = ProcessSockets.bytesReceived(on: connection) {
                    state.own = (connection, start)
                    state.lastBytes = start
                }
            }
            let probe = Probe()
            state.probe = (probe, now)
            return (nil, probe, !state.named && state.own == nil)
        }
        if let send {
            let task = self.task
            workQueue.async {
                send.record(asks ? Curl.connection(of: task, on: workQueue) : nil)
            }
        }
        return waited
    }

    private func shutDown(_ connection: ProcessSockets.Connection, reporting failure: TransferError?) {
        cancel()
        // NB: the failure is recorded before the connection goes: libcurl then ends the transfer with
        // an error of its own, which must not be what the caller sees.
        stop(failure)
        ProcessSockets.shutDown(connection)
    }
}

/// The `urlCache` of a watched session's configuration: it caches nothing, and through it the watch
/// reaches each transfer's libcurl handle before the handle runs.
///
/// When a session has a cache, FoundationNetworking asks it for a data task's response
/// (`getCachedResponse(for:completionHandler:)`) inside the task's `resume()`, on the session's work
/// queue, and makes the task's protocol, and with it the libcurl handle, when the answer comes; the
/// protocol starts loading in a later turn of that queue. Answering at once, in the same call, makes
/// the handle there and then, and ``UndeliveredBodyWatch/taskStarting(_:)`` sets the handle's
/// callback before it can run. Nothing is lost: FoundationNetworking stores no HTTP response in a
/// cache (its HTTP protocol marks each one not allowed), and answers none it finds.
final class TransferStartCache: URLCache, @unchecked Sendable {
    // NB: @unchecked: no stored state of its own; URLCache is @unchecked Sendable itself.

    /// The one cache every watched session shares.
    static let instance = TransferStartCache()

    private init() {
        // NB: a directory that cannot be made (`/dev/null` is a device), so that URLCache keeps
        // nothing on disk and makes no directory for it.
        super.init(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
    }

    override func getCachedResponse(for dataTask: URLSessionDataTask, completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
        completionHandler(nil)
        UndeliveredBodyWatch.taskStarting(dataTask)
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? { nil }
    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {}
    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for dataTask: URLSessionDataTask) {}
    override func removeCachedResponse(for request: URLRequest) {}
    override func removeCachedResponse(for dataTask: URLSessionDataTask) {}
    override func removeAllCachedResponses() {}
    override func removeCachedResponses(since date: Date) {}
}

/// The libcurl calls the watch makes, through FoundationNetworking's own C functions with fixed
/// arguments (`CFURLSession_easy_setopt_ptr`, `CFURLSession_easy_getinfo_long`; libcurl's own are
/// variadic). `CFURLSessionOption` and `CFURLSessionInfo` each hold one `int`, passed as one.
private enum Curl {
    private typealias SetOptionPointer = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias GetInfoLong = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<Int>) -> Int32
    /// `int prereq(void *clientp, char *conn_primary_ip, char *conn_local_ip, int conn_primary_port,
    /// int conn_local_port)`.
    private typealias Prerequest = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int32) -> Int32

    private static let setOptionPointer: SetOptionPointer? = CorelibsReflection.foundationNetworkingSymbol("CFURLSession_easy_setopt_ptr").map {
        unsafeBitCast($0, to: SetOptionPointer.self)
    }
    private static let getInfoLong: GetInfoLong? = CorelibsReflection.foundationNetworkingSymbol("CFURLSession_easy_getinfo_long").map {
        unsafeBitCast($0, to: GetInfoLong.self)
    }
    /// `CFURLSessionInfoLASTSOCKET`, FoundationNetworking's constant for `CURLINFO_LASTSOCKET`.
    private static let lastSocketInfo: Int32? = CorelibsReflection.foundationNetworkingSymbol("CFURLSessionInfoLASTSOCKET").map {
        $0.load(as: Int32.self)
    }
    /// `CURLOPT_PREREQFUNCTION` and `CURLOPT_PREREQDATA` (libcurl 7.80), which FoundationNetworking
    /// does not name: `CURLOPTTYPE_FUNCTIONPOINT + 312` and `CURLOPTTYPE_CBPOINT + 313`.
    private static let prerequestFunction: Int32 = 20_000 + 312
    private static let prerequestData: Int32 = 10_000 + 313

    /// The callback: libcurl passes the key of the watch as its data.
    private static let prerequest: Prerequest = { data, remoteAddress, localAddress, remotePort, localPort in
        let remote = remoteAddress.flatMap { ProcessSockets.Address(text: String(cString: $0), port: Int(remotePort)) }
        let local = localAddress.flatMap { ProcessSockets.Address(text: String(cString: $0), port: Int(localPort)) }
        UndeliveredBodyWatch.connectionNamed(key: UInt(bitPattern: data), remote: remote, local: local)
        return 0   // CURL_PREREQFUNC_OK
    }

    /// Looks the functions and the constant up.
    static func prepare() {
        _ = setOptionPointer
        _ = getInfoLong
        _ = lastSocketInfo
    }

    /// Sets `handle`'s callback that names its connections, with `key` as its data; `false` when
    /// libcurl has no such callback (before 7.80) or the function is missing.
    ///
    /// Invariant: as ``UndeliveredBodyWatch`` `attach()`: on the work queue, before the handle runs.
    static func nameConnections(of handle: UnsafeMutableRawPointer, to key: UInt) -> Bool {
        guard let setOptionPointer else { return false }
        guard setOptionPointer(handle, prerequestData, UnsafeMutableRawPointer(bitPattern: key)) == 0 else { return false }
        return setOptionPointer(handle, prerequestFunction, unsafeBitCast(prerequest, to: UnsafeMutableRawPointer.self)) == 0
    }

    /// `task`'s connection, as libcurl reports it between its turns (`CURLINFO_LASTSOCKET`).
    ///
    /// Invariant: runs on `workQueue`, the session's work queue, between libcurl's turns: every
    /// libcurl call for the session's handles is made there, one at a time (a handle must be used by
    /// one thread at a time). Checked in debug builds.
    static func connection(of task: URLSessionTask, on workQueue: DispatchQueue) -> ProcessSockets.Connection? {
        #if DEBUG
        dispatchPrecondition(condition: .onQueue(workQueue))
        #endif
        guard let getInfoLong, let lastSocketInfo, let handle = CorelibsReflection.curlHandle(of: task) else { return nil }
        var descriptor = -1
        guard getInfoLong(handle, lastSocketInfo, &descriptor) == 0, descriptor >= 0, descriptor <= Int(Int32.max) else { return nil }
        return ProcessSockets.connection(descriptor: Int32(descriptor))
    }
}
#endif
