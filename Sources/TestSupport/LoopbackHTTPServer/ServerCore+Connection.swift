import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// One accepted connection: reading its request, answering it, and closing it.

extension ServerCore {
    /// One accepted connection: its descriptor and its place in the order of arrival.
    struct Connection {
        let fd: Int32
        let index: Int
    }

    /// Writes all of `bytes` on `connection`, counting what was written; `false` if the connection failed.
    func send(_ bytes: [UInt8], on connection: Connection) -> Bool {
        let written = Socket.send(connection.fd, bytes)
        state.withLock { $0.bytesSent[connection.index] += written }
        return written == bytes.count
    }

    /// The bytes written so far on every connection, open ones included.
    var bytesSentSoFar: Int {
        state.withLock { $0.bytesSent.reduce(0, +) }
    }

    /// The bytes written on each connection once all have ended, or `nil` after `timeout`.
    func bytesSentOnEndedConnections(waitingUpTo timeout: Duration) -> [Int]? {
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard connectionsOpen.wait(timeout: deadline) == .success else { return nil }
        return state.withLock { $0.bytesSent }
    }

    func serve(_ connection: Connection) {
        let fd = connection.fd
        var reader = ConnectionReader(fd: fd, wakeFD: wakeRead)
        let request: LoopbackHTTPServer.Request
        do {
            request = try readRequest(&reader, on: connection)
        } catch ReadError.malformed {
            respondError(connection, status: 400)
            return
        } catch ReadError.tooLarge(let status) {
            respondError(connection, status: status)
            return
        } catch {
            return  // peer closed, socket error or server stopped
        }

        state.withLock { $0.requests.append(request) }
        let response = handler(request)

        if response.stall {
            waitUntilStoppedOrPeerClosed(fd)
            return
        }
        if response.delay > .zero, waitForStop(upTo: response.delay) {
            return
        }
        if let stream = response.stream {
            guard sendStreamed(response, stream, on: connection) else { return }
            lingeringClose(fd)
            return
        }
        let bytes = Self.serialize(response, forMethod: request.method)
        guard send(bytes, on: connection) else { return }
        lingeringClose(fd)
    }

    private func respondError(_ connection: Connection, status: Int) {
        let response = LoopbackHTTPServer.Response.text(Self.reasonPhrase(for: status) + "\n", status: status)
        if send(Self.serialize(response, forMethod: "GET"), on: connection) {
            lingeringClose(connection.fd)
        }
    }

    /// Waits for the client to hang up (reads and discards input) or for `stop()`.
    private func waitUntilStoppedOrPeerClosed(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        var watched = fd
        while true {
            switch Socket.waitReadable(watched, wakeFD: wakeRead, timeoutMilliseconds: -1) {
            case .stopped:
                return
            case .timedOut:
                continue
            case .readable:
                let count = Socket.receive(fd, into: &scratch)
                if count == 0 {
                    return  // orderly hang-up by the client
                }
                if count < 0 {
                    let error = errno
                    if error == EINTR || error == EAGAIN { continue }
                    // Broken connection: keep the fd open (as promised) but stop polling it.
                    watched = -1
                }
            }
        }
    }

    /// Sleeps for `duration` unless `stop()` is called first; returns `true` if stopped.
    func waitForStop(upTo duration: Duration) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            let remaining = duration - (clock.now - start)
            guard remaining > .zero else { return false }
            let timeout = Self.pollTimeout(for: remaining)
            if case .stopped = Socket.waitReadable(-1, wakeFD: wakeRead, timeoutMilliseconds: timeout) {
                return true
            }
        }
    }

    /// After the response is written: half-close, then wait (briefly) for the client to
    /// close its side, so unread client bytes don't turn our close into a reset.
    private func lingeringClose(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        let clock = ContinuousClock()
        let start = clock.now
        let budget = Duration.seconds(2)
        while true {
            let remaining = budget - (clock.now - start)
            guard remaining > .zero else { return }
            switch Socket.waitReadable(fd, wakeFD: wakeRead, timeoutMilliseconds: Self.pollTimeout(for: remaining)) {
            case .stopped, .timedOut:
                return
            case .readable:
                let count = Socket.receive(fd, into: &scratch)
                if count == 0 { return }
                if count < 0, errno != EINTR, errno != EAGAIN { return }
            }
        }
    }

    static func pollTimeout(for duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        if seconds >= 2_000_000 { return 2_000_000_000 }
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let milliseconds = seconds * 1000 + (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        return Int32(clamping: max(milliseconds, 1))
    }
}
