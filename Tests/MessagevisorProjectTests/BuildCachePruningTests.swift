import Foundation
import Testing

@testable import MessagevisorProject

/// The cache directory stays bounded: other projects' files unused for a month go, and beyond the
/// total size the least recently used go first; the store's own files and files it did not name
/// are never touched.
@Suite("Build cache pruning (BuildCacheStore.prune)")
struct BuildCachePruningTests {
  let directory = BuildCacheTests.CacheDirectory()
  let now = Date()
  static let day: TimeInterval = 24 * 60 * 60

  /// Writes `bytes` bytes to `name` in the cache directory, last modified `age` seconds before `now`.
  func file(_ name: String, bytes: Int = 10, age: TimeInterval) throws {
    let path = (directory.path as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      atPath: directory.path, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: bytes).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: path)
  }

  func names() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
  }

  static func other(_ digit: Character) -> String { String(repeating: digit, count: 32) }

  @Test func otherProjectsFilesUnusedForAMonthAreRemovedAndNothingElse() throws {
    let store = directory.store(for: "/p/own")
    try file("\(store.name).sources", age: 90 * Self.day)
    try file(Self.other("a") + ".sources", age: 31 * Self.day)
    try file(Self.other("a") + ".products", age: 31 * Self.day)
    try file(Self.other("b") + ".sources", age: 29 * Self.day)
    try file("notes.txt", age: 90 * Self.day)
    try file(Self.other("c") + ".sources.tmp", age: 90 * Self.day)
    try file(Self.other("A") + ".sources", age: 90 * Self.day)
    let removed = store.prune(now: now)
    #expect(Set(removed) == [Self.other("a") + ".sources", Self.other("a") + ".products"])
    #expect(
      try names() == [
        "\(store.name).sources", Self.other("b") + ".sources", "notes.txt",
        Self.other("c") + ".sources.tmp", Self.other("A") + ".sources",
      ])
  }

  @Test func beyondTheTotalSizeTheLeastRecentlyUsedGoFirstButNeverTheStoresOwn() throws {
    let store = directory.store(for: "/p/own")
    try file("\(store.name).products", bytes: 100, age: 5 * Self.day)
    try file(Self.other("a") + ".sources", bytes: 100, age: 4 * Self.day)
    try file(Self.other("b") + ".sources", bytes: 100, age: 3 * Self.day)
    try file(Self.other("c") + ".sources", bytes: 100, age: 2 * Self.day)
    let removed = store.prune(now: now, maximumTotalBytes: 250)
    #expect(removed == [Self.other("a") + ".sources", Self.other("b") + ".sources"])
    #expect(try names() == ["\(store.name).products", Self.other("c") + ".sources"])
  }

  @Test func aWritePrunesAndAReadMarksTheFileUsed() throws {
    let store = directory.store(for: "/p/own")
    let stale = Self.other("d") + ".sources"
    try file(stale, age: 40 * Self.day)
    try file("\(store.name).products", age: 40 * Self.day)
    #expect(store.read("products") != nil)
    let used =
      try FileManager.default.attributesOfItem(
        atPath: store.path("products"))[.modificationDate] as? Date
    #expect(used.map { Date().timeIntervalSince($0) < Self.day } == true)
    store.write("sources", [1, 2, 3])
    #expect(try names() == ["\(store.name).products", "\(store.name).sources"])
  }

  @Test(arguments: [
    ("0123456789abcdef0123456789abcdef.sources", true),
    ("0123456789abcdef0123456789abcdef.products", true),
    ("0123456789abcdef0123456789abcdef.other", false),
    ("0123456789ABCDEF0123456789abcdef.sources", false),
    ("0123456789abcdef0123456789abcde.sources", false),
    ("0123456789abcdef0123456789abcdef.sources.tmp", false),
    ("sources", false),
  ])
  func cacheFileNames(_ name: String, _ isCacheFile: Bool) {
    #expect(BuildCacheStore.isCacheFileName(name) == isCacheFile)
  }
}
