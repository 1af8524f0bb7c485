import Foundation
import Messagevisor
import MessagevisorSystem
import TestSupport
import Testing

@testable import MessagevisorProject

/// The persistent build cache: a warm load equals a cold one, parses only what changed, and a
/// cache file that is damaged, foreign or from another version is ignored and rewritten.
@Suite("Persistent build cache (BuildCacheStore, ProjectSourceCache persistence)")
struct BuildCacheTests {
  /// A cache directory of its own, removed with the value.
  final class CacheDirectory {
    let path = NSTemporaryDirectory() + "mv-cache-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func store(for project: String, set: String? = nil) -> BuildCacheStore {
      BuildCacheStore(directory: path, root: project, set: set, minimumFiles: 0)
    }
  }

  /// A description of `value` with every stored field, dictionaries in key order: two values
  /// with equal descriptions hold the same data.
  static func canonical(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .dictionary:
      let entries = mirror.children.map { child -> String in
        let pair = Array(Mirror(reflecting: child.value).children)
        return canonical(pair[0].value) + ": " + canonical(pair[1].value)
      }
      return "[" + entries.sorted().joined(separator: ", ") + "]"
    case .collection, .set:
      let items = mirror.children.map { canonical($0.value) }
      return "[" + (mirror.displayStyle == .set ? items.sorted() : items).joined(separator: ", ")
        + "]"
    case .struct, .class, .enum, .tuple, .optional:
      if mirror.children.isEmpty { return String(reflecting: value) }
      let fields = mirror.children.map { ($0.label ?? "_") + ": " + canonical($0.value) }
      return "\(type(of: value))(" + fields.joined(separator: ", ") + ")"
    default:
      return String(reflecting: value)
    }
  }

  /// Everything a load gives: the project's entities and the condition sites and errors kept
  /// per file.
  static func model(_ cache: ProjectSourceCache, _ outcome: ProjectSourceCache.Outcome) -> String {
    var parts: [String] = []
    if let project = outcome.project {
      parts.append(canonical(project.attributes))
      parts.append(canonical(project.locales))
      parts.append(canonical(project.segments))
      parts.append(canonical(project.messages))
      parts.append(canonical(project.targets))
      parts.append(canonical(project.tests))
    }
    parts.append(canonical(outcome.errors))
    for (path, entry) in cache.entries.sorted(by: { $0.key < $1.key }) {
      parts.append(
        path + " " + canonical(entry.conditionSites) + " "
          + canonical(cache.entity(of: entry, at: path)))
    }
    return parts.joined(separator: "\n")
  }

  /// A cold load of `path` (no persistent cache).
  static func cold(_ path: String) -> (ProjectSourceCache, ProjectSourceCache.Outcome) {
    let cache = ProjectSourceCache(root: path)
    return (cache, cache.load())
  }

  /// A load of `path` that starts from `store` and saves to it.
  static func warm(_ path: String, _ store: BuildCacheStore) -> (
    ProjectSourceCache, ProjectSourceCache.Outcome
  ) {
    let cache = ProjectSourceCache(root: path)
    cache.seed(from: store)
    let outcome = cache.load()
    cache.save(to: store)
    return (cache, outcome)
  }

  /// A copy of upstream's project-1 (every entity kind, overrides, tests), or `nil` without the
  /// shared fixtures.
  static func project1() throws -> TempProject? {
    guard let fixture = FixturePaths.project1 else { return nil }
    let copy = TempProject()
    try FileManager.default.removeItem(atPath: copy.path)
    try FileManager.default.copyItem(atPath: fixture, toPath: copy.path)
    return copy
  }

  static func projects() throws -> [TempProject] {
    [TempProject.minimal()] + (try project1().map { [$0] } ?? [])
  }

  @Test func aWarmLoadOfMinimalAndProject1GivesTheColdLoadsProject() throws {
    for project in try Self.projects() {
      let directory = CacheDirectory()
      let store = directory.store(for: project.path)
      let (coldCache, coldOutcome) = Self.cold(project.path)
      #expect(coldOutcome.errors.isEmpty, "\(coldOutcome.errors)")
      let (_, first) = Self.warm(project.path, store)
      #expect(first.parsedFiles == coldOutcome.parsedFiles, "no cache yet: everything is parsed")
      let (warmCache, warm) = Self.warm(project.path, store)
      #expect(warmCache.seedRejection == nil)
      #expect(warm.parsedFiles.isEmpty)
      #expect(warmCache.seededFiles == coldCache.entries.count)
      #expect(Self.model(warmCache, warm) == Self.model(coldCache, coldOutcome))
      #expect(warmCache.inputDigest == coldCache.inputDigest)
      // The datafiles built from either are the same.
      for target in (coldOutcome.project?.targets.keys.sorted() ?? []) {
        let coldBuild = IncrementalTargetBuild(target: target)
        _ = try coldBuild.update(project: try #require(coldOutcome.project), changedMessages: nil)
        let warmBuild = IncrementalTargetBuild(target: target)
        _ = try warmBuild.update(project: try #require(warm.project), changedMessages: nil)
        #expect(warmBuild.datafiles == coldBuild.datafiles, "target \(target)")
      }
    }
  }

  @Test func theCacheKeepsEachMessageOnceAndWritesItWhole() throws {
    let project = TempProject.minimal()
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    let (cache, outcome) = Self.warm(project.path, store)
    let message = try #require(outcome.project?.messages["greeting"])
    let path = "messages/greeting.yml"
    let entry = try #require(cache.entries[path])
    // The entry points at the model's copy instead of holding a second one.
    guard case .success(.messageInModel) = entry.entity else {
      Issue.record("the entry holds a copy of its message: \(entry.entity)")
      return
    }
    guard case .success(.message(let resolved)) = cache.entity(of: entry, at: path) else {
      Issue.record("the entry's message is not found in the model")
      return
    }
    #expect(resolved.translations == message.translations)
    // Written whole: the next start takes it from the cache file and parses nothing.
    let (_, warm) = Self.warm(project.path, store)
    #expect(warm.parsedFiles.isEmpty)
    #expect(warm.project?.messages["greeting"]?.translations == message.translations)
  }

  @Test func twoFilesOfOneMessageKeyEachKeepTheirMessage() throws {
    let project = TempProject.minimal()
    project.write("messages/auth/signin.yml", "translations:\n  en: From the folder\n")
    project.write("messages/auth.signin.yml", "translations:\n  en: From the dotted name\n")
    let cache = ProjectSourceCache(root: project.path)
    _ = cache.load()
    let expected = [
      "messages/auth/signin.yml": "From the folder",
      "messages/auth.signin.yml": "From the dotted name",
    ]
    for (path, text) in expected {
      let entry = try #require(cache.entries[path])
      #expect(entry.key == "auth.signin")
      guard case .success(.message(let message)) = cache.entity(of: entry, at: path) else {
        Issue.record("\(path) lost its message: \(entry.entity)")
        continue
      }
      #expect(message.file == path)
      #expect(message.translations["en"] == text)
    }
  }

  @Test func anEditReparsesOnlyItsFile() throws {
    let project = TempProject.minimal()
    project.write("messages/other.yml", "translations:\n  en: Other\n")
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    _ = Self.warm(project.path, store)
    project.write("messages/other.yml", "translations:\n  en: Changed\n  nl: Anders\n")
    let (cache, outcome) = Self.warm(project.path, store)
    #expect(outcome.parsedFiles == ["messages/other.yml"])
    #expect(outcome.project?.messages["other"]?.translations == ["en": "Changed", "nl": "Anders"])
    let (coldCache, coldOutcome) = Self.cold(project.path)
    #expect(Self.model(cache, outcome) == Self.model(coldCache, coldOutcome))
    // Saved with the edit: the next start parses nothing.
    #expect(Self.warm(project.path, store).1.parsedFiles.isEmpty)
  }

  @Test func aFileRewrittenWithTheSameBytesIsHashedNotParsed() throws {
    let project = TempProject.minimal()
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    _ = Self.warm(project.path, store)
    let path = project.path + "/messages/greeting.yml"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: path)
    try bytes.write(to: URL(fileURLWithPath: path))  // a new inode and stamp, the same bytes
    let (cache, outcome) = Self.warm(project.path, store)
    #expect(outcome.parsedFiles.isEmpty)
    #expect(outcome.project?.messages["greeting"]?.translations["en"] == "Hello")
    #expect(
      ProjectSourceCache.unchangedInputs(root: project.path, set: nil, store: store)?.digest
        == cache.inputDigest)
  }

  @Test func addedAndRemovedFilesAreFoundByListing() throws {
    let project = TempProject.minimal()
    project.write("messages/gone.yml", "translations:\n  en: Gone\n")
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    _ = Self.warm(project.path, store)
    try FileManager.default.removeItem(atPath: project.path + "/messages/gone.yml")
    project.write("messages/new.yml", "translations:\n  en: New\n")
    #expect(ProjectSourceCache.unchangedInputs(root: project.path, set: nil, store: store) == nil)
    let (cache, outcome) = Self.warm(project.path, store)
    #expect(outcome.parsedFiles == ["messages/new.yml"])
    #expect(outcome.project?.messages["gone"] == nil)
    #expect(outcome.project?.messages["new"]?.translations["en"] == "New")
    let (coldCache, coldOutcome) = Self.cold(project.path)
    #expect(Self.model(cache, outcome) == Self.model(coldCache, coldOutcome))
  }

  @Test func aConfigChangeIgnoresTheCache() throws {
    let project = TempProject.minimal()
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    _ = Self.warm(project.path, store)
    project.write("messagevisor.config.yml", "sourceLocale: en\n")
    #expect(ProjectSourceCache.unchangedInputs(root: project.path, set: nil, store: store) == nil)
    let (cache, outcome) = Self.warm(project.path, store)
    #expect(cache.seedRejection != nil)
    #expect(outcome.parsedFiles.count == cache.entries.count)
  }

  /// Ways a cache file can be wrong.
  enum Damage: String, CaseIterable, Sendable {
    case truncated, wrongFormatVersion, otherToolVersion, foreignFile, empty
    /// A bit flipped in the first section (the manifest) or in the last one.
    case checksumFlipFirst, checksumFlipLast

    func apply(to bytes: inout [UInt8]) {
      switch self {
      case .truncated: bytes.removeLast(bytes.count / 2)
      case .wrongFormatVersion: bytes[8] &+= 1
      case .otherToolVersion:
        let version = Array(DatafileBuilder.toolVersion.utf8)
        if let start = (0...(bytes.count - version.count)).first(where: {
          bytes[$0..<$0 + version.count].elementsEqual(version)
        }) {
          bytes[start] = UInt8(ascii: "9")
        }
      case .foreignFile: bytes = Array("translations:\n  en: not a cache\n".utf8)
      case .checksumFlipFirst: bytes[100] ^= 0x40
      case .checksumFlipLast: bytes[bytes.count - 3] ^= 0x40
      case .empty: bytes = []
      }
    }
  }

  @Test(arguments: Damage.allCases)
  func aDamagedSourcesFileIsIgnoredAndRewritten(_ damage: Damage) throws {
    let project = TempProject.minimal()
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    let (coldCache, coldOutcome) = Self.cold(project.path)
    _ = Self.warm(project.path, store)
    var bytes = try #require(store.read(SourceSnapshot.kind))
    damage.apply(to: &bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: store.path(SourceSnapshot.kind)))
    // The manifest alone decides that nothing changed (the entities are checked when read).
    if damage != .checksumFlipFirst {
      #expect(
        ProjectSourceCache.unchangedInputs(root: project.path, set: nil, store: store) == nil)
    }
    let (cache, outcome) = Self.warm(project.path, store)
    if damage != .empty {
      #expect(cache.seedRejection != nil, "\(damage)")
    }
    #expect(outcome.parsedFiles == coldOutcome.parsedFiles, "everything parsed again")
    #expect(Self.model(cache, outcome) == Self.model(coldCache, coldOutcome))
    // Rewritten: the next load takes it.
    let (again, next) = Self.warm(project.path, store)
    #expect(again.seedRejection == nil)
    #expect(next.parsedFiles.isEmpty)
  }

  @Test(arguments: Damage.allCases)
  func aDamagedProductsFileIsNotUsed(_ damage: Damage) throws {
    let directory = CacheDirectory()
    let store = directory.store(for: "/nonexistent/project")
    let text = "{\"revision\":\(JSONText.quote(DatafileProducts.revisionPlaceholder)),\"x\":1}"
    let file = try #require(
      DatafileProducts.file(target: "t", locale: "en", path: "t-en.json", text: text))
    DatafileProducts(digest: ContentHash(high: 1, low: 2), files: [file]).write(to: store)
    #expect(DatafileProducts.read(from: store)?.files == [file])
    var bytes = try #require(store.read(DatafileProducts.kind))
    damage.apply(to: &bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: store.path(DatafileProducts.kind)))
    #expect(DatafileProducts.read(from: store) == nil)
  }

  @Test func aProductKeepsEverythingButTheRevision() throws {
    let text =
      "{\"a\":\"\\u0001\",\"revision\":\(JSONText.quote(DatafileProducts.revisionPlaceholder))}"
    let file = try #require(
      DatafileProducts.file(target: "t", locale: "en", path: "p", text: text))
    #expect(
      String(decoding: file.text(revision: "12"), as: UTF8.self)
        == "{\"a\":\"\\u0001\",\"revision\":\"12\"}")
    // A text without the placeholder (or with it twice) cannot be split.
    #expect(DatafileProducts.file(target: "t", locale: "en", path: "p", text: "{}") == nil)
    #expect(DatafileProducts.file(target: "t", locale: "en", path: "p", text: text + text) == nil)
  }

  @Test func anUnwritableCacheDirectoryIsAWarningAndTheLoadWorks() throws {
    let project = TempProject.minimal()
    let blocker = CacheDirectory()
    _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("a file".utf8))
    // A directory under a regular file cannot be created, not even by root.
    let store = BuildCacheStore(
      directory: blocker.path + "/cache", root: project.path, set: nil, minimumFiles: 0)
    let (_, outcome) = Self.warm(project.path, store)
    #expect(outcome.errors.isEmpty)
    #expect(outcome.project?.messages["greeting"] != nil)
    let warning = try #require(store.warning)
    #expect(warning.contains(blocker.path + "/cache"))
    #expect(warning.contains("continuing without the cache"))
  }

  @Test func smallProjectsAreNotWrittenByDefault() throws {
    let project = TempProject.minimal()
    let directory = CacheDirectory()
    let store = BuildCacheStore(directory: directory.path, root: project.path, set: nil)
    _ = Self.warm(project.path, store)
    #expect(!FileManager.default.fileExists(atPath: store.path(SourceSnapshot.kind)))
  }

  @Test func theDefaultDirectoryFollowsTheEnvironment() {
    #expect(
      BuildCacheStore.defaultDirectory(environment: [
        "MESSAGEVISOR_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h",
      ]) == "/c")
    #expect(
      BuildCacheStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])
        == "/x/messagevisor-swift")
    #expect(
      BuildCacheStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])
        == "/h/.cache/messagevisor-swift")
    #expect(BuildCacheStore.defaultDirectory(environment: [:]) == nil)
  }

  @Test func projectsAndSetsHaveFilesOfTheirOwn() {
    let a = BuildCacheStore(directory: "/c", root: "/p/a", set: nil)
    let b = BuildCacheStore(directory: "/c", root: "/p/b", set: nil)
    let aSet = BuildCacheStore(directory: "/c", root: "/p/a", set: "x")
    #expect(Set([a.name, b.name, aSet.name]).count == 3)
  }

  /// `build` and the previewer each trust only what their own executable cached: sharing one
  /// file, each run of one would discard and rewrite the other's cache.
  @Test func eachProgramHasFilesOfItsOwn() {
    func store(_ program: String) -> BuildCacheStore {
      BuildCacheStore(directory: "/c", root: "/p/a", set: nil, minimumFiles: 0, program: program)
    }
    #expect(store("messagevisor-swift").name != store("messagevisor-preview").name)
    #expect(store("messagevisor-swift").name == store("messagevisor-swift").name)
    #expect(!BuildCacheStore.programName.isEmpty)
  }

  /// Garbled entities with checksums that match (what a crafted file looks like): every entry
  /// either decodes or is refused; nothing crashes, reads out of bounds or reserves without
  /// limit.
  @Test func garbledProject1EntitiesWithMatchingChecksumsAreReadOrRefused() throws {
    guard let project = try Self.project1() else { return }
    let directory = CacheDirectory()
    let store = directory.store(for: project.path)
    _ = Self.warm(project.path, store)
    let original = try #require(store.read(SourceSnapshot.kind))
    let sections = try original.withUnsafeBufferPointer { buffer throws(CacheFormatError) in
      try CacheFile.sections(of: buffer, kind: SourceSnapshot.kind).map(\.range)
    }
    var random = SeededGenerator(seed: 32)
    var refused = 0
    for _ in 0..<100 {
      var entities = Array(original[sections[0]])
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        entities[Int.random(in: 0..<entities.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      let bytes = CacheFile.encode(
        kind: SourceSnapshot.kind, sections: [entities, Array(original[sections[1]])])
      do {
        let (snapshot, section) = try bytes.withUnsafeBufferPointer {
          buffer throws(CacheFormatError) in try SourceSnapshot.manifest(of: buffer)
        }
        _ = try SourceSnapshot.entries(snapshot.items, entities: section, in: bytes)
      } catch {
        refused += 1
      }
    }
    #expect(refused > 0)
  }

  @Test func deeplyNestedValuesInACacheFileAreRefusedNotRecursedInto() {
    var bytes = [UInt8](repeating: 7, count: 100_000)  // arrays of arrays of …
    bytes += [1]
    var caught: CacheFormatError?
    bytes.withUnsafeBufferPointer { buffer in
      var reader = CacheReader(buffer)
      do throws(CacheFormatError) { _ = try reader.value() } catch { caught = error }
    }
    #expect(caught != nil)
  }

  @Test func aHashGivenInPiecesIsTheHashOfTheWhole() {
    var state: UInt64 = 7
    let bytes = (0..<1_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 40)
    }
    for total in [0, 1, 7, 8, 9, 63, 64, 1_000] {
      for piece in [1, 3, 8, 13, 1_000] {
        var stream = ContentHashStream()
        var start = 0
        while start < total {
          let end = min(total, start + piece)
          bytes[start..<end].withUnsafeBytes { stream.combine($0) }
          start = end
        }
        #expect(stream.finalize() == ContentHash(of: bytes[0..<total]), "\(total) by \(piece)")
      }
    }
  }

  @Test func aStreamedCacheFileIsTheFileEncodedInMemory() throws {
    let directory = CacheDirectory()
    let path = directory.store(for: "/nonexistent/project").path("streamed")
    let first = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let second = Array("manifest".utf8)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try AtomicFile.write(to: path) { output in
      var stream = CacheFileStream(kind: "streamed", sectionCount: 2, output: output, flushSize: 7)
      for chunk in stride(from: 0, to: first.count, by: 5) {
        stream.writer.raw(Array(first[chunk..<min(first.count, chunk + 5)]))
        stream.flushIfFull()
      }
      stream.endSection()
      stream.writer.raw(second)
      stream.endSection()
      return stream.finish()
    }
    let written = try #require(FileManager.default.contents(atPath: path))
    #expect(
      [UInt8](written)
        == CacheFile.encode(kind: "streamed", payload: first + second, lengths: [5_000, 8]))
  }
}
