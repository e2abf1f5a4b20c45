/// Why `repos record` could not write a fixture, naming the real cause and the file.
public struct FixtureRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `the recording of "octocat" would be 72 MB; fixture files are read up to 64 MB …`.
    public var description: String

    /// Creates an error with a person-readable `description`.
    public init(_ description: String) {
        self.description = description
    }
}
