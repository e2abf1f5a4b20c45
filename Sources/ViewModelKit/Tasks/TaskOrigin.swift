/// The intent that started the owned task now running, for diagnostics.
package enum TaskOrigin {
    /// The name of the method that started the current owned task (`#function` at `task(id:)`).
    @TaskLocal package static var current: String?
}
