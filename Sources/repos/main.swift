import Foundation

/// `Fixtures/` in the working directory when `swift run` starts there, else the package's own
/// (found from this source file's location at build time).
let defaultFixtures: URL = {
    let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures")
    if FileManager.default.fileExists(atPath: local.appendingPathComponent("github").path) { return local }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
}()

let status = await ReposCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    defaultFixtures: defaultFixtures,
    output: { FileHandle.standardOutput.write(Data($0.utf8)) },
    errorOutput: { FileHandle.standardError.write(Data($0.utf8)) },
    onTerminal: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
    errorIsTerminal: isatty(STDERR_FILENO) == 1
)
exit(status)
