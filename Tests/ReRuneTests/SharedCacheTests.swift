import Foundation
import MessagevisorLocking
import TestSupport
import Testing

@testable import ReRune

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several clients (or processes) sharing one cache directory: a prune never deletes a payload
/// whose record another writer is storing, and a restore never reads a record whose payload is
/// being pruned. Two `ReRuneDiskCache` instances in one process stand for two processes: each
/// call opens the lock file anew, and `flock` locks belong to the open file description.
@Suite("ReRune cache shared by several writers", .serialized)
struct SharedCacheTests {
  @Test func twoWritersAndAReaderNeverSeeARecordWithoutItsPayload() throws {
    let dir = TestSupport.temporaryDirectory("shared-cache")
    defer { try? FileManager.default.removeItem(at: dir) }
    let rounds = 300
    let problems = Locked<[String]>([])
    let done = Locked(0)
    runThreads(3) { index in
      let cache = ReRuneDiskCache(directory: dir)
      if index == 2 {
        // A process restoring while the others write: every record it reads has its payload.
        while done.withLock({ $0 }) < 2 {
          var found: [String] = []
          _ = cache.loadStoredLocales(
            only: nil, maxRecordBytes: 1 << 20, maxPayloadBytes: 1 << 20, problems: &found)
          if !found.isEmpty { problems.withLock { $0 += found } }
          // A breath between restores, as an app's restores have: `flock` prefers shared
          // holders, so a reader relocking in a tight loop on a loaded 2-core machine can keep a
          // writer out past `lockWaitSeconds` (a starvation the test does not look for).
          usleep(500)
        }
        return
      }
      // Writers: each stores its own locale with a new payload every round, then prunes with
      // its manifest, which lists both locales (as two processes of one app would).
      let locale = index == 0 ? "de" : "fr"
      for round in 0..<rounds {
        do {
          try cache.saveLocale(.init(localeTag: locale, payload: "\(locale) \(round)", etag: nil))
        } catch {
          problems.withLock { $0.append("write: \(error)") }
        }
        let pruned = cache.removeLocales(except: ["de", "fr"])
        if !pruned.isEmpty { problems.withLock { $0 += pruned } }
      }
      done.withLock { $0 += 1 }
    }
    let found = problems.withLock { $0 }
    #expect(found.isEmpty, "\(found.count) problems, first: \(found.prefix(3))")
    var last: [String] = []
    let restored = ReRuneDiskCache(directory: dir).loadLocales(problems: &last)
    #expect(last.isEmpty)
    #expect(
      Set(restored.map(\.payload)) == ["de \(rounds - 1)", "fr \(rounds - 1)"])
  }

  @Test func aLockHeldTooLongFailsTheWriteInsteadOfWaitingForever() throws {
    let dir = TestSupport.temporaryDirectory("held-lock")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = ReRuneDiskCache(directory: dir)
    try cache.saveLocale(.init(localeTag: "de", payload: "one", etag: nil))
    // Another process (here: another open file description) holds the lock and does not let go.
    let fd = open(dir.appendingPathComponent(".lock").path, O_RDWR)
    #expect(fd >= 0)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX) == 0)
    #expect(throws: ReRuneDiskCache.CacheWriteError.self) {
      try cache.saveLocale(.init(localeTag: "de", payload: "two", etag: nil))
    }
    #expect(cache.removeLocales(except: []).first?.contains("held by another process") == true)
    // A restore still reads (every payload is verified against its digest).
    var problems: [String] = []
    #expect(cache.loadLocales(problems: &problems).map(\.payload) == ["one"])
    flock(fd, LOCK_UN)
    try cache.saveLocale(.init(localeTag: "de", payload: "two", etag: nil))
    #expect(cache.loadLocales(problems: &problems).map(\.payload) == ["two"])
  }
}
