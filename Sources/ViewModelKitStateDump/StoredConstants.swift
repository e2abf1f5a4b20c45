/// The names of the stored `let` properties of `type` (a class's include its superclasses'), in
/// declaration order: what a child view model is made with, as opposed to its mutable state.
///
/// `Mirror` lists stored properties without saying which are constants; the runtime's field
/// descriptors do, and the standard library reads them through the same entry points used here.
package func storedConstantNames(of type: Any.Type) -> [String] {
    var names: [String] = []
    for index in 0..<runtimeRecursiveFieldCount(type) {
        var field = RuntimeFieldMetadata()
        // NB: the runtime fills `field` and hands over `name`, which `freeName` releases; nothing
        // here keeps the pointer past this iteration.
        _ = runtimeRecursiveFieldMetadata(type, index: index, fieldMetadata: &field)
        if let name = field.name {
            if !field.isVar { names.append(String(cString: name)) }
            field.freeName?(name)
        }
    }
    return names
}

/// The layout of the standard library's `_FieldReflectionMetadata`, which the runtime fills in.
private struct RuntimeFieldMetadata {
    var name: UnsafePointer<CChar>?
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeRecursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeRecursiveFieldMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<RuntimeFieldMetadata>
) -> Any.Type
