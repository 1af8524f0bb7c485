import Foundation
import Testing

@testable import MessagevisorProject

/// Issue 16, findings 7 and 8: alias expansion is bounded in bytes as well as nodes, and the
/// duplicate-key check is linear.
@Suite struct YAMLBudgetTests {
  /// One 1 MB anchored string and `aliases` aliases of it (the issue's 1 MB amplification file).
  static func longStringBomb(aliases: Int) -> String {
    var source = "big: &big \"" + String(repeating: "x", count: 1_000_000) + "\"\nrefs:\n"
    for _ in 0..<aliases { source += "  - *big\n" }
    return source
  }

  @Test func oneLongAnchoredStringRepeatedByAliasesFailsAtTheAliasThatCrossesTheBudget() throws {
    let source = Self.longStringBomb(aliases: 3_000)
    do {
      _ = try YAMLParser().parse(source, file: "messages/bomb.yml")
      Issue.record("expected the byte budget to stop the parse")
    } catch {
      #expect(error.file == "messages/bomb.yml")
      // 16 aliases of 1,000,000 bytes fit in 16 MiB; the 17th (line 3 + 16) crosses it.
      #expect(error.line == 19)
      #expect(error.message.contains("alias *big"))
      #expect(error.message.contains("\(16 * 1024 * 1024) bytes"))
      #expect(error.description.hasPrefix("messages/bomb.yml:19:"))
    }
  }

  @Test func theByteBudgetIsConfigurableAndCountsKeysAndNestedAliases() throws {
    var parser = YAMLParser()
    parser.maxAliasExpansionBytes = 100
    // 10 bytes of values and keys in the anchored mapping; a list of 3 of them is 30; 4 copies of
    // the list are 120.
    let source = """
      a: &a {key1: vvvvv}
      b: &b [*a, *a, *a]
      c: [*b, *b, *b, *b]
      """
    #expect(throws: YAMLError.self) { try parser.parse(source) }
    parser.maxAliasExpansionBytes = 1_000
    let node = try parser.parse(source)
    #expect(node["c"]?.items?.count == 4)
  }

  @Test func aliasesWithinTheBudgetStillExpand() throws {
    let node = try YAMLParser().parse(Self.longStringBomb(aliases: 3), file: "ok.yml")
    #expect(node["refs"]?.items?.count == 3)
    #expect(node["refs"]?.items?.first?.string?.utf8.count == 1_000_000)
  }

  @Test func aHundredThousandKeysParseAndADuplicateAtTheEndIsFound() throws {
    var source = ""
    source.reserveCapacity(1_600_000)
    for index in 0..<100_000 { source += "key\(index): \(index)\n" }
    let node = try YAMLParser().parse(source, file: "many.yml")
    #expect(node.entries?.count == 100_000)
    #expect(node.entries?.last?.key == "key99999")
    source += "key50000: again\n"
    do {
      _ = try YAMLParser().parse(source, file: "many.yml")
      Issue.record("expected a duplicated key error")
    } catch {
      #expect(error.line == 100_001)
      #expect(error.message.contains("duplicated mapping key \"key50000\""))
    }
  }

  @Test func mergeKeysKeepTheirMeaning() throws {
    let node = try YAMLParser().parse(
      """
      base: &base {a: 1, b: 2}
      more: &more {b: 3, c: 4}
      x:
        <<: [*base, *more]
        a: 9
      """)
    let x = try #require(node["x"])
    #expect(x.entries?.map(\.key) == ["a", "b", "c"])
    #expect(x["a"]?.value == 9)
    #expect(x["b"]?.value == 2)
    #expect(x["c"]?.value == 4)
  }
}
