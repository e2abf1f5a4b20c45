package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory only its owner may write to, for files others must not plant or read: a cache of
/// answers that are later shown as the server's.
package enum PrivateDirectory {
    /// Why `directory` must not be trusted, or `nil` if it may: it is not a directory, others (group
    /// or world) can write to it, or another user owns it. A directory that does not exist yet is fine.
    package static func problem(with directory: URL) -> String? {
        var info = stat()
        guard lstat(directory.path, &info) == 0 else {
            return errno == ENOENT ? nil : "it cannot be inspected (\(String(cString: strerror(errno))))"
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard stat(directory.path, &info) == 0 else { return "it is a symbolic link that leads nowhere" }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "it is not a directory" }
        if info.st_uid != geteuid() { return "it belongs to another user (uid \(info.st_uid))" }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            return "others can write to it (mode \(String(info.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }

    /// Creates `directory` (and missing parents) readable and writable by its owner only.
    package static func create(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Writes `data` to `file` atomically, readable and writable by its owner only.
    package static func write(_ data: Data, to file: URL) throws {
        try data.write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// The contents of `file` if it is a regular file of at most `limit` bytes, else `nil`.
    package static func read(_ file: URL, limit: Int) -> Data? {
        var info = stat()
        guard stat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
        return try? Data(contentsOf: file)
    }
}
