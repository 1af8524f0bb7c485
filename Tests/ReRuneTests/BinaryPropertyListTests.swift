import Foundation
import Testing

@testable import ReRune

/// `.stringsdict` files as binary property lists (`bplist00`): valid files written by Foundation and
/// by `BinaryPlistBuilder`, and broken ones (truncated, bad offsets and references, cycles, depth and
/// expansion bombs, unsupported objects), each with the error it must give.
@Suite("Binary property lists")
struct BinaryPropertyListTests {
  static func demoXML() throws -> Data {
    try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demo/Resources/Base.lproj/Localizable.stringsdict"))
  }

  /// The message of the error `bytes` must give.
  static func failure(_ bytes: [UInt8]) -> CatalogError? {
    do {
      _ = try StringsDictReader.read(Data(bytes), file: "b.stringsdict", locale: "en")
      return nil
    } catch {
      return error
    }
  }

  @Test func foundationsBinaryFileReadsLikeItsXMLFile() throws {
    let xml = try Self.demoXML()
    let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
    let binary = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    #expect(binary.starts(with: Array("bplist00".utf8)))
    let fromXML = try StringsDictReader.read(xml, file: "x", locale: "en")
    let fromBinary = try StringsDictReader.read(binary, file: "x", locale: "en")
    #expect(!(fromXML.locales["en"] ?? [:]).isEmpty)
    #expect(fromBinary.locales == fromXML.locales)
    #expect(fromBinary.keys == fromXML.keys)
  }

  @Test func builtFileWithUTF16AndSharedStringsReads() throws {
    var plist = BinaryPlistBuilder()
    let root = plist.add(.dictionary([]))
    let entry = plist.stringsdictEntry(
      format: "%#@n@", variable: "n", forms: [("one", "%d Größe"), ("other", "%d Größen ✓")],
      text: { $0.unicodeScalars.allSatisfy(\.isASCII) ? .ascii($0) : .utf16($0) })
    let key = plist.add(.utf16("größe"))
    // The same entry under a second key: one object, two references.
    let second = plist.add(.ascii("again"))
    plist.objects[root] = .dictionary([(key, entry), (second, entry)])
    let catalog = try StringsDictReader.read(plist.data(), file: "b", locale: "en")
    let messages = try #require(catalog.locales["en"])
    #expect(messages.keys.sorted() == ["again", "größe"])
    #expect(messages["größe"]?.icuMessage == "{arg1, plural, one {# Größe} other {# Größen ✓}}")
    #expect(messages["again"] == messages["größe"])
  }

