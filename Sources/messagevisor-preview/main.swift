// messagevisor-preview: the terminal previewer. The Preview library prepares, updates and
// renders; this executable parses arguments, prints and chooses exit codes (PreviewCommand.swift).
// See `messagevisor-preview --help`.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = await PreviewCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
