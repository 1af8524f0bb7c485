import Foundation
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject
@testable import MessagevisorSwiftCLI

/// `messagevisor-swift build` with the persistent build cache: the datafiles are the bytes a
/// build without the cache writes, and an unchanged project is written from the cache.
@Suite struct BuildCacheCLITests {
  /// A cache directory of its own, removed with the value.
  final class CacheDirectory {
    let path = NSTemporaryDirectory() + "mv-cli-cache-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Builds `project` (every target and locale) into `output` with `cache` (none: `--no-cache`).
  static func build(
    _ project: String, cache: String?, revision: String, into directory: String
  ) -> (status: Int32, output: CLIOutput) {
    var options = BuildCommand.Options()
    options.project.projectDirectoryPath = project
    options.revision = revision
    options.datafilesDirectoryPath = directory
    options.cacheDirectory = cache
    options.cacheMinimumFiles = 0
    let output = CLIOutput(capture: true)
    return (BuildCommand.run(options, output: output), output)
  }

  /// Every file under `directory` by relative path.
  static func files(_ directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: directory) {
      var isDirectory: ObjCBool = false
      let full = directory + "/" + path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
      }
    }
    return files
  }

  static func projects() throws -> [TempProject] {
    let minimal = TempProject.minimal()
    minimal.write("targets/hashed.yml", "revisionFromHash: true\npretty: true\n")
    var projects = [minimal]
    if let fixture = FixturePaths.project1 {
      let copy = TempProject()
      try FileManager.default.removeItem(atPath: copy.path)
      try FileManager.default.copyItem(atPath: fixture, toPath: copy.path)
      projects.append(copy)
    }
    return projects
  }

  @Test func buildingMinimalAndProject1TwiceWithTheCacheWritesTheBytesOfABuildWithout() throws {
    for project in try Self.projects() {
      let cache = CacheDirectory()
      let out = project.path + "/out"
      for revision in ["41", "42"] {
        let cached = Self.build(project.path, cache: cache.path, revision: revision, into: out)
        #expect(cached.status == 0, "\(cached.output.standardError)")
        let plain = Self.build(
          project.path, cache: nil, revision: revision, into: project.path + "/plain")
        #expect(plain.status == 0)
        let written = try Self.files(out)
        #expect(!written.isEmpty)
        #expect(written == (try Self.files(project.path + "/plain")), "revision \(revision)")
        #expect(cached.output.standardOutput.contains("at revision \(revision)"))
      }
    }
  }

  @Test func anUnchangedProjectIsWrittenFromTheCacheWithTheNextRevision() throws {
    let project = TempProject.minimal()
    let cache = CacheDirectory()
    var options = BuildCommand.Options()
    options.project.projectDirectoryPath = project.path
    options.cacheDirectory = cache.path
    options.cacheMinimumFiles = 0
    #expect(BuildCommand.run(options, output: CLIOutput(capture: true)) == 0)
    // Mark the cached products: a build that uses them writes the mark.
    let store = BuildCacheStore(
      directory: cache.path, root: project.path, set: nil, minimumFiles: 0)
    var products = try #require(DatafileProducts.read(from: store))
    #expect(products.files.map(\.locale) == ["en", "nl"])
    let marked = try #require(
      DatafileProducts.file(
        target: "all", locale: "en", path: products.files[0].path,
        text: "{\"mark\":true,\"revision\":\(JSONText.quote(DatafileProducts.revisionPlaceholder))}"
      ))
    products.files[0] = marked
    products.write(to: store)
    let output = CLIOutput(capture: true)
    #expect(BuildCommand.run(options, output: output) == 0)
    let path = project.path + "/datafiles/" + marked.path
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "{\"mark\":true,\"revision\":\"2\"}\n")
    #expect(
      try String(contentsOfFile: project.path + "/.messagevisor/REVISION", encoding: .utf8)
        == "2\n")
    #expect(output.standardOutput.contains("Built 2 datafile(s) at revision 2"))
    // An edit: built again (the mark is gone).
    project.write("messages/greeting.yml", "translations:\n  en: Hi\n")
    #expect(BuildCommand.run(options, output: CLIOutput(capture: true)) == 0)
    let rebuilt = try DatafileContent.fromJSON(try String(contentsOfFile: path, encoding: .utf8))
    #expect(rebuilt.translations["greeting"] == "Hi")
    #expect(rebuilt.revision == "3")
  }

  @Test func anUnwritableCacheIsOneWarningAndTheBuildSucceeds() throws {
    let project = TempProject.minimal()
    let blocker = CacheDirectory()
    _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("a file".utf8))
    var options = BuildCommand.Options()
    options.project.projectDirectoryPath = project.path
    options.cacheDirectory = blocker.path + "/cache"
    options.cacheMinimumFiles = 0
    let output = CLIOutput(capture: true)
    #expect(BuildCommand.run(options, output: output) == 0)
    let warnings = output.standardError.components(separatedBy: "\n").filter {
      $0.hasPrefix("warning:")
    }
    #expect(warnings.count == 1, "\(output.standardError)")
    #expect(warnings.first?.contains("continuing without the cache") == true)
    #expect(
      FileManager.default.fileExists(atPath: project.path + "/datafiles/messagevisor-all-en.json"))
  }

  @Test func helpNamesTheCacheAndHowToTurnItOff() {
    let output = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["build", "--help"], output: output) == 0)
    #expect(output.standardOutput.contains("--no-cache"))
    #expect(output.standardOutput.contains("MESSAGEVISOR_CACHE_DIR"))
  }
}
