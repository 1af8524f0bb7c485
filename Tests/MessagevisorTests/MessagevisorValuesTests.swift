import Foundation
import Messagevisor
import Testing

/// `MessagevisorValues`: a dictionary-shaped value type, stored inline for small sets.
@Suite struct MessagevisorValuesTests {
  /// Every size around the storage boundaries (inline ≤ 2, linear ≤ 8, hashed beyond).
  static let sizes = [0, 1, 2, 3, 4, 5, 8, 9, 40]

  static func pairs(_ count: Int) -> [(String, MessagevisorValue)] {
    (0..<count).map { ("k\($0)", .int($0)) }
  }

  @Test func literalLookupAndCounts() {
    let values: MessagevisorValues = ["name": .string("Ada"), "count": 3, "price": 12.5]
    #expect(values["name"] == .string("Ada"))
    #expect(values["count"] == .int(3))
    #expect(values["price"] == .double(12.5))
    #expect(values["missing"] == nil)
    #expect(values.count == 3)
    #expect(!values.isEmpty)
    let empty: MessagevisorValues = [:]
    #expect(empty.isEmpty && empty.count == 0 && empty["name"] == nil)
    #expect(MessagevisorValues().isEmpty)
  }

  @Test(arguments: sizes) func everySizeLooksUpEveryKeyInOrder(_ size: Int) {
    let values = MessagevisorValues(Self.pairs(size))
    #expect(values.count == size)
    #expect(values.isEmpty == (size == 0))
    for index in 0..<size { #expect(values["k\(index)"] == .int(index)) }
    #expect(values["k\(size)"] == nil)
    #expect(values.keys == (0..<size).map { "k\($0)" })
    #expect(values.values == (0..<size).map { .int($0) })
    #expect(values.map(\.key) == values.keys)
    var seen = 0
    for (key, value) in values {
      #expect(key == "k\(seen)" && value == .int(seen))
      seen += 1
    }
    #expect(seen == size)
    #expect(values.dictionary == Dictionary(uniqueKeysWithValues: Self.pairs(size)))
  }

  @Test func literalsOfEverySmallSizeMatchTheSequenceInitializer() {
    let one: MessagevisorValues = ["a": 1]
    let two: MessagevisorValues = ["a": 1, "b": 2]
    let three: MessagevisorValues = ["a": 1, "b": 2, "c": 3]
    let four: MessagevisorValues = ["a": 1, "b": 2, "c": 3, "d": 4]
    let nine: MessagevisorValues = [
      "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9,
    ]
    for values in [one, two, three, four, nine] {
      let letters = "abcdefghi".prefix(values.count).map(String.init)
      #expect(values.keys == letters)
      #expect(values.values == (1...values.count).map { .int($0) })
    }
  }

  /// A `Dictionary` literal traps on a repeated key; values keep the last value at the key's first
  /// position instead (what assigning the key twice does), for every storage size.
  @Test func aRepeatedLiteralKeyKeepsTheLastValueAtItsFirstPosition() {
    let two: MessagevisorValues = ["a": 1, "a": 2]
    #expect(two.count == 1 && two["a"] == .int(2))
    let three: MessagevisorValues = ["a": 1, "b": 2, "a": 3]
    #expect(three.count == 2 && three.keys == ["a", "b"] && three["a"] == .int(3))
    let threeLast: MessagevisorValues = ["a": 1, "b": 2, "b": 3]
    #expect(threeLast.keys == ["a", "b"] && threeLast["b"] == .int(3))
    let many: MessagevisorValues = [
      "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "a": 10,
    ]
    #expect(many.count == 9 && many["a"] == .int(10) && many.keys.first == "a")
    let sequence = MessagevisorValues([("x", 1), ("y", 2), ("x", 3)])
    #expect(sequence == ["x": 3, "y": 2] && sequence.keys == ["x", "y"])
  }

  @Test(arguments: sizes) func mutationAcrossStorageBoundaries(_ size: Int) {
    var values = MessagevisorValues(Self.pairs(size))
    // Adding a key appends it.
    values["new"] = .string("n")
    #expect(values.count == size + 1 && values["new"] == .string("n"))
    #expect(values.keys.last == "new")
    // Updating keeps the key's position and returns the old value.
    if size > 0 {
      #expect(values.updateValue(.bool(true), forKey: "k0") == .int(0))
      #expect(values.keys.first == "k0" && values["k0"] == .bool(true))
    }
    #expect(values.updateValue(.null, forKey: "other") == nil)
    #expect(values["other"] == .null && values.count == size + 2)
    // Removing keeps the order of the rest; `nil` assignment removes.
    #expect(values.removeValue(forKey: "new") == .string("n"))
    values["other"] = nil
    #expect(values.removeValue(forKey: "absent") == nil)
    #expect(values.count == size)
    #expect(values.keys == (0..<size).map { "k\($0)" })
    for index in 1..<max(size, 1) { #expect(values["k\(index)"] == .int(index)) }
    // Grow well past the hashed boundary and back down.
    for index in size..<(size + 20) { values["k\(index)"] = .int(index) }
    #expect(values.count == size + 20 && values["k\(size + 19)"] == .int(size + 19))
    for index in 0..<(size + 20) { values.removeValue(forKey: "k\(index)") }
    #expect(values.isEmpty && values.keys.isEmpty)
  }

  /// Copies share the storage of more than two entries until one of them changes: a change is
  /// never seen through another copy, at every size (linear and hashed).
  @Test(arguments: [3, 8, 9, 40]) func copiesAreIndependentValues(_ size: Int) {
    let original = MessagevisorValues(Self.pairs(size))
    var copy = original
    copy["k0"] = .string("changed")
    copy["added"] = .int(-1)
    #expect(original["k0"] == .int(0) && original["added"] == nil && original.count == size)
    #expect(copy["k0"] == .string("changed") && copy["added"] == .int(-1))
    var second = copy
    second.updateValue(.bool(false), forKey: "k1")
    #expect(copy["k1"] == .int(1) && second["k1"] == .bool(false))
    #expect(second["added"] == .int(-1) && second.count == size + 1)
  }

  @Test func defaultSubscriptMergeMapAndFilter() {
    var values: MessagevisorValues = ["a": 1]
    #expect(values["b", default: 0] == .int(0))
    values["b", default: 0] = 5
    #expect(values["b"] == .int(5))
    values.merge(["a": 10, "c": 3]) { current, _ in current }
    #expect(values == ["a": 1, "b": 5, "c": 3])
    let merged = values.merging(["a": 7]) { _, new in new }
    #expect(merged["a"] == .int(7) && values["a"] == .int(1))
    #expect(values.mapValues { _ in .null } == ["a": nil, "b": nil, "c": nil])
    #expect(values.filter { $0.key != "b" } == ["a": 1, "c": 3])
    #expect(values.index(forKey: "c").map { values[$0].key } == "c")
    #expect(values.index(forKey: "z") == nil)
    values.removeAll()
    #expect(values.isEmpty)
  }

  @Test func equalityAndHashingIgnoreOrder() {
    let forward: MessagevisorValues = ["a": 1, "b": "x", "c": true]
    let backward: MessagevisorValues = ["c": true, "b": "x", "a": 1]
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    #expect(Set([forward, backward]).count == 1)
    #expect(forward != ["a": 1, "b": "x"])
    #expect(forward != ["a": 1, "b": "y", "c": true])
    #expect(forward != ["a": 1, "b": "x", "d": true])
    // Integers and doubles compare numerically, as `MessagevisorValue` does.
    #expect(MessagevisorValues(["n": .int(1)]) == ["n": .double(1)])
    let large = MessagevisorValues(Self.pairs(12))
    #expect(large == MessagevisorValues(Self.pairs(12).reversed()))
    #expect(large.hashValue == MessagevisorValues(Self.pairs(12).reversed()).hashValue)
    #expect(large != MessagevisorValues(Self.pairs(11)))
  }

  @Test func convertsToAndFromDictionariesAndJSON() throws {
    let dictionary: [String: MessagevisorValue] = ["a": 1, "nested": ["x": "y"]]
    let values = MessagevisorValues(dictionary)
    #expect(values.dictionary == dictionary)
    #expect(MessagevisorValue.object(values) == .object(dictionary))
    let json = try JSONEncoder().encode(values)
    #expect(try JSONDecoder().decode(MessagevisorValues.self, from: json) == values)
    #expect(try JSONDecoder().decode([String: MessagevisorValue].self, from: json) == dictionary)
    let ordered: MessagevisorValues = ["b": 2, "a": "s"]
    #expect(
      ordered.description
        == #"["b": Messagevisor.MessagevisorValue.int(2), "a": Messagevisor.MessagevisorValue.string("s")]"#
    )
    #expect(MessagevisorValues().description == "[:]")
  }

  /// Values built from a `Dictionary` (`MessagevisorValues(_:)`) and literals reach a module the
  /// same way through `translate`, `t` and `formatMessage`.
  @Test func dictionaryAndLiteralValuesReachModules() throws {
    let module = MessagevisorModule(
      name: "echo",
      format: { payload, _ in
        payload.translation + ":" + (payload.values["name"]?.stringValue ?? "-")
          + ":\(payload.values.count)"
      })
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: DatafileContent(
          messagevisorVersion: "1", target: "t", locale: "en-US",
          translations: ["hi": "Hi"]),
        modules: [module]))
    var dictionary: [String: MessagevisorValue] = [:]
    dictionary["name"] = .string("Ada")
    #expect(try m.translate("hi", values: MessagevisorValues(dictionary)) == "Hi:Ada:1")
    #expect(try m.t("hi", values: MessagevisorValues(dictionary)) == "Hi:Ada:1")
    #expect(try m.formatMessage("Yo", values: MessagevisorValues(dictionary)) == "Yo:Ada:1")
    #expect(try m.t("hi", values: ["name": .string("Bo"), "x": 1]) == "Hi:Bo:2")
    #expect(try m.t("hi", values: [:]) == "Hi:-:0")
    #expect(try m.t("hi") == "Hi:-:0")
  }
}
