// MARK: - Where an observed property's storage sits: unsafe code, and the invariants it rests on
//
// An in-place mutation of an `@Observed` property (`rows.append(row)`, `rows[id: id]?.title = title`)
// runs the `_modify` accessor of `Observed`'s enclosing-instance subscript, which reaches the
// property's storage through its storage key path. Where that accessor is inlined into the view
// model's accessor, the key path is known at compile time and folds into a direct access. Where it is
// not, the key path is applied at run time: a mutation through an optional chain ends its access in
// two places, and Swift's inliner does not inline a coroutine whose access ends in more than one place,
// so the view model's synthesized `modify` is called, and it calls the accessor with its key paths.
// Applying a class key path for mutation costs about 1,300 instructions and a heap allocation, more
// than the rest of the edit (the "edit one element by id" rows of `swift run -c release benchmarks`).
//
// So the accessor finds the storage from the view model's address and the property's offset in it,
// measured once per storage key path (by applying the key path) and looked up here after that. In a
// release build the mutation then goes through that address, without the runtime's dynamic
// exclusivity check.
//
// 1. Stored storage. A storage key path is the compiler's backing property of an `@Observed`
//    property (`\Model._rows`): a stored property of the view model, so its address is the view
//    model's address plus a fixed offset, the same for every instance of the class and its
//    subclasses. Checked: the measured offset must fall inside a plausible object (else the program
//    stops with a message), and every lookup in a debug build compares the address with the key path
//    applied.
// 2. Live key paths. The table keeps every key path it measured alive (and never removes one), so the
//    identity a slot compares with can't be reused by another key path. It holds at most `capacity`
//    of them; past that a key path is measured on every use, as costly as applying it.
// 3. Live view model. The accessor's caller keeps the view model alive for the whole access, so the
//    address stays valid until the access ends.
// 4. Exclusivity. A debug build mutates through the key path, so the runtime still catches an access
//    that overlaps the mutation; a release build does not check.

/// Offsets of observed properties' storage inside their view models, by storage key path: what the
/// in-place mutation accessor of ``Observed`` uses to reach the storage without applying a key path.
///
/// NB: main-actor only, as every accessor of an observed property is.
@MainActor
@usableFromInline
final class StorageAddresses {
    /// The one table, for every view model class.
    @usableFromInline
    static let shared = StorageAddresses()

    /// One entry of the direct-mapped cache in front of the table: a key path's identity (one the
    /// table keeps alive, by invariant 2) and its offset.
    @usableFromInline
    struct Slot {
        @usableFromInline var keyPath: ObjectIdentifier?
        @usableFromInline var offset: Int
    }

    /// How many slots the cache has; a power of two.
    @usableFromInline
    static let slotCount = 64

    /// The direct-mapped cache: a key path's slot is chosen by its address.
    @usableFromInline
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var slots = ContiguousArray(repeating: Slot(keyPath: nil, offset: 0), count: StorageAddresses.slotCount)

    /// Every key path measured so far, by value, with its offset (invariant 2: kept alive).
    private var offsets: [AnyKeyPath: Int] = [:]

    /// How many key paths the table keeps at most.
    static let capacity = 4_096

    private init() {}

    /// How many key paths the table keeps (for tests).
    var measuredCount: Int { offsets.count }

    /// The address of the storage that `keyPath` (a stored property of `instance`'s class) names in
    /// `instance`.
    @inlinable
    @inline(__always)
    func address<Root: AnyObject, Storage>(
        of keyPath: ReferenceWritableKeyPath<Root, Storage>, in instance: Root
    ) -> UnsafeMutablePointer<Storage> {
        let identity = ObjectIdentifier(keyPath)
        let index = Int(bitPattern: UInt(bitPattern: identity) >> 4) & (Self.slotCount - 1)
        let slot = slots[index]
        let offset = slot.keyPath == identity ? slot.offset : offset(of: keyPath, in: instance, slot: index)
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(instance).toOpaque())
        let address = (base + offset).assumingMemoryBound(to: Storage.self)
        #if DEBUG
        // Invariant 1.
        assert(
            withUnsafeMutablePointer(to: &instance[keyPath: keyPath]) { $0 == address },
            "the storage of an @Observed property moved inside its view model"
        )
        #endif
        return address
    }

    /// The offset of `keyPath`'s storage when its slot does not hold it: from the table, or measured.
    /// A key path the table keeps goes into `slot`.
    @usableFromInline
    @inline(never)
    func offset<Root: AnyObject, Storage>(
        of keyPath: ReferenceWritableKeyPath<Root, Storage>, in instance: Root, slot: Int
    ) -> Int {
        if let index = offsets.index(forKey: keyPath) {
            let (kept, offset) = offsets[index]
            // Only the object the table keeps may sit in a slot (invariant 2); an equal key path
            // built anew (as a generic view model's are) is looked up by value every time.
            if kept === keyPath { slots[slot] = Slot(keyPath: ObjectIdentifier(keyPath), offset: offset) }
            return offset
        }
        let offset = Self.measure(keyPath, in: instance)
        if offsets.count < Self.capacity {
            offsets[keyPath] = offset
            slots[slot] = Slot(keyPath: ObjectIdentifier(keyPath), offset: offset)
        }
        return offset
    }

    /// Applies `keyPath` to `instance` once, to learn where its storage sits.
    private static func measure<Root: AnyObject, Storage>(
        _ keyPath: ReferenceWritableKeyPath<Root, Storage>, in instance: Root
    ) -> Int {
        let base = UInt(bitPattern: Unmanaged.passUnretained(instance).toOpaque())
        let address = withUnsafeMutablePointer(to: &instance[keyPath: keyPath]) { UInt(bitPattern: $0) }
        // Invariant 1: past the object's header (two words), and inside an object of at most 16 MB.
        // A key path to a computed property would give the address of a temporary instead.
        let header = UInt(2 * MemoryLayout<Int>.size)
        precondition(
            address >= base && address - base >= header && address - base < 1 << 24,
            "@Observed: the storage key path \(keyPath) does not name a stored property of \(Root.self)"
        )
        return Int(address - base)
    }
}
