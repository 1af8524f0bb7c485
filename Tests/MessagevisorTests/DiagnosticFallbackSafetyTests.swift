import Foundation
import Messagevisor
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 16, finding 5: the engine's one print path — diagnostics written to standard error when
/// no handler is installed — quotes keys from datafiles and callers; it must be terminal-safe.
@Suite(.serialized) struct DiagnosticFallbackSafetyTests {
  /// Runs `body` with file descriptor 2 redirected to a temporary file; returns what was written.
  func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    let path = NSTemporaryDirectory() + "mv-stderr-\(UUID().uuidString)"
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let saved = dup(2)
    dup2(file, 2)
    defer {
      dup2(saved, 2)
      close(saved)
      close(file)
      unlink(path)
    }
    try body()
    return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  @Test func theStandardErrorFallbackNeutralizesKeys() throws {
    let written = try capturingStandardError {
      let instance = createMessagevisor(MessagevisorOptions(locale: "en"))
      _ = try instance.translate("k\u{9B}2J\u{202E}\u{2028}\u{1B}]52;c;eA==\u{7}")
    }
    #expect(written.contains("[Messagevisor]"))
    #expect(written.contains("k\u{FFFD}2J"))
    for scalar in written.unicodeScalars where scalar != "\n" {
      let value = scalar.value
      #expect(value >= 0x20 && !(0x7F...0x9F).contains(value), "U+\(String(value, radix: 16))")
      #expect(value != 0x202E && value != 0x2028)
    }
  }
}
