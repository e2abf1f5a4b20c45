#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// Reads FoundationNetworking's private state where its API offers no way to stop a transfer
/// (``ReceivePause``, ``UndeliveredBodyWatch``).
///
/// Every read names a stored property as swift-corelibs-foundation declares it; where a name is
/// missing (another corelibs layout) the read is `nil`, and the caller does nothing.
enum CorelibsReflection {
    /// The stored property `name` of `subject`, looked for in its class and then its superclasses.
    static func storedValue(named name: String, in subject: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == name }) { return child.value }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// The `CURL *` of `task`'s running transfer: task → its protocol → the protocol's easy handle →
    /// the raw handle.
    static func curlHandle(of task: URLSessionTask) -> UnsafeMutableRawPointer? {
        // `_protocolStorage` is an enum whose `existing` case holds the running protocol.
        guard let storage = storedValue(named: "_protocolStorage", in: task),
              let urlProtocol = Mirror(reflecting: storage).children.first?.value,
              let easyHandle = storedValue(named: "easyHandle", in: urlProtocol).flatMap(unwrapped),
              let raw = storedValue(named: "rawHandle", in: easyHandle)
        else { return nil }
        return raw as? UnsafeMutableRawPointer
    }

    /// The symbol `name` as FoundationNetworking itself links it: looked up from FoundationNetworking's
    /// own library, so that the search covers that library and the libraries it was linked with, in
    /// its load order, and never another libcurl the process loaded first (an app can bring a libcurl
    /// of its own). Where FoundationNetworking is not a shared library of its own (a build with a
    /// static standard library), it is part of the executable, and the process's default scope is the
    /// executable's, in its own link order.
    static func foundationNetworkingSymbol(_ name: String) -> UnsafeMutableRawPointer? {
        let library = dlopen("libFoundationNetworking.so", RTLD_NOW | RTLD_NOLOAD)
        defer { if let library { dlclose(library) } }   // RTLD_NOLOAD took a reference; the library stays loaded
        // NB: `dlsym` with a null handle is RTLD_DEFAULT, the scope of the executable.
        return dlsym(library, name)
    }

    /// The wrapped value of an optional, or the value itself.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}
#endif
