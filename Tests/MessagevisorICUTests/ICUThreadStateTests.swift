import Foundation
@_spi(MessagevisorModules) import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorICU

#if canImport(Glibc)
  import Glibc
#endif

/// The per-thread evaluation state: kept per formatter (a new formatter never sees an earlier
/// one's memos), bounded per thread, and released when its thread exits.
@Suite struct ICUThreadStateTests {
  /// Runs `body` on a new POSIX thread and waits until the thread has exited (thread-specific
  /// data destructors have run by then).
  static func onExitedThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let created = pthread_create(
      &thread, nil,
      { pointer in
        guard let pointer else { return nil }
        Unmanaged<Box>.fromOpaque(pointer).takeRetainedValue().body()
        return nil
      }, box)
    #expect(created == 0)
    if created == 0 { pthread_join(thread, nil) }
  }

  @Test func statesAreReleasedWhenTheirThreadExits() throws {
    let harness = ICUHarness()
    // Capacity 1: formatting a second message on this thread evicts the first from the shared
    // cache, so only the exited thread's state could still hold it.
    let formatter = ICUMessageFormatter(cacheCapacity: 1)
    weak let entry = formatter.cache.entry(for: "{n} apples")
    #expect(entry != nil)
    let payload = harness.payload("{n} apples", ["n": 3], "en-US", "UTC", nil, FormatPresets())
    let result = Collector<String>()
    Self.onExitedThread {
      var notes: [ICUEvaluationNote] = []
      result.append((try? formatter.format(payload, ignoreTags: true, notes: &notes)) ?? "failed")
    }
    #expect(result.items == ["3 apples"])
    _ = formatter.cache.entry(for: "{n} pears")
    #expect(entry == nil, "the exited thread still holds the compiled message")
  }

  @Test func aNewFormatterStartsWithoutMemoState() throws {
    // More formatters than a thread keeps states for, interleaved: every result must match a
    // fresh formatter's, whichever states were dropped in between.
    let harnesses = (0..<(ICUThreadStates.maximumStates + 3)).map { _ in ICUHarness() }
    let message = "{n, plural, one {# day} few {# dni} many {# dni} other {# dnia}}"
    for round in 0..<3 {
      for (index, harness) in harnesses.enumerated() {
        let n = round * 7 + index
        let expected = try ICUHarness().text(message, ["n": .int(n)], locale: "pl")
        #expect(try harness.text(message, ["n": .int(n)], locale: "pl") == expected)
      }
    }
  }

  @Test func messagesTooLongForTheSharedCacheAreNotPinnedPerThread() throws {
    let harness = ICUHarness()
    let long = String(repeating: "x", count: ICUMessageCache.maximumCachedLength) + "{n}"
    let short = "{n} short"
    #expect(try harness.text(long, ["n": 1]).hasSuffix("x1"))
    #expect(try harness.text(short, ["n": 1]) == "1 short")
    ICUThreadStates.withState(serial: harness.formatter.serial) { state in
      #expect(!state.holdsEntry(for: long))
      #expect(state.holdsEntry(for: short))
    }
  }

  @Test func formattersGetDistinctSerials() {
    let serials = (0..<20).map { _ in ICUMessageFormatter().serial }
    #expect(Set(serials).count == serials.count)
  }

  @Test func manyShortLivedThreadsFormatCorrectly() throws {
    let harness = ICUHarness()
    let expected = try harness.text("{amount, number, ::currency/EUR .00}", ["amount": 1234.5])
    let results = Collector<String>()
    for _ in 0..<20 {
      Self.onExitedThread {
        results.append(
          (try? harness.text("{amount, number, ::currency/EUR .00}", ["amount": 1234.5]))
            ?? "failed")
      }
    }
    #expect(results.items == Array(repeating: expected, count: 20))
  }
}
