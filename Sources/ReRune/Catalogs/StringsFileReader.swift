import Foundation

/// Reads classic Apple `.strings` files.
///
/// Accepts UTF-8 (with or without BOM) and UTF-16 with a BOM (either byte order); `/* … */` and `//`
/// comments; quoted strings with the escapes `\n \t \r \" \\ \' \a \b \f \v \0`, octal `\NNN`,
/// `\uXXXX` and `\UXXXX` (surrogate pairs combined); unquoted keys and values made of
/// `A–Z a–z 0–9 _ . - $ : /`; `"key";` as shorthand for `"key" = "key";`. A repeated key keeps the last value
/// (as Foundation does) and is noted in the diagnostics.
public enum StringsFileReader {
  /// Reads the file at `url` as the strings of `locale`.
  public static func read(
    contentsOf url: URL, locale: String,
    invalidEntries: XCStringsReader.InvalidEntryPolicy = .reject
  ) throws(CatalogError) -> LocalizationCatalog {
    let data = try CatalogError.contents(of: url)
    return try read(data, file: url.path, locale: locale, invalidEntries: invalidEntries)
  }

  /// Reads `.strings` bytes as the strings of `locale`; `file` labels errors.
  public static func read(
    _ data: Data, file: String, locale: String,
    invalidEntries: XCStringsReader.InvalidEntryPolicy = .reject
  ) throws(CatalogError) -> LocalizationCatalog {
    let text = try decode(data, file: file)
    let pairs = try parsePairs(text, file: file)
    var entries: [String: CatalogEntry] = [:]
    var diagnostics: [CatalogDiagnostic] = []
    for pair in pairs {
      if entries[pair.key] != nil {
        diagnostics.append(
          CatalogDiagnostic(
            key: pair.key, locale: locale,
            message: "\(file):\(pair.line):\(pair.column): duplicate key; the last value wins"))
      }
      do {
        entries[pair.key] = try CatalogEntry.fromFormat(pair.value)
      } catch {
        let catalogError = CatalogError(
          kind: .format, file: file, line: pair.valueLine, column: pair.valueColumn,
          keyPath: XCStringsReader.quoted(pair.key), message: error.reason)
        switch invalidEntries {
        case .reject: throw catalogError
        case .skip:
          entries[pair.key] = nil
          diagnostics.append(
            CatalogDiagnostic(key: pair.key, locale: locale, message: catalogError.description))
        }
      }
    }
    return LocalizationCatalog(locales: [locale: entries], diagnostics: diagnostics)
  }

