import Foundation
import Testing

@testable import MessagevisorSystem

@Suite("Directory listings")
struct DirectoryListingTests {
  /// A fresh temporary directory for `body`, removed afterwards.
  static func inDirectory(_ body: (String) throws -> Void) throws {
    try inTemporaryDirectory("directory-listing", body)
  }

  static func write(_ path: String) throws {
    let parent = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func filesListsEveryFileOfTheTreeRelativeToItsRootHiddenDirectoriesIncluded() throws {
    try Self.inDirectory { root in
      let paths = ["a.yml", "one/b.yml", "one/two/c.yml", ".hidden/d.yml", "one/.e.yml", "é/ü.yml"]
      for path in paths { try Self.write(root + "/" + path) }
      try FileManager.default.createDirectory(
        atPath: root + "/empty", withIntermediateDirectories: true)
      var visited = 0
      let files = DirectoryListing.files(under: root, beforeDirectory: { visited += 1 })
      #expect(
        files?.sorted()
          == [".hidden/d.yml", "a.yml", "one/.e.yml", "one/b.yml", "one/two/c.yml", "é/ü.yml"])
      // The root, `.hidden`, `one`, `one/two`, `empty` and `é`.
      #expect(visited == 6)
    }
  }

  @Test func aSymbolicLinkIsListedAsAFileAndNeverFollowedSoACycleEnds() throws {
    try Self.inDirectory { root in
      try Self.write(root + "/real/a.yml")
      try FileManager.default.createSymbolicLink(
        atPath: root + "/real/loop", withDestinationPath: root)
      try FileManager.default.createSymbolicLink(
        atPath: root + "/link.yml", withDestinationPath: root + "/real/a.yml")
      #expect(
        DirectoryListing.files(under: root)?.sorted() == ["link.yml", "real/a.yml", "real/loop"])
      let entries = DirectoryListing.entries(of: root + "/real").sorted { $0.name < $1.name }
      #expect(
        entries == [
          DirectoryListing.Entry(name: "a.yml", isDirectory: false),
          DirectoryListing.Entry(name: "loop", isDirectory: false),
        ])
    }
  }

  @Test func aDirectoryThatCannotBeOpenedListsAsNothing() throws {
    try Self.inDirectory { root in
      try Self.write(root + "/file.yml")
      #expect(DirectoryListing.files(under: root + "/absent") == nil)
      #expect(DirectoryListing.files(under: root + "/file.yml") == nil)
      #expect(DirectoryListing.entries(of: root + "/absent").isEmpty)
    }
  }
}
