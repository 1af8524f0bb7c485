import Foundation

/// Stops the soak on a usage or setup error (exit status 2, distinct from a failed assertion).
func fatal(_ message: String) -> Never {
  FileHandle.standardError.write(Data("ota-soak: \(message)\n".utf8))
  exit(2)
}
