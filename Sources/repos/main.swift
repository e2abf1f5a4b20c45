import CommandLineSupport
import Foundation
import TerminalScreens

let defaultFixtures = offlineFixtures(containing: "github")

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
