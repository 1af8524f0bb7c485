import Testing

@testable import Messagevisor

@Suite("PackedTexts: a message's texts as UTF-8 in one allocation")
struct PackedTextsTests {
  static let texts = [
    "Sign in", "", "Inloggen bij je account, alsjeblieft", "caf\u{E9}", "日本語のテキスト 🙂", "",
  ]

  @Test("every text reads back as written, in order, empty ones included")
  func textsReadBackAsWritten() throws {
    let packed = try #require(PackedTexts.make(Self.texts))
    #expect(packed.count == Self.texts.count)
    for (index, text) in Self.texts.enumerated() {
      #expect(packed.text(at: index) == text)
      #expect(Array(packed.text(at: index).utf8) == Array(text.utf8))
      #expect(packed.withUTF8(at: index) { $0.count } == text.utf8.count)
    }
    #expect(Array(packed.texts) == Self.texts)
    #expect(PackedTexts.empty.count == 0)
    #expect(try #require(PackedTexts.make([String]())).texts.isEmpty)
  }

  @Test("bytes compare exactly; texts compare as Strings do (canonical equivalence)")
  func bytesAndTextComparisons() throws {
    let packed = try #require(PackedTexts.make(Self.texts))
    #expect(packed.hasBytes(at: 3, of: "caf\u{E9}"))
    #expect(!packed.hasBytes(at: 3, of: "cafe\u{301}"))
    #expect(packed.hasText(at: 3, equalTo: "cafe\u{301}"))
    #expect(!packed.hasText(at: 3, equalTo: "cafe"))
    #expect(!packed.hasBytes(at: 1, of: " "))
    #expect(packed.hasBytes(at: 1, of: ""))
  }

  @Test("two packs of the same bytes are equal but not the same buffer")
  func sameBytesAndSameBuffer() throws {
    let one = try #require(PackedTexts.make(Self.texts))
    let two = try #require(PackedTexts.make(Self.texts))
    #expect(one.hasSameBytes(as: two))
    #expect(!one.isSame(as: two))
    #expect(one.isSame(as: one))
    var changed = Self.texts
    changed[2] = "Inloggen bij je account, alsjeblieft!"
    #expect(!one.hasSameBytes(as: try #require(PackedTexts.make(changed))))
    // The same bytes split differently are different texts.
    let split = try #require(PackedTexts.make(["ab", "c"]))
    #expect(!split.hasSameBytes(as: try #require(PackedTexts.make(["a", "bc"]))))
  }
}
