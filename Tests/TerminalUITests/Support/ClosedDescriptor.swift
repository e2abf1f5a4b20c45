#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A descriptor number that was open and is closed now, for what a wait answers about a descriptor
/// it cannot watch.
enum ClosedDescriptor {
    /// Opens `/dev/null` at the highest free number below both the process's limit and what an
    /// `fd_set` holds (select(2) must take it), closes it, and returns the number; `nil` if no
    /// number in the upper half of that range is free.
    // NB: descriptors are given out lowest first, so nothing the process opens meanwhile (another
    // test's connection) takes this number, as it could take one that was just closed.
    static func make() -> Int32? {
        let capacity = Int32(MemoryLayout<fd_set>.size * 8)
        let top = min(getdtablesize(), capacity) - 1
        let source = open("/dev/null", O_RDONLY)
        guard source >= 0 else { return nil }
        defer { close(source) }
        for candidate in stride(from: top, to: top / 2, by: -1) where candidate != source && fcntl(candidate, F_GETFD) == -1 {
            guard dup2(source, candidate) == candidate else { continue }
            close(candidate)
            return candidate
        }
        return nil
    }
}