  @Test func allScalarTypesAreRead() throws {
    var plist = BinaryPlistBuilder()
    let root = plist.add(.array([]))
    let items = [
      plist.add(.integer(-42)), plist.add(.raw([0x10, 0xFF])), plist.add(.raw([0x11, 0x01, 0x00])),
      plist.add(.real(2.5)),
      plist.add(
        .raw([0x22] + BinaryPlistBuilder.bigEndian(UInt64(Float(0.5).bitPattern), size: 4))),
      plist.add(.bool(true)), plist.add(.bool(false)),
      plist.add(.raw([0x33] + BinaryPlistBuilder.bigEndian(Double(60).bitPattern, size: 8))),
      plist.add(.raw([0x42, 0xAB, 0xCD])),
    ]
    plist.objects[root] = .array(items)
    let document = try PropertyListReader.read(plist.data())
    #expect(
      document.root
        == .array([
          .integer(-42), .integer(255), .integer(256), .real(2.5), .real(0.5), .bool(true),
          .bool(false), .date(60), .data([0xAB, 0xCD]),
        ]))
  }

  @Test func everyTruncationIsAnError() throws {
    let xml = try Self.demoXML()
    let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
    let binary = [UInt8](
      try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
    for length in 0..<binary.count {
      let error = try #require(
        Self.failure(Array(binary.prefix(length))), "prefix \(length) accepted")
      #expect(error.kind == .syntax, "\(length): \(error)")
    }
    let short = try #require(Self.failure(Array(binary.prefix(30))))
    #expect(short.message.contains("truncated"), "\(short)")
  }

  @Test func offsetOutsideTheObjectAreaIsNamed() throws {
    var plist = BinaryPlistBuilder()
    plist.add(.array([1]))
    plist.add(.ascii("x"))
    let error = try #require(Self.failure(plist.bytes(offsets: [1: 4_000])))
    #expect(error.message.contains("object 1 has offset 4000, outside the object area"), "\(error)")
    let header = try #require(Self.failure(plist.bytes(offsets: [1: 3])))
    #expect(header.message.contains("object 1 has offset 3"), "\(header)")
  }

  @Test func referenceToAMissingObjectIsNamed() throws {
    var plist = BinaryPlistBuilder()
    plist.add(.array([7]))
    let error = try #require(Self.failure(plist.bytes()))
    #expect(error.message.contains("refers to object 7, but there are only 1 objects"), "\(error)")
  }

  @Test func trailerFieldsAreChecked() throws {
    var plist = BinaryPlistBuilder()
    plist.add(.dictionary([]))
    #expect(Self.failure(plist.bytes()) == nil)
    let top = try #require(Self.failure(plist.bytes(topObject: 5)))
    #expect(top.message.contains("top object 5 is not one of the 1 objects"), "\(top)")
    let count = try #require(Self.failure(plist.bytes(objectCount: 1 << 40)))
    #expect(count.message.contains("1099511627776 objects"), "\(count)")
    let table = try #require(Self.failure(plist.bytes(offsetTableOffset: UInt64.max)))
    #expect(table.message.contains("does not fit"), "\(table)")
    var wide = plist.bytes()
    wide[wide.count - 26] = 9  // offset size
    let size = try #require(Self.failure(wide))
    #expect(size.message.contains("offset size 9"), "\(size)")
  }

  @Test func aCycleIsAnError() throws {
    var plist = BinaryPlistBuilder()
    plist.add(.dictionary([(key: 1, value: 2)]))  // 0: {k: object 2}
    plist.add(.ascii("k"))
    plist.add(.array([0]))  // 2: [object 0], back to the root
    let error = try #require(Self.failure(plist.bytes()))
    #expect(
      error.message.contains("object 0") && error.message.contains("reference cycle"), "\(error)")
  }

  @Test func nestingDeeperThanTheLimitIsAnError() throws {
    var plist = BinaryPlistBuilder()
    for index in 0..<70 { plist.add(.array(index < 69 ? [index + 1] : [])) }
    let error = try #require(Self.failure(plist.bytes()))
    #expect(error.message.contains("nested more than 64 levels"), "\(error)")
    // Shared objects count at each use: reaching a deep chain through a shallow path first does not
    // hide its depth.
    var shared = BinaryPlistBuilder()
    let root = shared.add(.array([]))
    let chain = (0..<40).map { _ in shared.add(.array([])) }
    for (index, object) in chain.enumerated() where index + 1 < chain.count {
      shared.objects[object] = .array([chain[index + 1]])
    }
    // root → [chain[20] (20 deep below it), chain[0] → … → chain[20] → …]: 41 + 20 levels fit…
    shared.objects[root] = .array([chain[20], chain[0]])
    #expect(Self.failure(shared.bytes())?.kind == .structure)  // root is not a dict: read fine
    // …and through 30 more levels of arrays above it they do not.
    let wrappers = (0..<30).map { _ in shared.add(.array([])) }
    for (index, object) in wrappers.enumerated() {
      shared.objects[object] = .array([index + 1 < wrappers.count ? wrappers[index + 1] : chain[0]])
    }
    shared.objects[root] = .array([chain[0], wrappers[0]])
    let deep = try #require(Self.failure(shared.bytes()))
    #expect(deep.message.contains("nested more than 64 levels"), "\(deep)")
  }

  @Test func sharedReferencesCannotExpandPastTheValueLimit() throws {
    // 30 levels of [previous, previous]: 2^31 values as a tree from 31 objects.
    var plist = BinaryPlistBuilder()
    plist.add(.bool(true))
    for index in 1...30 { plist.add(.array([index - 1, index - 1])) }
    plist.top = 30
    let error = try #require(Self.failure(plist.bytes()))
    #expect(error.message.contains("more than 500000 values"), "\(error)")
  }

  @Test func unsupportedObjectsAreNamed() throws {
    for (marker, words) in [
      ([UInt8(0x00)], "null"), ([0x80, 0x01], "UID"), ([0xC1, 0x00], "sets"),
      ([0x71, 0x41], "UTF-8"),
      ([0xE0], "unknown marker 0xE0"),
      ([0x24] + [UInt8](repeating: 0, count: 16), "a real of 16 bytes"),
      ([0x51, 0xC3], "ASCII string holds a byte over 0x7F"),
      ([0x61, 0xD8, 0x00], "unpaired surrogate"),
    ] {
      var plist = BinaryPlistBuilder()
      plist.add(.dictionary([(key: 1, value: 2)]))
      plist.add(.ascii("k"))
      plist.add(.raw(marker))
      let error = try #require(Self.failure(plist.bytes()), "\(marker) accepted")
      #expect(error.kind == .syntax && error.message.contains(words), "\(error)")
      #expect(error.message.contains("object 2"), "\(error)")
    }
  }

  @Test func nonStringKeysAndOtherVersionsAreRejected() throws {
    var plist = BinaryPlistBuilder()
    plist.add(.dictionary([(key: 1, value: 1)]))
    plist.add(.integer(3))
    let key = try #require(Self.failure(plist.bytes()))
    #expect(key.message.contains("a dictionary key (object 1) is not a string"), "\(key)")
    var newer = BinaryPlistBuilder().bytes()
    newer.replaceSubrange(0..<8, with: Array("bplist15".utf8))
    let version = try #require(Self.failure(newer))
    #expect(version.message.contains("version 'bplist15' is not supported"), "\(version)")
  }

  @Test func aRepeatedKeyKeepsTheLastValueAndIsNoted() throws {
    var plist = BinaryPlistBuilder()
    let root = plist.add(.dictionary([]))
    let first = plist.stringsdictEntry(
      format: "%#@n@", variable: "n", forms: [("other", "first %d")])
    let last = plist.stringsdictEntry(format: "%#@n@", variable: "n", forms: [("other", "last %d")])
    let key = plist.add(.ascii("k"))
    plist.objects[root] = .dictionary([(key, first), (key, last)])
    let catalog = try StringsDictReader.read(plist.data(), file: "b.stringsdict", locale: "en")
    #expect(catalog.locales["en"]?["k"]?.icuMessage == "{arg1, plural, other {last #}}")
    #expect(
      catalog.diagnostics.map(\.message) == [
        "b.stringsdict: \"k\": duplicate key; the last value wins"
      ])
  }
}
