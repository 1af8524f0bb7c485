import Foundation
import Testing

@testable import Messagevisor

@Suite("DatafileTable: a datafile's translations and messages as tables of keys shared by locales")
struct DatafileTableTests {
  static let keys = DatafileKeys(["a", "b", "caf\u{E9}", "d", "only.meta"])

  /// The table of `Self.keys` with `values` and the dictionary it stands for.
  static func table(_ values: [String?]) -> (DatafileTranslations, [String: String]) {
    var dictionary: [String: String] = [:]
    for (key, value) in zip(keys.keys, values) { dictionary[key] = value }
    return (DatafileTranslations(keys: keys, values: ContiguousArray(values)), dictionary)
  }

  @Test("a table answers lookups, count and iteration as its dictionary does")
  func tableBehavesAsItsDictionary() {
    let (table, dictionary) = Self.table(["A", nil, "Caf\u{E9}", "", nil])
    #expect(table.count == 3)
    #expect(table.dictionary == dictionary)
    #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == dictionary)
    for key in ["a", "b", "caf\u{E9}", "d", "only.meta", "zzz"] {
      #expect(table[key] == dictionary[key], "key \(key)")
    }
    // Canonically equivalent spellings find the same entry, as a dictionary's keys do.
    #expect(table["cafe\u{301}"] == "Caf\u{E9}")
    #expect(table.storedKey(equalTo: "cafe\u{301}")?.unicodeScalars.count == 4)
    #expect(table.storedKey(equalTo: "b") == nil, "no translation: no stored key")
    #expect(table == DatafileTranslations(dictionary))
    #expect(DatafileTranslations(dictionary) == table)
  }

  @Test("setting a key outside the shared keys, or removing one, keeps count and lookups right")
  func changesInsideAndOutsideTheSharedKeys() {
    var (table, dictionary) = Self.table(["A", nil, nil, "D", nil])
    for (key, value) in [("b", "B"), ("new", "N"), ("a", nil), ("new", "N2"), ("d", nil)] {
      table[key] = value
      dictionary[key] = value
      #expect(table.count == dictionary.count)
      #expect(table.dictionary == dictionary)
    }
    table["new"] = nil
    dictionary["new"] = nil
    #expect(table == DatafileTranslations(dictionary))
    #expect(table.count == 1)
  }

  @Test("tables of the same keys compare, merge and match keys position by position")
  func tablesOfSharedKeys() {
    let (first, firstDictionary) = Self.table(["A", nil, "C", nil, nil])
    let (second, secondDictionary) = Self.table([nil, "B", "C2", nil, nil])
    #expect(first != second)
    #expect(first == Self.table(["A", nil, "C", nil, nil]).0)
    var merged = first
    merged.merge(second)
    #expect(merged.dictionary == firstDictionary.merging(secondDictionary) { _, new in new })
    #expect(merged.count == 3)
    #expect(!first.hasSameKeys(as: second))
    #expect(first.hasSameKeys(as: first))
    #expect(first.hasSameKeys(as: Self.table(["x", nil, "y", nil, nil]).0))
    #expect(first.hasSameKeys(as: DatafileTranslations(["a": "1", "caf\u{E9}": "2"])))
    let shouted = first.mapValues { $0.uppercased() + "!" }
    #expect(shouted.dictionary == firstDictionary.mapValues { $0.uppercased() + "!" })
    #expect(shouted.keys === first.keys, "mapped values keep the shared keys")
  }

  @Test("a datafile with a table reads, changes and writes as one with a dictionary")
  func datafileWithATable() throws {
    let (table, dictionary) = Self.table(["A", nil, "C", "", nil])
    var tabled = DatafileContent(
      messagevisorVersion: "test", target: "web", locale: "en", translationTable: table)
    var plain = DatafileContent(
      messagevisorVersion: "test", target: "web", locale: "en", translations: dictionary)
    #expect(tabled == plain)
    #expect(tabled.translations == dictionary)
    #expect(try tabled.toJSON() == plain.toJSON())
    tabled.translations["b"] = "B"
    plain.translations["b"] = "B"
    #expect(tabled == plain)
    #expect(try DatafileContent.fromJSON(tabled.toJSON()) == plain)
  }

