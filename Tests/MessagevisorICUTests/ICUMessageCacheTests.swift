import Testing

@testable import MessagevisorICU

@Suite struct ICUMessageCacheTests {
  @Test func compilesOnceAndReturnsTheSameResult() throws {
    let cache = ICUMessageCache(capacity: 3)
    let first = try cache.message(for: "Hi {name}")
    let second = try cache.message(for: "Hi {name}")
    #expect(first == second)
    #expect(cache.count == 1)
  }

  @Test func isBoundedFirstInFirstOut() throws {
    let cache = ICUMessageCache(capacity: 3)
    for index in 0..<10 { _ = try cache.message(for: "m\(index) {x}") }
    #expect(cache.count == 3)
  }

  @Test func cachesParseErrors() {
    let cache = ICUMessageCache(capacity: 3)
    for _ in 0..<2 {
      #expect(
        throws: ICUParseError(
          offset: 3, expected: "',' or '}'",
          detail: "argument 'x' opened at offset 0 is never closed")
      ) {
        try cache.message(for: "{x ")
      }
    }
    #expect(cache.count == 1)
  }

  @Test func hugeMessagesAreNotPinned() throws {
    let cache = ICUMessageCache(capacity: 3)
    let huge = String(repeating: "a {b} ", count: 20_000)
    _ = try cache.message(for: huge)
    #expect(cache.count == 0)
  }

  @Test func concurrentUseIsSafe() async throws {
    let cache = ICUMessageCache(capacity: 8)
    await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          var ok = true
          for index in 0..<500 {
            let text = "{n, plural, one {# \(task)} other {# \(index % 20)}}"
            ok = ok && (try? cache.message(for: text)) != nil
          }
          return ok
        }
      }
      for await ok in group { #expect(ok) }
    }
    #expect(cache.count <= 8)
  }
}
