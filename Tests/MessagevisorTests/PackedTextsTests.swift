import Testing

@testable import Messagevisor

@Suite("PackedTexts: a message's texts as UTF-8 in one allocation")
struct PackedTextsTests {
  static let texts: ContiguousArray<String> = [
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
    #expect(packed.texts == Self.texts)
    #expect(PackedTexts.empty.count == 0)
    #expect(try #require(PackedTexts.make([])).texts.isEmpty)
  }

  @Test("bytes compare exactly")
  func bytesAndTextComparisons() throws {
    let packed = try #require(PackedTexts.make(Self.texts))
    #expect(packed.hasBytes(at: 3, of: "caf\u{E9}"))
    #expect(!packed.hasBytes(at: 3, of: "cafe\u{301}"))
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

  @Test("UTF-8 is validated as String(validating:) does, and valid spans pack without a String")
  func validatingSpans() throws {
    let samples: [[UInt8]] = [
      [], Array("plain ASCII text, longer than eight".utf8), Array("caf\u{E9} 日本 🙂".utf8),
      [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
      Array("0123456789abcdef".utf8) + [0xE2, 0x82], [0xE2, 0x82, 0xAC],
    ]
    for sample in samples {
      let valid = String(validating: sample, as: UTF8.self) != nil
      #expect(sample.withUnsafeBufferPointer(PackedTexts.isValidUTF8) == valid, "\(sample)")
    }
    let bytes = Array("xxSign inyycaf\u{E9}zz".utf8)
    let packed = try #require(
      bytes.withUnsafeBufferPointer {
        PackedTexts.make(validating: [2..<9, 11..<16, 0..<0], in: $0)
      })
    #expect(Array(packed.texts) == ["Sign in", "caf\u{E9}", ""])
    let invalid = [UInt8](bytes.prefix(12)) + [0xFF]
    #expect(
      invalid.withUnsafeBufferPointer { PackedTexts.make(validating: [2..<13], in: $0) } == nil)
    #expect(
      invalid.withUnsafeBufferPointer { PackedTexts.make(validating: [2..<99], in: $0) } == nil)
  }
}
