import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to completion through ``ChildProcess`` (posix_spawn, standard input from
/// /dev/null, an empty signal mask) and collects its output from temporary files.
enum Spawn {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static func run(_ argv: [String], directory: String? = nil) -> Result {
    let base =
      NSTemporaryDirectory() + "preview-spawn-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let outPath = base + ".out"
    let errPath = base + ".err"
    defer {
      unlink(outPath)
      unlink(errPath)
    }
    var command = argv
    if let directory {
      // posix_spawn has no portable chdir action: go through /bin/sh.
      let quoted = argv.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      command = ["/bin/sh", "-c", "cd '\(directory)' && exec " + quoted.joined(separator: " ")]
    }
    let status: Int32
    do {
      status = try ChildProcess.run(command, standardOutput: outPath, standardError: errPath)
    } catch {
      return Result(status: 127, output: "", error: "spawn failed")
    }
    return Result(
      status: status,
      output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }
}
