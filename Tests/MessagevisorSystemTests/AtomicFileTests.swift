import Foundation
import Testing

@testable import MessagevisorSystem

@Suite("Atomic file writes")
struct AtomicFileTests {
  /// A fresh temporary directory for `body`, removed afterwards.
  static func inDirectory(_ body: (String) throws -> Void) throws {
    try inTemporaryDirectory("atomic-file", body)
  }

  static func names(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  @Test func replaceWritesTheBytesWithTheAskedModeAndTimeAndLeavesNoTemporaryFile() throws {
    try Self.inDirectory { directory in
      let path = directory + "/file.json"
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      var options = AtomicFile.Options()
      options.permissions = 0o640
      options.modifiedAt = 1_000_000_000
      options.synchronizeDirectory = true
      try AtomicFile.write(Array("new".utf8), to: path, options: options)
      #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? Int) == 0o640)
      #expect(
        (attributes[.modificationDate] as? Date) == Date(timeIntervalSince1970: 1_000_000_000))
      #expect(Self.names(directory) == ["file.json"])
    }
  }

  @Test func anAbandonedWriteKeepsTheOldFileAndRemovesTheTemporaryOne() throws {
    try Self.inDirectory { directory in
      let path = directory + "/file.json"
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      #expect(throws: AtomicFileError.self) {
        try AtomicFile.write(Data("new".utf8), to: path) { false }
      }
      do throws(AtomicFileError) {
        try AtomicFile.write(Data("new".utf8), to: path) { false }
      } catch {
        #expect(error.step == .abandoned)
        #expect(!FileManager.default.fileExists(atPath: error.temporaryPath))
      }
      #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
      #expect(Self.names(directory) == ["file.json"])
    }
  }

  @Test func createNeverOverwritesAFileThatExists() throws {
    try Self.inDirectory { directory in
      let path = directory + "/file.yml"
      try AtomicFile.write(Data("first".utf8), to: path, commit: .create)
      do throws(AtomicFileError) {
        try AtomicFile.write(Data("second".utf8), to: path, commit: .create)
        Issue.record("a second create succeeded")
      } catch {
        #expect(error.step == .commit && error.code == EEXIST)
      }
      #expect(FileManager.default.contents(atPath: path) == Data("first".utf8))
      #expect(Self.names(directory) == ["file.yml"])
    }
  }

  @Test func aMissingDirectoryFailsAtCreationWithItsReason() throws {
    try Self.inDirectory { directory in
      do throws(AtomicFileError) {
        try AtomicFile.write(Data("x".utf8), to: directory + "/missing/file")
        Issue.record("the write succeeded")
      } catch {
        #expect(error.step == .create && error.code == ENOENT)
        #expect(error.reason == String(cString: strerror(ENOENT)))
        #expect(error.temporaryPath.hasPrefix(directory + "/missing/.file."))
        #expect(error.temporaryPath.hasSuffix(".tmp"))
      }
    }
  }
}
