import Foundation
import MessagevisorProject
import Testing

/// Saving writes atomically, keeps the file's mode, refuses when the file changed on disk, and
/// undo restores the previous bytes only while the file is what the save wrote.
@Suite struct AtomicFileWriterTests {
  let original = "translations:\n  en: Hello\n"
  let edited = "translations:\n  en: Hi\n"

  @Test func writeReplacesTheFileAndReturnsTheBytesBeforeAndAfter() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let change = try AtomicFileWriter.write(
      Array(edited.utf8), replacing: try AtomicFileWriter.read(file))
    #expect(try sandbox.text(file) == edited)
    #expect(
      change == SavedFileChange(path: file, before: Array(original.utf8), after: Array(edited.utf8))
    )
    #expect(sandbox.names() == ["message.yml"])
  }

  @Test func writeRefusesWhenTheFileChangedSinceItWasRead() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let snapshot = try AtomicFileWriter.read(file)
    let external = "translations:\n  en: Changed elsewhere\n"
    _ = try sandbox.write(external)
    #expect(throws: MessageEditError.conflict(path: file)) {
      try AtomicFileWriter.write(Array(edited.utf8), replacing: snapshot)
    }
    #expect(try sandbox.text(file) == external)
    #expect(sandbox.names() == ["message.yml"])
  }

  @Test func aSameSizeSameTimeChangeIsStillAConflict() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let snapshot = try AtomicFileWriter.read(file)
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    _ = try sandbox.write("translations:\n  en: Hellp\n")
    try FileManager.default.setAttributes(
      [.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: file)
    #expect(throws: MessageEditError.conflict(path: file)) {
      try AtomicFileWriter.write(Array(edited.utf8), replacing: snapshot)
    }
  }

  @Test func undoRestoresThePreviousBytesWhileTheFileIsWhatTheSaveWrote() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let change = try AtomicFileWriter.write(
      Array(edited.utf8), replacing: try AtomicFileWriter.read(file))
    let undo = try AtomicFileWriter.undo(change)
    #expect(try sandbox.text(file) == original)
    // Undoing the undo redoes the save.
    try AtomicFileWriter.undo(undo)
    #expect(try sandbox.text(file) == edited)
  }

  @Test func undoRefusesWhenTheFileChangedAfterTheSave() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let change = try AtomicFileWriter.write(
      Array(edited.utf8), replacing: try AtomicFileWriter.read(file))
    let external = "translations:\n  en: Edited by hand\n"
    _ = try sandbox.write(external)
    #expect(throws: MessageEditError.conflict(path: file)) { try AtomicFileWriter.undo(change) }
    #expect(try sandbox.text(file) == external)
  }

  @Test func undoOfADeletedFileIsRefusedAndDoesNotRecreateIt() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let change = try AtomicFileWriter.write(
      Array(edited.utf8), replacing: try AtomicFileWriter.read(file))
    try FileManager.default.removeItem(atPath: file)
    #expect(throws: MessageEditError.missingFile(path: file)) { try AtomicFileWriter.undo(change) }
    #expect(sandbox.names() == [])
  }

  @Test func writeKeepsTheFilesMode() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
    try AtomicFileWriter.write(Array(edited.utf8), replacing: try AtomicFileWriter.read(file))
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    #expect(try sandbox.text(file) == edited)
  }

  @Test func aReadOnlyFileIsRefusedAndUnchanged() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let snapshot = try AtomicFileWriter.read(file)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    let error = #expect(throws: MessageEditError.readOnly(path: file)) {
      try AtomicFileWriter.write(Array(edited.utf8), replacing: snapshot)
    }
    #expect(error?.description.contains("read-only") == true)
    #expect(try sandbox.text(file) == original)
    #expect(sandbox.names() == ["message.yml"])
  }

  @Test func aDeletedFileIsRefusedAndNotRecreated() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let snapshot = try AtomicFileWriter.read(file)
    try FileManager.default.removeItem(atPath: file)
    let error = #expect(throws: MessageEditError.missingFile(path: file)) {
      try AtomicFileWriter.write(Array(edited.utf8), replacing: snapshot)
    }
    #expect(error?.description.contains("does not exist") == true)
    #expect(sandbox.names() == [])
    #expect(throws: MessageEditError.missingFile(path: file)) { try AtomicFileWriter.read(file) }
  }

  @Test func aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
    let sandbox = EditingSandbox()
    let target = try sandbox.write(original, to: "real.yml")
    let link = sandbox.directory + "/message.yml"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.yml")
    try AtomicFileWriter.write(Array(edited.utf8), replacing: try AtomicFileWriter.read(link))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.yml")
    #expect(try sandbox.text(target) == edited)
  }
}