  @Test("a table that picks its values from shared rows behaves as one with values of its own")
  func tablePickingFromRows() {
    let texts: [ContiguousArray<String>] = [["A", "a"], ["B"], ["C1", "C2"], [], ["M"]]
    let rows = DatafileRows<String>(ContiguousArray(texts.compactMap(PackedTexts.make)))
    let noPick = DatafileTranslations.noPick
    let picked = DatafileTranslations(
      keys: Self.keys, rows: rows, picks: [1, noPick, 0, noPick, 0])
    let (own, dictionary) = Self.table(["a", nil, "C1", nil, "M"])
    #expect(picked.count == 3)
    #expect(picked == own)
    #expect(own == picked)
    #expect(picked.dictionary == dictionary)
    #expect(picked["a"] == "a")
    #expect(picked["b"] == nil)
    #expect(picked.storedKey(equalTo: "b") == nil)
    #expect(picked.hasSameKeys(as: own))
    let other = DatafileTranslations(keys: Self.keys, rows: rows, picks: [0, 0, 1, noPick, 0])
    #expect(other.picksFromSameRows(as: picked))
    #expect(other != picked)
    #expect(!other.hasSameKeys(as: picked))
    // A change leaves the rows (and other tables) as they are.
    var changed = picked
    changed["b"] = "B!"
    changed["a"] = "A!"
    changed["caf\u{E9}"] = nil
    changed["new"] = "N"
    let expected = ["a": "A!", "b": "B!", "only.meta": "M", "new": "N"]
    #expect(changed.dictionary == expected)
    #expect(changed.count == 4)
    #expect(changed == DatafileTranslations(expected))
    #expect(DatafileTranslations(expected) == changed)
    #expect(changed["cafe\u{301}"] == nil)
    #expect(changed.storedKey(equalTo: "b") == "b")
    #expect(picked.hasValue(forKey: "a") && !picked.hasValue(forKey: "b"))
    #expect(changed.hasValue(forKey: "b") && changed.hasValue(forKey: "new"))
    #expect(!changed.hasValue(forKey: "caf\u{E9}"))
    var keys: Set<String> = []
    changed.insertKeys(into: &keys)
    #expect(keys == Set(expected.keys))
    keys = []
    picked.insertKeys(into: &keys)
    #expect(keys == Set(dictionary.keys))
    #expect(changed.map(\.key).count == 4, "no key twice")
    #expect(picked.dictionary == dictionary)
    #expect(other["b"] == "B")
    // Values of its own, later, keep the changes.
    var owned = changed
    owned.merge(DatafileTranslations(keys: Self.keys, values: [nil, nil, nil, "D", nil]))
    #expect(owned.dictionary == expected.merging(["d": "D"]) { _, new in new })
    var merged = picked
    merged.merge(other)
    #expect(merged.dictionary == dictionary.merging(other.dictionary) { _, new in new })
    #expect(picked.mapValues { $0 + "!" }.dictionary == dictionary.mapValues { $0 + "!" })
  }

  /// A message whose override matches `plan == "pro"`.
  static let proMessage = DatafileMessage(
    overrides: [
      MessageOverride(
        key: "pro",
        conditions: .predicate(
          ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
        translation: "A pro")
    ])

  @Test("message metadata in a table reads, writes and translates as in a dictionary")
  func messagesInATable() throws {
    let (translations, _) = Self.table(["A", "B", nil, nil, nil])
    let pro = Self.proMessage
    let messageKeys = DatafileKeys(["a", "only.meta"])
    var table = DatafileMessages(keys: messageKeys, values: [pro, nil])
    table["b"] = DatafileMessage(deprecated: true)
    let dictionary = ["a": pro, "b": DatafileMessage(deprecated: true)]
    #expect(table.count == 2)
    #expect(table.dictionary == dictionary)
    let tabled = DatafileContent(
      messagevisorVersion: "test", target: "web", locale: "en", translationTable: translations)
    var withTable = tabled
    withTable.messageTable = table
    var withDictionary = tabled
    withDictionary.messages = dictionary
    #expect(withTable == withDictionary)
    #expect(withTable.messages == dictionary)
    #expect(try withTable.toJSON() == withDictionary.toJSON())
    let engines = [withTable, withDictionary].map {
      createMessagevisor(MessagevisorOptions(datafile: $0, context: ["plan": "pro"]))
    }
    for key in ["a", "b", "only.meta", "missing"] {
      #expect(try engines[0].translate(key) == engines[1].translate(key), "key \(key)")
    }
    #expect(try engines[0].translate("a") == "A pro")
  }

  @Test("the engine translates from a table as from a dictionary")
  func engineTranslatesFromATable() throws {
    let (table, dictionary) = Self.table(["A", nil, "Caf\u{E9}", "", nil])
    let messages = [
      "a": Self.proMessage,
      "only.meta": DatafileMessage(meta: ["owner": "growth"]),
    ]
    let engines = [
      DatafileContent(
        messagevisorVersion: "test", target: "web", locale: "en", messages: messages,
        translationTable: table),
      DatafileContent(
        messagevisorVersion: "test", target: "web", locale: "en", messages: messages,
        translations: dictionary),
    ].map { createMessagevisor(MessagevisorOptions(datafile: $0)) }
    for key in ["a", "b", "caf\u{E9}", "cafe\u{301}", "d", "only.meta", "missing"] {
      let results = try engines.map { try $0.translate(key) }
      #expect(results[0] == results[1], "key \(key)")
    }
    let pro = TranslateOptions(context: ["plan": "pro"])
    #expect(try engines[0].translate("a", options: pro) == "A pro")
    #expect(try engines[0].translate("cafe\u{301}") == "Caf\u{E9}")
  }
}
