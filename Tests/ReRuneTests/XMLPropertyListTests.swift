import CLibXML2
import Foundation
import TerminalSafety
import Testing

@testable import ReRune

#if canImport(Glibc)
  import Glibc
#endif

/// `.stringsdict` files as XML property lists through libxml2: every element type, errors with
/// line and column, entities that must never be expanded or loaded, and nothing printed.
@Suite("XML property lists")
struct XMLPropertyListTests {
  static func plist(_ body: String, doctype: String = Self.appleDoctype) -> Data {
    Data(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(doctype)\n<plist version=\"1.0\">\n\(body)\n</plist>\n"
        .utf8)
  }

  static let appleDoctype =
    "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"

  static func failure(_ data: Data) -> CatalogError? {
    do {
      _ = try StringsDictReader.read(data, file: "x.stringsdict", locale: "en")
      return nil
    } catch {
      return error
    }
  }

  @Test func everyElementTypeIsRead() throws {
    let document = try PropertyListReader.read(
      Self.plist(
        """
        <array>
          <string>a &amp; b &lt;c&gt; &#x1D11E; <![CDATA[<raw>]]></string>
          <integer> -42 </integer><integer>0x1F</integer><integer>9223372036854775807</integer>
          <real>2.5</real><true/><false/>
          <date>2024-01-31T12:00:00Z</date>
          <data>
            AAEC
            /w==
          </data>
          <dict><!-- a comment --><key>k</key><string></string></dict>
        </array>
        """))
    let date = try #require(ISO8601DateFormatter().date(from: "2024-01-31T12:00:00Z"))
    #expect(
      document.root
        == .array([
          .string("a & b <c> 𝄞 <raw>"), .integer(-42), .integer(31), .integer(Int64.max),
          .real(2.5), .bool(true), .bool(false), .date(date.timeIntervalSinceReferenceDate),
          .data([0, 1, 2, 0xFF]), .dictionary(["k": .string("")]),
        ]))
  }

  /// Foundation's reading of a property list made of strings, arrays and dictionaries.
  static func foundationValue(_ any: Any) -> PropertyListValue? {
    if let text = any as? String { return .string(text) }
    if let array = any as? [Any] {
      let values = array.compactMap(foundationValue)
      return values.count == array.count ? .array(values) : nil
    }
    if let dictionary = any as? [String: Any] {
      let values = dictionary.compactMapValues(foundationValue)
      return values.count == dictionary.count ? .dictionary(values) : nil
    }
    return nil
  }

  @Test func realFilesReadAsFoundationReadsThem() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var files = [
      root.appendingPathComponent("Demo/Resources/Base.lproj/Localizable.stringsdict"),
      root.appendingPathComponent("Fuzz/Seeds/stringsdict/plural.stringsdict"),
    ]
    if let fixture = try CatalogFixtureTests.fixture("xcstrings-tool/Legacy.stringsdict") {
      files.append(fixture)
    }
    for file in files {
      let data = try Data(contentsOf: file)
      let expected = Self.foundationValue(
        try PropertyListSerialization.propertyList(from: data, format: nil))
      #expect(expected != nil, "\(file.lastPathComponent)")
      #expect(try PropertyListReader.read(data).root == expected, "\(file.lastPathComponent)")
    }
  }

  @Test func anUnclosedTagIsASyntaxErrorWithLineAndColumn() throws {
    let error = try #require(
      Self.failure(Self.plist("<dict>\n  <key>k</key>\n  <string>v</dict>")))
    #expect(error.kind == .syntax)
    #expect(error.line == 6, "\(error)")
    #expect(error.column != nil, "\(error)")
    #expect(
      error.message.contains("not well-formed XML") && error.message.contains("string"), "\(error)")
  }

  /// Files saved on Windows (or through a CRLF git checkout) end their lines with CR LF: they
  /// read as the LF file does (XML turns a line break in text into LF; `&#13;` stays a CR), and
  /// an error's line counts CR LF once.
  @Test func crlfLineEndingsReadAsLFAndCountLinesOnce() throws {
    let body = """
      <dict>
        <key>files</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@n@</string>
          <key>n</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
            <key>one</key>
            <string>one file
      on two lines</string>
            <key>other</key>
            <string>%d files&#13;</string>
          </dict>
        </dict>
      </dict>
      """
    let lf = Self.plist(body)
    let crlf = Data(
      String(decoding: lf, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
    #expect(crlf.count > lf.count)
    let fromLF = try PropertyListReader.read(lf)
    let fromCRLF = try PropertyListReader.read(crlf)
    #expect(fromCRLF.root == fromLF.root)
    guard case .dictionary(let root) = fromCRLF.root, case .dictionary(let files)? = root["files"],
      case .dictionary(let n)? = files["n"]
    else {
      Issue.record("unexpected shape: \(fromCRLF.root)")
      return
    }
    #expect(n["one"] == .string("one file\non two lines"))
    #expect(n["other"] == .string("%d files\r"))
    _ = try StringsDictReader.read(crlf, file: "x.stringsdict", locale: "en")

    let broken = String(
      decoding: Self.plist("<dict>\n  <key>k</key>\n  <string>v</dict>"), as: UTF8.self)
    let error = try #require(
      Self.failure(Data(broken.replacingOccurrences(of: "\n", with: "\r\n").utf8)))
    #expect(error.kind == .syntax)
    #expect(error.line == 6, "\(error)")
  }

  @Test func aWrongElementIsNamedWithItsLine() throws {
    let error = try #require(
      Self.failure(Self.plist("<dict>\n  <key>k</key>\n  <set/>\n</dict>")))
    #expect(error.kind == .syntax)
    #expect(error.line == 6, "\(error)")
    #expect(error.message.contains("unsupported element <set>"), "\(error)")
    #expect(error.message.contains("'k'"), "\(error)")
    for (body, words) in [
      ("<dict><key>k</key></dict>", "key 'k' has no value"),
      ("<dict><string>v</string></dict>", "<string> in a <dict> where a <key> was expected"),
      ("<dict>text</dict>", "text 'text' directly inside <dict>"),
      ("<dict><key>k</key><string><b/></string></dict>", "element <b> inside <string>"),
      ("<array><integer>1.5</integer></array>", "<integer> '1.5' is not a 64-bit signed integer"),
      ("<array><date>yesterday</date></array>", "<date> 'yesterday' is not a date"),
      ("<array><data>***</data></array>", "<data> is not valid base64"),
      ("<array><true>x</true></array>", "<true/> must be empty"),
      ("", "<plist> is empty"),
    ] {
      let error = try #require(Self.failure(Self.plist(body)), "accepted \(body)")
      #expect(error.kind == .syntax && error.message.contains(words), "\(body): \(error)")
      #expect(error.line != nil, "\(body): \(error)")
    }
  }

  @Test func textQuotedInAnErrorIsNeutralizedForTheTerminal() throws {
    // XML 1.0 refuses ESC itself; U+202E (a bidi override) and U+0085 (NEL) are allowed in text,
    // and a key quoted in the error's key path must not carry them to a terminal.
    let hostile = "k\u{202E}gnp.exe\u{85}"
    let error = try #require(
      Self.failure(Self.plist("<dict><key>\(hostile)</key><dict><key>x</key></dict></dict>")))
    #expect(error.message.contains("has no value"), "\(error)")
    #expect(!error.message.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{85}" })
    #expect(SafeText.neutralized(error.message) == error.message, "\(error)")
  }

  @Test func aRepeatedKeyKeepsTheLastValueAndIsNotedWithItsLine() throws {
    let entry = { (text: String) in
      """
      <dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>
      <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>other</key><string>\(text) %d</string></dict></dict>
      """
    }
    let data = Self.plist(
      "<dict>\n<key>k</key>\(entry("first"))\n<key>k</key>\(entry("last"))\n</dict>")
    let catalog = try StringsDictReader.read(data, file: "x.stringsdict", locale: "en")
    #expect(catalog.locales["en"]?["k"]?.icuMessage == "{arg1, plural, other {last #}}")
    let note = try #require(catalog.diagnostics.first)
    #expect(catalog.diagnostics.count == 1)
    #expect(note.key == "k" && note.line == 8, "\(note)")
    #expect(note.message == "x.stringsdict:8: \"k\": duplicate key; the last value wins")
  }

  @Test func openStepAndOtherTextIsRejectedWithAReason() throws {
    let openStep = try #require(
      Self.failure(Data("{ k = { NSStringLocalizedFormatKey = x; }; }".utf8)))
    #expect(
      openStep.message.contains("OpenStep (text) property lists are not supported"), "\(openStep)")
    let empty = try #require(Self.failure(Data()))
    #expect(empty.message.contains("the file is empty"), "\(empty)")
    let json = try #require(Self.failure(Data("[1]".utf8)))
    #expect(json.message.contains("not a property list"), "\(json)")
    let array = try #require(Self.failure(Self.plist("<array/>")))
    #expect(array.kind == .structure && array.message.contains("not array"), "\(array)")
  }

  @Test func sizeValueAndDepthLimitsAreErrorsThatNameThem() throws {
    var large = Data("<plist><string>".utf8)
    large.append(Data(repeating: 0x61, count: PropertyListReader.maxBytes))
    let size = try #require(Self.failure(large))
    #expect(size.message.contains("larger than 16 MiB are not read"), "\(size)")
    let values = String(repeating: "<true/>", count: PropertyListReader.maxValues)
    let many = try #require(Self.failure(Self.plist("<array>\(values)</array>")))
    #expect(many.message.contains("more than 500000 values"), "\(many)")
    let fits = String(repeating: "<true/>", count: PropertyListReader.maxValues - 1)
    #expect(Self.failure(Self.plist("<array>\(fits)</array>"))?.kind == .structure)  // not a dict
    let deep = String(repeating: "<array>", count: 65) + String(repeating: "</array>", count: 65)
    let nested = try #require(Self.failure(Self.plist(deep)))
    #expect(nested.message.contains("nested more than 64 levels"), "\(nested)")
    #expect(nested.line == 4, "\(nested)")
  }

  @Test func utf16DocumentsAreDecoded() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><dict><key>ключ</key><string>x</string></dict></plist>"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let document = try PropertyListReader.read(Data(bytes))
    #expect(document.root == .dictionary(["ключ": .string("x")]))
  }

  /// A directory with `secret.txt` (a string a reader that expands entities would return) and an
  /// `evil.dtd` that declares an entity with it; both watched with inotify for any open.
  final class WatchedFiles {
    let directory: URL
    let secret = "SECRET-0b5e1c"
    let descriptor: Int32

    init() throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "plist-entities-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(secret.utf8).write(to: directory.appendingPathComponent("secret.txt"))
      try Data("<!ENTITY evil \"\(secret)\">".utf8).write(
        to: directory.appendingPathComponent("evil.dtd"))
      descriptor = inotify_init1(Int32(IN_NONBLOCK))
      #expect(descriptor >= 0)
      #expect(inotify_add_watch(descriptor, directory.path, UInt32(IN_OPEN | IN_ACCESS)) >= 0)
    }

    var secretPath: String { directory.appendingPathComponent("secret.txt").path }
    var dtdPath: String { directory.appendingPathComponent("evil.dtd").path }

    /// The number of open/access events on the directory's files since the watch began.
    func events() -> Int {
      var buffer = [UInt8](repeating: 0, count: 4096)
      var count = 0
      while true {
        let read = Glibc.read(descriptor, &buffer, buffer.count)
        guard read > 0 else { break }
        var offset = 0
        while offset < read {
          let length = buffer.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
          }
          count += 1
          offset += 16 + Int(length)
        }
      }
      return count
    }

    deinit {
      close(descriptor)
      try? FileManager.default.removeItem(at: directory)
    }
  }

  @Test func externalEntitiesAreNeverLoaded() throws {
    let files = try WatchedFiles()
    #expect(files.events() == 0)
    _ = try Data(contentsOf: URL(fileURLWithPath: files.secretPath))
    #expect(files.events() > 0, "the watch sees a read")
    let cases: [(String, String)] = [
      // An external general entity in the internal subset, used in a value.
      (
        "<!DOCTYPE plist [<!ENTITY secret SYSTEM \"file://\(files.secretPath)\">]>",
        "<dict><key>k</key><string>&secret;</string></dict>"
      ),
      // An external parameter entity that would pull declarations in.
      (
        "<!DOCTYPE plist [<!ENTITY % dtd SYSTEM \"file://\(files.dtdPath)\"> %dtd;]>",
        "<dict><key>k</key><string>&evil;</string></dict>"
      ),
      // The external DTD subset itself.
      (
        "<!DOCTYPE plist SYSTEM \"file://\(files.dtdPath)\">",
        "<dict><key>k</key><string>&evil;</string></dict>"
      ),
    ]
    for (doctype, body) in cases {
      let data = Self.plist(body, doctype: doctype)
      let error = try #require(Self.failure(data), "accepted \(doctype)")
      #expect(!error.description.contains(files.secret), "\(error)")
      #expect(
        error.kind == .syntax && error.message.contains("entities are not supported"),
        "\(doctype): \(error)")
      #expect(files.events() == 0, "\(doctype) opened a file")
    }
    // An internal entity is not expanded either.
    let internalEntity = try #require(
      Self.failure(
        Self.plist(
          "<dict><key>k</key><string>&e;</string></dict>",
          doctype: "<!DOCTYPE plist [<!ENTITY e \"expanded\">]>")))
    #expect(
      internalEntity.message.contains("'e'")
        && internalEntity.message.contains("entities are not supported"), "\(internalEntity)")
    // With Apple's DOCTYPE (an external subset, as in real files) too.
    let withSubset = try #require(
      Self.failure(Self.plist("<dict><key>k</key><string>&e;</string></dict>")))
    #expect(
      withSubset.message.contains("'e'")
        && withSubset.message.contains("entities are not supported"),
      "\(withSubset)")
    #expect(withSubset.line == 4, "\(withSubset)")
  }

  @Test func appleDoctypeIsAcceptedWithoutFetchingIt() throws {
    // The DTD's URL is http; no network is used (XML_PARSE_NONET) and the file still reads.
    let document = try PropertyListReader.read(
      Self.plist("<dict><key>k</key><string>v</string></dict>"))
    #expect(document.root == .dictionary(["k": .string("v")]))
  }

  /// Errors reach only the reader: libxml2's generic error channel (what prints to stderr by default)
  /// is never used, for well-formedness, encoding and entity errors alike.
  @Test func libxml2PrintsNothing() throws {
    let calls = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    calls.pointee = 0
    defer { calls.deallocate() }
    // The generic handler of this thread (libxml2 keeps it per thread); the parses below run on it.
    rerune_xml_count_generic_errors(calls)
    defer { rerune_xml_count_generic_errors(nil) }
    let inputs: [Data] = [
      Self.plist("<dict><key>k</key><string>v</dict>"),
      Data("<?xml version=\"1.0\" encoding=\"NO-SUCH-ENCODING\"?><plist/>".utf8),
      Data([0x3C, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x3E, 0xFF, 0xFE, 0x3C]),
      Self.plist("<string>&undeclared;</string>"),
      Self.plist("<string>&undeclared;</string>", doctype: ""),
      Data(
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>\u{E9}</string></plist>".utf8
      ),
    ]
    for input in inputs {
      let error = Self.failure(input)
      #expect(error != nil, "accepted \(String(decoding: input, as: UTF8.self))")
    }
    #expect(
      calls.pointee == 0,
      "libxml2's generic (printing) error channel was used \(calls.pointee) times")
    // The counter works: a parse with libxml2's default reporting reaches it.
    let context = try #require(xmlNewParserCtxt())
    defer { xmlFreeParserCtxt(context) }
    let broken = Array("<plist><dict></plist>".utf8)
    let document = broken.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) {
        xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), nil, nil, 0)
      }
    }
    if let document { xmlFreeDoc(document) }
    #expect(calls.pointee > 0)
  }
}
