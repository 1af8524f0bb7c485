// messagevisor-preview: the terminal previewer. Everything lives in the Preview library; see
// `messagevisor-preview --help`.
import Foundation
import Preview

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = await PreviewCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
