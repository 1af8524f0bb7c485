import Foundation
import MessagevisorProject

// `messagevisor-swift <command> …`: project commands live in MessagevisorProject; `ota` is the
// ReRune helper's command.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "ota" {
  exit(await OTADispatch.run(Array(arguments.dropFirst())))
}
exit(MessagevisorCLI.run(arguments))
