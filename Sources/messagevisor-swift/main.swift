import Foundation
import MessagevisorSwiftCLI

// `messagevisor-swift <command> …`: the command line is declared and parsed in
// MessagevisorSwiftCLI; the work is done by MessagevisorProject and ReRune.
exit(await MessagevisorCLI.main(Array(CommandLine.arguments.dropFirst())))
