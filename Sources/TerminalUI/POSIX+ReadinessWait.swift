#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which of the two descriptors ``POSIX/waitReadable(_:orWake:timeoutMilliseconds:)`` watched can be
/// read now; neither after a time-out.
struct Readiness: Equatable {
    /// The input can be read (or has ended, or failed: the next read says which).
    var input: Bool
    /// The wake descriptor can be read.
    var wake: Bool

    /// Nothing became readable before the time-out.
    static let timedOut = Readiness(input: false, wake: false)
}

extension POSIX {
    /// Waits until `input` or `wake` can be read, or `timeoutMilliseconds` pass (-1: no limit).
    ///
    /// - Returns: What can be read, or `nil` when the wait failed (`errno` says why: `EINTR` means
    ///   try again; `EBADF` that a descriptor cannot be watched, such as one that is not open).
    // NB: macOS's poll(2) does not support devices: on a terminal it answers POLLNVAL at once, so
    // Darwin waits with select(2), which does.
    static func waitReadable(_ input: Int32, orWake wake: Int32, timeoutMilliseconds: Int32) -> Readiness? {
        #if canImport(Darwin)
        return selectReadable(input, orWake: wake, timeoutMilliseconds: timeoutMilliseconds)
        #else
        return pollReadable(input, orWake: wake, timeoutMilliseconds: timeoutMilliseconds)
        #endif
    }

    /// ``waitReadable(_:orWake:timeoutMilliseconds:)`` with poll(2). A descriptor poll cannot watch
    /// (`POLLNVAL`: not open, or on Darwin a device such as a terminal) fails the wait with `EBADF`,
    /// as select(2) does for one that is not open; an error or hang-up on it is readiness, as there:
    /// the next read says which.
    static func pollReadable(_ input: Int32, orWake wake: Int32, timeoutMilliseconds: Int32) -> Readiness? {
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        if ready < 0 { return nil }
        // NB: taken as readiness, POLLNVAL would make the caller read at once, fail or spin.
        if descriptors.contains(where: isUnwatchable) {
            errno = EBADF
            return nil
        }
        return Readiness(input: descriptors[0].revents != 0, wake: descriptors[1].revents != 0)
    }

    /// Waits until `descriptor` can be written to (or has failed: the next write says which), or
    /// `timeoutMilliseconds` pass (-1: no limit). Returns whether it can, or `nil` when the wait
    /// failed (`errno` says why; `EBADF` when the descriptor cannot be watched).
    // NB: with select(2) on Darwin for the reason given at waitReadable: a poll(2) that answers
    // POLLNVAL at once on a terminal would make a writer waiting out EAGAIN spin.
    static func waitWritable(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Bool? {
        #if canImport(Darwin)
        return selectWritable(descriptor, timeoutMilliseconds: timeoutMilliseconds)
        #else
        return pollWritable(descriptor, timeoutMilliseconds: timeoutMilliseconds)
        #endif
    }

    /// ``waitWritable(_:timeoutMilliseconds:)`` with poll(2); `POLLNVAL` fails the wait with `EBADF`
    /// as in ``pollReadable(_:orWake:timeoutMilliseconds:)``.
    static func pollWritable(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Bool? {
        var target = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&target, 1, timeoutMilliseconds)
        if ready < 0 { return nil }
        if isUnwatchable(target) {
            errno = EBADF
            return nil
        }
        return target.revents != 0
    }

    /// Whether poll(2) answered that it cannot watch `entry`'s descriptor (`POLLNVAL`).
    private static func isUnwatchable(_ entry: pollfd) -> Bool {
        entry.revents & Int16(POLLNVAL) != 0
    }

    #if _endian(little)
    /// ``waitReadable(_:orWake:timeoutMilliseconds:)`` with select(2). Descriptors past what an
    /// `fd_set` holds fail with `EINVAL`.
    static func selectReadable(_ input: Int32, orWake wake: Int32, timeoutMilliseconds: Int32) -> Readiness? {
        guard let (readable, _) = select(reading: [input, wake], writing: [], timeoutMilliseconds: timeoutMilliseconds) else {
            return nil
        }
        return Readiness(input: contains(input, readable), wake: contains(wake, readable))
    }

    /// ``waitWritable(_:timeoutMilliseconds:)`` with select(2). A descriptor past what an `fd_set`
    /// holds fails with `EINVAL`.
    static func selectWritable(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Bool? {
        guard let (_, writable) = select(reading: [], writing: [descriptor], timeoutMilliseconds: timeoutMilliseconds) else {
            return nil
        }
        return contains(descriptor, writable)
    }

    /// select(2) on the given descriptors: the sets it answered, or `nil` when it failed or a
    /// descriptor is outside what an `fd_set` holds (`errno` is `EINVAL` then).
    private static func select(
        reading: [Int32], writing: [Int32], timeoutMilliseconds: Int32
    ) -> (readable: fd_set, writable: fd_set)? {
        let capacity = MemoryLayout<fd_set>.size * 8
        let all = reading + writing
        guard all.allSatisfy({ $0 >= 0 && Int($0) < capacity }), let highest = all.max() else {
            errno = EINVAL
            return nil
        }
        var readable = fd_set()
        var writable = fd_set()
        for descriptor in reading { insert(descriptor, into: &readable) }
        for descriptor in writing { insert(descriptor, into: &writable) }
        var timeout = timeval()
        timeout.tv_sec = .init(timeoutMilliseconds / 1000)
        timeout.tv_usec = .init(timeoutMilliseconds % 1000 * 1000)
        let ready = withUnsafeMutablePointer(to: &timeout) { limit in
            #if canImport(Darwin)
            Darwin.select(highest + 1, &readable, &writable, nil, timeoutMilliseconds < 0 ? nil : limit)
            #elseif canImport(Glibc)
            Glibc.select(highest + 1, &readable, &writable, nil, timeoutMilliseconds < 0 ? nil : limit)
            #else
            Musl.select(highest + 1, &readable, &writable, nil, timeoutMilliseconds < 0 ? nil : limit)
            #endif
        }
        if ready < 0 { return nil }
        return (readable, writable)
    }

    // NB: an fd_set is an array of words (Int32 on Darwin, Int on Glibc) in which bit n % width of
    // word n / width stands for descriptor n; on a little-endian machine that is bit n % 8 of byte
    // n / 8 whatever the width, which is how these read it (the C macros FD_SET and FD_ISSET are
    // not imported into Swift).
    private static func insert(_ descriptor: Int32, into set: inout fd_set) {
        withUnsafeMutableBytes(of: &set) { bytes in
            bytes[Int(descriptor) / 8] |= UInt8(1) << (Int(descriptor) % 8)
        }
    }

    private static func contains(_ descriptor: Int32, _ set: fd_set) -> Bool {
        withUnsafeBytes(of: set) { bytes in
            bytes[Int(descriptor) / 8] & (UInt8(1) << (Int(descriptor) % 8)) != 0
        }
    }
    #endif
}
