import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The state the server's threads share, the accept loop and `stop()`.

final class ServerCore: Sendable {
    struct State {
        var stopped = false
        var wakeWrite: Int32
        var openConnections: Set<Int32> = []
        var requests: [LoopbackHTTPServer.Request] = []
        /// Bytes written on each connection, in order of arrival.
        var bytesSent: [Int] = []
    }

    let listenFD: Int32
    /// Becomes readable (EOF) once `stop()` closes the write end; closed in `deinit`,
    /// i.e. only after every thread that polls it has released this object.
    let wakeRead: Int32
    let handler: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
    let state: Mutex<State>
    let acceptLoopFinished = DispatchGroup()
    /// Entered for each accepted connection, left when its thread has closed it.
    let connectionsOpen = DispatchGroup()

    init(
        listenFD: Int32,
        wakeRead: Int32,
        wakeWrite: Int32,
        handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
    ) {
        self.listenFD = listenFD
        self.wakeRead = wakeRead
        self.handler = handler
        self.state = Mutex(State(wakeWrite: wakeWrite))
    }

    deinit {
        _ = close(wakeRead)
        let wakeWrite = state.withLock { $0.stopped ? -1 : $0.wakeWrite }
        if wakeWrite >= 0 { _ = close(wakeWrite) }
    }

    func startAcceptLoop() {
        acceptLoopFinished.enter()
        let thread = Thread { [self] in
            acceptLoop()
            _ = close(listenFD)
            acceptLoopFinished.leave()
        }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            _ = close(state.wakeWrite)
            state.wakeWrite = -1
            for fd in state.openConnections {
                _ = shutdown(fd, Int32(SHUT_RDWR))
            }
        }
        // The accept thread closes the listener before leaving the group.
        acceptLoopFinished.wait()
    }

    private func acceptLoop() {
        while true {
            switch Socket.waitReadable(listenFD, wakeFD: wakeRead, timeoutMilliseconds: -1) {
            case .stopped:
                return
            case .timedOut:
                continue
            case .readable:
                break
            }
            let fd = Socket.accept(listenFD)
            guard fd >= 0 else {
                let error = errno
                if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM {
                    // Out of resources: back off briefly instead of spinning.
                    if case .stopped = Socket.waitReadable(-1, wakeFD: wakeRead, timeoutMilliseconds: 50) {
                        return
                    }
                }
                continue  // EAGAIN, EINTR, ECONNABORTED, ...
            }
            let index = state.withLock { state -> Int? in
                guard !state.stopped else { return nil }
                state.openConnections.insert(fd)
                state.bytesSent.append(0)
                return state.bytesSent.count - 1
            }
            guard let index else {
                _ = close(fd)
                return
            }
            Socket.configureAccepted(fd)
            connectionsOpen.enter()
            let thread = Thread { [self] in
                serve(Connection(fd: fd, index: index))
                state.withLock { _ = $0.openConnections.remove(fd) }
                _ = close(fd)
                connectionsOpen.leave()
            }
            thread.name = "LoopbackHTTPServer.connection"
            thread.start()
        }
    }
}