  /// One `key = value;` pair with positions (1-based).
  public struct Pair: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value (escapes resolved).
    public var value: String
    /// Line of the key.
    public var line: Int
    /// Column of the key.
    public var column: Int
    /// Line of the value.
    public var valueLine: Int
    /// Column of the value.
    public var valueColumn: Int
  }

  /// Decodes `.strings` bytes (UTF-16 with BOM, UTF-8 with or without BOM).
  public static func decode(_ data: Data, file: String) throws(CatalogError) -> String {
    let bytes = [UInt8](data)
    if bytes.count >= 2,
      (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
    {
      let little = bytes[0] == 0xFF
      guard (bytes.count - 2) % 2 == 0 else {
        throw CatalogError(
          kind: .encoding, file: file, message: "UTF-16 file has an odd number of bytes")
      }
      var units: [UInt16] = []
      units.reserveCapacity((bytes.count - 2) / 2)
      var i = 2
      while i + 1 < bytes.count {
        units.append(
          little
            ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8
            : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
        i += 2
      }
      var result = ""
      var iterator = units.makeIterator()
      var decoder = UTF16()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
        case .emptyInput: break loop
        case .error:
          throw CatalogError(
            kind: .encoding, file: file, message: "invalid UTF-16 (unpaired surrogate)")
        }
      }
      return result
    }
    var body = bytes[...]
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { body = bytes[3...] }
    guard let text = String(validating: body, as: UTF8.self) else {
      throw CatalogError(
        kind: .encoding, file: file,
        message: "the file is neither UTF-8 nor UTF-16 with a byte-order mark; re-save it as UTF-8")
    }
    return text
  }

  /// Parses the pairs of decoded `.strings` text.
  public static func parsePairs(_ text: String, file: String) throws(CatalogError) -> [Pair] {
    var parser = Parser(scalars: Array(text.unicodeScalars), file: file)
    return try parser.parse()
  }

  struct Parser {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], file: String) {
      self.scalars = scalars
      self.file = file
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> CatalogError {
      CatalogError(
        kind: .syntax, file: file, line: line ?? self.line, column: column ?? self.column,
        message: message)
    }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
      guard index < scalars.count else { return }
      let c = scalars[index]
      index += 1
      if c == "\n" || (c == "\r" && current != "\n") {
        line += 1
        column = 1
      } else if c != "\r" {
        column += 1
      }
    }

    mutating func skipTrivia() throws(CatalogError) {
      while let c = current {
        if c.properties.isWhitespace {
          advance()
        } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
          let (l, col) = (line, column)
          advance()
          advance()
          var closed = false
          while let d = current {
            if d == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
              advance()
              advance()
              closed = true
              break
            }
            advance()
          }
          if !closed { throw error("unterminated /* comment", line: l, column: col) }
        } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
          while let d = current, d != "\n", d != "\r" { advance() }
        } else {
          return
        }
      }
    }

    static func isUnquoted(_ c: Unicode.Scalar) -> Bool {
      (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)))
        || "_.-$:/".unicodeScalars.contains(c)
    }

    mutating func readString(what: String) throws(CatalogError) -> String {
      guard let c = current else { throw error("expected a \(what) but the file ended") }
      if c == "\"" {
        let (l, col) = (line, column)
        advance()
        var out = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while true {
          guard let d = current else {
            throw error("unterminated string (missing closing \")", line: l, column: col)
          }
          if d == "\"" {
            advance()
            break
          }
          if d == "\\" {
            let (el, ec) = (line, column)
            advance()
            guard let e = current else { continue }
            advance()
            var scalarValue: UInt32?
            switch e {
            case "n": scalarValue = 0x0A
            case "t": scalarValue = 0x09
            case "r": scalarValue = 0x0D
            case "a": scalarValue = 0x07
            case "b": scalarValue = 0x08
            case "f": scalarValue = 0x0C
            case "v": scalarValue = 0x0B
            case "u", "U":
              var hex = ""
              for _ in 0..<4 {
                guard let h = current, h.properties.isASCIIHexDigit else {
                  throw error(
                    "\\\(e) needs exactly four hexadecimal digits", line: el, column: ec)
                }
                hex.unicodeScalars.append(h)
                advance()
              }
              scalarValue = UInt32(hex, radix: 16)
            case "0"..."7":
              var octal = String(e)
              while octal.count < 3, let o = current, ("0"..."7").contains(o) {
                octal.unicodeScalars.append(o)
                advance()
              }
              scalarValue = UInt32(octal, radix: 8)
            default:
              scalarValue = e.value
            }
            guard let v = scalarValue else { continue }
            if (0xD800...0xDBFF).contains(v) {
              if pendingHigh != nil {
                throw error("unpaired UTF-16 high surrogate escape", line: el, column: ec)
              }
              pendingHigh = v
              continue
            }
            if (0xDC00...0xDFFF).contains(v) {
              guard let high = pendingHigh else {
                throw error(
                  "UTF-16 low surrogate escape without a high surrogate", line: el, column: ec)
              }
              pendingHigh = nil
              let combined = 0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00)
              if let scalar = Unicode.Scalar(combined) { out.append(scalar) }
              continue
            }
            if pendingHigh != nil {
              throw error("unpaired UTF-16 high surrogate escape", line: el, column: ec)
            }
            if let scalar = Unicode.Scalar(v) { out.append(scalar) }
            continue
          }
          if pendingHigh != nil {
            throw error("unpaired UTF-16 high surrogate escape")
          }
          out.append(d)
          advance()
        }
        if pendingHigh != nil {
          throw error("unpaired UTF-16 high surrogate escape", line: l, column: col)
        }
        return String(out)
      }
      if Self.isUnquoted(c) {
        var out = String.UnicodeScalarView()
        while let d = current, Self.isUnquoted(d) {
          out.append(d)
          advance()
        }
        return String(out)
      }
      throw error("expected a \(what) (a quoted string) but found '\(c.escaped(asASCII: true))'")
    }

    mutating func parse() throws(CatalogError) -> [Pair] {
      var pairs: [Pair] = []
      while true {
        try skipTrivia()
        guard current != nil else { return pairs }
        let (kl, kc) = (line, column)
        let key = try readString(what: "key")
        try skipTrivia()
        if current == ";" {
          advance()
          pairs.append(
            Pair(key: key, value: key, line: kl, column: kc, valueLine: kl, valueColumn: kc))
          continue
        }
        guard current == "=" else {
          throw error("expected '=' or ';' after the key \"\(key)\"")
        }
        advance()
        try skipTrivia()
        let (vl, vc) = (line, column)
        let value = try readString(what: "value")
        try skipTrivia()
        guard current == ";" else {
          throw error("expected ';' after the value of \"\(key)\"")
        }
        advance()
        pairs.append(
          Pair(key: key, value: value, line: kl, column: kc, valueLine: vl, valueColumn: vc))
      }
    }
  }
}
