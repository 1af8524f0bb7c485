import Foundation
import Testing

@testable import Preview

@Suite("The embedded demo", .enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
struct EmbeddedDemoTests {
  /// The files the generator embeds: Demo/project without tests/, Demo/Resources, Demo/ota.
  static func demoFiles() -> [String] {
    let root = DemoFixture.packageRoot.appendingPathComponent("Demo").path
    var result: [String] = []
    for top in ["project", "Resources", "ota"] {
      let enumerator = FileManager.default.enumerator(atPath: root + "/" + top)
      while let relative = enumerator?.nextObject() as? String {
        let path = top + "/" + relative
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(
          atPath: root + "/" + path, isDirectory: &isDirectory)
        if !exists || isDirectory.boolValue || path.hasPrefix("project/tests/") { continue }
        if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        result.append(path)
      }
    }
    return result.sorted()
  }

  @Test func isCurrentWithDemo() throws {
    let root = DemoFixture.packageRoot.appendingPathComponent("Demo").path
    let embedded = EmbeddedDemo.decodedFiles()
    #expect(embedded.count == EmbeddedDemo.fileCount, "a file did not decode")
    #expect(
      embedded.map(\.path).sorted() == Self.demoFiles(),
      "Sources/Preview/Embedded/EmbeddedDemoFiles.swift is stale: run scripts/generate-embedded-demo.sh"
    )
    for file in embedded {
      let onDisk = FileManager.default.contents(atPath: root + "/" + file.path)
      #expect(
        onDisk == file.data,
        "\(file.path) differs from Demo/: run scripts/generate-embedded-demo.sh")
    }
  }

  @Test func unpacksOnceAndLoads() throws {
    let cache = DemoFixture.temporaryDirectory("embedded")
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let demo = try EmbeddedDemo.unpack(cacheRoot: cache)
    #expect(demo == EmbeddedDemo.directory(in: cache))
    #expect(FileManager.default.fileExists(atPath: demo + "/project/previews/welcome.yml"))
    #expect(FileManager.default.fileExists(atPath: demo + "/ota/manifest.json"))
    // A second call reuses the unpacked copy (edits there survive).
    try "edited".write(toFile: demo + "/marker", atomically: true, encoding: .utf8)
    #expect(try EmbeddedDemo.unpack(cacheRoot: cache) == demo)
    #expect(FileManager.default.fileExists(atPath: demo + "/marker"))
    // Without Demo/ around, the paths point into the unpacked demo.
    let elsewhere = DemoFixture.temporaryDirectory("nowhere")
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    let paths = try DemoPaths.resolveOrUnpack(
      PreviewOptions(), currentDirectory: elsewhere, cacheRoot: cache)
    #expect(paths.project == demo + "/project")
    #expect(paths.resources == demo + "/Resources" && paths.otaSite == demo + "/ota")
    let project = try PreviewProjectLoader.load(path: paths.project, target: nil)
    #expect(project.screens.names == ["welcome", "story", "messages"])
  }

  @Test func anUnwritableCacheFallsBackToTheTemporaryDirectory() throws {
    let blocker = DemoFixture.temporaryDirectory("blocked") + "/file"
    defer {
      try? FileManager.default.removeItem(atPath: (blocker as NSString).deletingLastPathComponent)
    }
    // A regular file where the cache root's parent should be: nothing can be created under it.
    try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
    let elsewhere = DemoFixture.temporaryDirectory("nowhere2")
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    let paths = try DemoPaths.resolveOrUnpack(
      PreviewOptions(), currentDirectory: elsewhere, cacheRoot: blocker + "/cache")
    #expect(paths.project.hasPrefix(NSTemporaryDirectory()))
    #expect(FileManager.default.fileExists(atPath: paths.project + "/previews/welcome.yml"))
  }

  @Test func anInterruptedUnpackIsReplaced() throws {
    let cache = DemoFixture.temporaryDirectory("interrupted")
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let target = EmbeddedDemo.directory(in: cache)
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    try "half".write(toFile: target + "/partial", atomically: true, encoding: .utf8)
    let demo = try EmbeddedDemo.unpack(cacheRoot: cache)
    #expect(!FileManager.default.fileExists(atPath: demo + "/partial"))
    #expect(FileManager.default.fileExists(atPath: demo + "/.complete"))
  }
}
