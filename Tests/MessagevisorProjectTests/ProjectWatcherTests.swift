import Foundation
import MessagevisorProject
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Batches a watcher reported, collected from its thread.
final class BatchLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [ProjectChangeBatch] = []

  func append(_ batch: ProjectChangeBatch) {
    lock.lock()
    storage.append(batch)
    lock.unlock()
  }

  var batches: [ProjectChangeBatch] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Everything reported so far, merged.
  var merged: ProjectChangeBatch {
    var all = ProjectChangeBatch()
    for batch in batches { all.merge(batch) }
    return all
  }

  /// Polls (every 20 ms, at most `seconds`) until `predicate` holds for the batches so far.
  @discardableResult
  func wait(seconds: Double = 20, _ predicate: ([ProjectChangeBatch]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !predicate(batches) {
      if Date() > deadline { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return true
  }
}

@Suite("ProjectWatcher (inotify)", .serialized)
struct ProjectWatcherTests {
  static func start(
    _ root: String, _ options: ProjectWatcher.Options = .init(quietPeriod: .milliseconds(30))
  ) throws -> (ProjectWatcher, BatchLog) {
    let log = BatchLog()
    let watcher = try ProjectWatcher(root: root, options: options) { log.append($0) }
    return (watcher, log)
  }

  @Test func anEditedFileIsReported() throws {
    let project = TempProject.minimal()
    let (watcher, log) = try Self.start(project.path)
    defer { watcher.stop() }
    project.write("messages/greeting.yml", "translations:\n  en: Hi\n")
    #expect(log.wait { $0.contains { $0.paths.contains("messages/greeting.yml") } })
    #expect(log.batches.allSatisfy { !$0.rootRemoved })
  }

  @Test func quickWritesAreCoalescedIntoOneBatch() throws {
    let project = TempProject.minimal()
    // A long quiet period: 20 writes made one after another all land in the same window.
    let (watcher, log) = try Self.start(
      project.path, .init(quietPeriod: .seconds(2), maximumDelay: .seconds(30)))
    defer { watcher.stop() }
    let names = (0..<20).map { "messages/m\($0).yml" }
    for name in names { project.write(name, "translations:\n  en: x\n") }
    #expect(log.wait { !$0.isEmpty })
    let batches = log.batches
    #expect(batches.count == 1, "\(batches.count) batches")
    #expect(Set(names).isSubset(of: batches.first?.paths ?? []))
    #expect(batches.first?.structureChanged == true)
    #expect((batches.first?.eventCount ?? 0) >= 20)
  }

  @Test func filesInANewDirectoryAreWatched() throws {
    let project = TempProject.minimal()
    let (watcher, log) = try Self.start(project.path)
    defer { watcher.stop() }
    try FileManager.default.createDirectory(
      atPath: project.path + "/messages/deep/er", withIntermediateDirectories: true)
    #expect(log.wait { $0.contains { $0.paths.contains("messages/deep") } })
    // Written after the new directory was seen: reported through the new directory's watch.
    #expect(
      log.wait(seconds: 5) { _ in
        project.write("messages/deep/er/new.yml", "translations:\n  en: new\n")
        return log.wait(seconds: 1) {
          $0.contains { $0.paths.contains("messages/deep/er/new.yml") }
        }
      })
  }

  @Test func aBurstOfTenThousandWritesGivesFewBatches() throws {
    let project = TempProject.minimal()
    let (watcher, log) = try Self.start(
      project.path, .init(quietPeriod: .milliseconds(50), maximumDelay: .milliseconds(250)))
    defer { watcher.stop() }
    let count = 10_000
    try FileManager.default.createDirectory(
      atPath: project.path + "/messages/burst", withIntermediateDirectories: true)
    for index in 0..<count {
      // POSIX calls: FileManager is slow enough in debug builds to dominate the test.
      let fd = open(project.path + "/messages/burst/m\(index).yml", O_WRONLY | O_CREAT, 0o644)
      #expect(fd >= 0)
      let text = Array("translations:\n  en: \(index)\n".utf8)
      _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    let expected = Set((0..<count).map { "messages/burst/m\($0).yml" })
    // Every write is reported, or the kernel queue overflowed and a rescan batch says so.
    #expect(
      log.wait(seconds: 60) { batches in
        var all = ProjectChangeBatch()
        for batch in batches { all.merge(batch) }
        return all.rescan || expected.isSubset(of: all.paths)
      })
    let batches = log.batches
    #expect(batches.count < count / 10, "\(batches.count) batches for \(count) writes")
  }

  @Test func aRemovedRootIsReportedAndItsReturnIsNoticed() throws {
    let project = TempProject.minimal()
    let (watcher, log) = try Self.start(
      project.path, .init(quietPeriod: .milliseconds(30), rootPollInterval: .milliseconds(50)))
    defer { watcher.stop() }
    try FileManager.default.removeItem(atPath: project.path)
    #expect(log.wait { $0.contains { $0.rootRemoved } }, "\(log.batches)")
    project.write("messages/greeting.yml", "translations:\n  en: back\n")
    #expect(log.wait { $0.last?.rescan == true && $0.last?.rootRemoved == false }, "\(log.batches)")
    // Watching again: a later edit is reported as usual.
    let before = log.batches.count
    project.write("messages/other.yml", "translations:\n  en: later\n")
    #expect(
      log.wait { $0.dropFirst(before).contains { $0.paths.contains("messages/other.yml") } })
  }

  @Test func nothingIsReportedAfterStop() throws {
    let project = TempProject.minimal()
    let (watcher, log) = try Self.start(project.path)
    watcher.stop()
    watcher.stop()  // twice is fine
    project.write("messages/greeting.yml", "translations:\n  en: Hi\n")
    Thread.sleep(forTimeInterval: 0.2)
    #expect(log.batches.isEmpty)
  }

  @Test func hiddenDirectoriesAreNotWatched() throws {
    let project = TempProject.minimal()
    project.write(".git/objects/x", "x")
    let (watcher, log) = try Self.start(project.path)
    defer { watcher.stop() }
    project.write(".git/objects/y", "y")
    project.write("messages/greeting.yml", "translations:\n  en: Hi\n")
    #expect(log.wait { $0.contains { $0.paths.contains("messages/greeting.yml") } })
    #expect(!log.merged.paths.contains { $0.hasPrefix(".git/") })
  }

  @Test func aMissingDirectoryIsAnError() {
    #expect(throws: ProjectWatcherError.self) {
      _ = try ProjectWatcher(root: "/nonexistent/\(UUID().uuidString)") { _ in }
    }
  }
}
