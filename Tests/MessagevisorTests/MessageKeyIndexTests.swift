import Foundation
import Testing

@testable import Messagevisor

@Suite("MessageKeyIndex: the translate hot path's byte-exact key index")
struct MessageKeyIndexTests {
  /// Keys of every length from 0 to 40 bytes (the hash reads 8-, 4- and 1-byte pieces), with
  /// multi-byte UTF-8 and keys differing only in their last or middle byte.
  static let keys: [String] = {
    var keys = [""]
    for length in 1...40 {
      keys.append(String(repeating: "k", count: length))
      keys.append(String(repeating: "k", count: length - 1) + "x")
      keys.append("x" + String(repeating: "k", count: length - 1))
    }
    keys += ["é", "日本語のキー", "emoji.👋🏽", "screen.section.key500", "a.b", "a.c", "b.a"]
    for index in 0..<2000 { keys.append("screen.section.key\(index)") }
    return Array(Set(keys))
  }()

  @Test("every key finds its own position")
  func everyKeyFound() {
    let index = MessageKeyIndex(Self.keys)
    #expect(index.count == Self.keys.count)
    for (position, key) in Self.keys.enumerated() {
      #expect(index.position(of: key) == position, "key \(key.debugDescription)")
    }
  }

  @Test("a key differing from an indexed one in any single byte misses, at every length to 24")
  func everyBytePositionCompared() {
    for length in 1...24 {
      let plain = String(repeating: "k", count: length)
      let index = MessageKeyIndex([plain])
      #expect(index.position(of: plain) == 0)
      for changed in 0..<length {
        var bytes = Array(plain.utf8)
        bytes[changed] = UInt8(ascii: "x")
        let key = String(decoding: bytes, as: UTF8.self)
        #expect(index.position(of: key) == nil, "length \(length), byte \(changed)")
        #expect(MessageKeyIndex([key]).position(of: key) == 0)
      }
    }
  }

  @Test(
    "keys that are not indexed miss",
    arguments: [
      "screen.section.key2000", "screen.section.key05", "screen.section.key5000",
      "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk", "KK", "y", "a.d", "é ",
    ])
  func missing(_ key: String) {
    let index = MessageKeyIndex(Self.keys)
    #expect(index.position(of: key) == nil)
  }

  @Test("keys built at run time (not sharing storage with the indexed ones) are found")
  func freshStrings() {
    let index = MessageKeyIndex(Self.keys)
    for number in [0, 7, 500, 1999] {
      let key = ["screen", "section", "key\(number)"].joined(separator: ".")
      let position = index.position(of: key)
      #expect(position.map { Self.keys[$0] } == key)
    }
  }

  @Test("an empty index finds nothing, not even the empty key")
  func emptyIndex() {
    let index = MessageKeyIndex([String]())
    #expect(index.position(of: "") == nil)
    #expect(index.position(of: "a") == nil)
  }

  @Test("a substring-derived key and a key from NSString contents are found")
  func otherStringRepresentations() {
    let index = MessageKeyIndex(Self.keys)
    let line = "prefix screen.section.key42 suffix"
    let key = String(line.split(separator: " ")[1])
    #expect(index.position(of: key).map { Self.keys[$0] } == "screen.section.key42")
    let bridged = NSString(string: "a.b") as String
    #expect(index.position(of: bridged).map { Self.keys[$0] } == "a.b")
  }

  @Test("the same String in another normalization form misses the index but not the store")
  func normalizationFallsBackToTheDictionary() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed)
    let store = LocaleStore(
      DatafileContent(
        messagevisorVersion: "1", target: "t", locale: "fr", translations: [composed: "Café"]))
    #expect(store.index.position(of: composed) != nil)
    #expect(store.index.position(of: decomposed) == nil)
    #expect(store.plainTranslation(composed) == "Café")
    #expect(store.entry(for: decomposed)?.translation == "Café")

    let engine = createMessagevisor(
      MessagevisorOptions(
        datafile: DatafileContent(
          messagevisorVersion: "1", target: "t", locale: "fr", translations: [composed: "Café"])))
    #expect(try engine.translate(decomposed) == "Café")
    #expect(try engine.translate(composed) == "Café")
    #expect(try engine.getRawTranslation(decomposed) == "Café")
  }

  @Test("a message key in another normalization form finds its compiled message")
  func normalizationFindsMessages() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let withTranslation = LocaleStore(
      DatafileContent(
        messagevisorVersion: "1", target: "t", locale: "fr",
        messages: [decomposed: DatafileMessage(meta: ["owner": "menu"])],
        translations: [composed: "Café"]))
    for key in [composed, decomposed] {
      let entry = try #require(withTranslation.entry(for: key))
      #expect(entry.translation == "Café")
      #expect(entry.message?.meta == ["owner": "menu"])
    }
    let messageOnly = LocaleStore(
      DatafileContent(
        messagevisorVersion: "1", target: "t", locale: "fr",
        messages: [composed: DatafileMessage(deprecated: true)]))
    #expect(messageOnly.index.position(of: decomposed) == nil)
    #expect(messageOnly.entry(for: decomposed)?.message?.deprecated == true)
    #expect(messageOnly.entry(for: "absent") == nil)
  }

  @Test("the plain fast path leaves keys with message metadata to the full lookup")
  func plainTextsSkipMessages() {
    let store = LocaleStore(
      DatafileContent(
        messagevisorVersion: "1", target: "t", locale: "en",
        messages: ["rich": DatafileMessage(meta: ["a": 1]), "metaOnly": DatafileMessage()],
        translations: ["plain": "Plain", "rich": "Rich"]))
    #expect(store.plainTranslation("plain") == "Plain")
    #expect(store.plainTranslation("rich") == nil)
    #expect(store.entry(for: "rich")?.translation == "Rich")
    #expect(store.entry(for: "metaOnly")?.message != nil)
    #expect(store.entry(for: "absent") == nil)
  }

  @Test("hashing is byte-exact: every single-byte change of a key changes the slot search")
  func hashCoversEveryByte() {
    let base = Array("screen.section.key123456789".utf8)
    let seed: UInt64 = 0x1234_5678
    let reference = base.withUnsafeBytes { MessageKeyIndex.hash($0.baseAddress!, base.count, seed) }
    for position in base.indices {
      var changed = base
      changed[position] ^= 0x01
      let hash = changed.withUnsafeBytes {
        MessageKeyIndex.hash($0.baseAddress!, changed.count, seed)
      }
      #expect(hash != reference, "byte \(position)")
    }
  }
}
