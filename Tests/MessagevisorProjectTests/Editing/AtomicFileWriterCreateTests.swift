import Foundation
import MessagevisorProject
import Testing

/// Creating a file is atomic and never replaces one that exists.
@Suite struct AtomicFileWriterCreateTests {
  @Test func createWritesANewFileAndItsMissingDirectories() throws {
    let sandbox = EditingSandbox()
    let path = sandbox.directory + "/messages/nested/new.yml"
    let change = try AtomicFileWriter.create(Array("translations:\n  en: New\n".utf8), at: path)
    #expect(try sandbox.text(path) == "translations:\n  en: New\n")
    #expect(change.before.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.directory + "/messages/nested")
    #expect(names == ["new.yml"])
  }

  @Test func createRefusesAFileThatExistsAndLeavesItAlone() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write("translations:\n  en: Mine\n")
    #expect(throws: MessageEditError.conflict(path: file)) {
      try AtomicFileWriter.create(Array("translations:\n  en: Theirs\n".utf8), at: file)
    }
    #expect(try sandbox.text(file) == "translations:\n  en: Mine\n")
    #expect(sandbox.names() == ["message.yml"])
  }
}
