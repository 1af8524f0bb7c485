import Foundation
import MessagevisorSwiftCLI

// `messagevisor-swift <command> …`: the command line is declared and parsed in
// MessagevisorSwiftCLI; the work is done by MessagevisorProject and ReRune.
// The process ends with the command, so what the command loaded is not freed first: the output
// keeps it, and as a global of this file the output lives until `exit`.
let output = CLIOutput(endsProcess: true)
exit(await MessagevisorCLI.main(Array(CommandLine.arguments.dropFirst()), output: output))
