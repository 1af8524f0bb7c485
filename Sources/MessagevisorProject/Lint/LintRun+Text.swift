import Foundation
import MessagevisorICU
import TerminalSafety

/// Text checks: `untranslated`, `whitespace_mismatch`, `invisible_characters` and the
/// `translatorContext.maxGraphemes` half of `fit`.
extension LintRun {
  /// The language subtag of a locale (`pt-BR` → `pt`).
  func language(_ locale: String) -> String {
    String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
  }

  /// The locales that targets including `key` build, sorted (made once per set of targets).
  func builtLocales(of key: String) -> [String] {
    guard targets.count <= 64 else { return Self.locales(built: targets, including: key, in: self) }
    var including: UInt64 = 0
    for (index, target) in targets.enumerated() where includes(target, key) {
      including |= 1 << UInt64(index)
    }
    if let known = builtLocalesByTargets[including] { return known }
    let result = Self.locales(built: targets, including: key, in: self)
    builtLocalesByTargets[including] = result
    return result
  }

  /// The locales that those of `targets` that include `key` build, sorted.
  static func locales(built targets: [ProjectTarget], including key: String, in run: LintRun)
    -> [String]
  {
    var result = Set<String>()
    for target in targets where run.includes(target, key) {
      result.formUnion(target.locales ?? Array(run.project.locales.keys))
    }
    return result.sorted()
  }

  func checkUntranslated(_ message: ProjectMessage) {
    let source = sourceLocale
    for locale in builtLocales(of: message.key) where locale != source {
      if let text = message.translations[locale] {
        if let source, let sourceText = message.translations[source], text == sourceText {
          identical(message, locale: locale, text: text, path: "translations.\(locale)")
        }
        continue
      }
      let chain = chains[locale] ?? [locale]
      if let parent = chain.dropFirst().first(where: { message.translations[$0] != nil }) {
        guard language(parent) != language(locale) else { continue }
        report(
          "untranslated",
          "not translated to \(locale): the text is inherited from \(parent); add translations.\(locale)",
          at: message.translationsLocation ?? message.location, key: message.key,
          path: "translations.\(locale)", locale: locale)
      } else {
        report(
          "untranslated",
          "missing in \(locale), which \(targetsBuilding(locale, message.key)) builds; add translations.\(locale)",
          at: message.translationsLocation ?? message.location, key: message.key,
          path: "translations.\(locale)", locale: locale)
      }
    }
  }

  /// `target "x"` or `targets "x", "y"` that include `key` and build `locale`.
  func targetsBuilding(_ locale: String, _ key: String) -> String {
    let names = targets.filter {
      includes($0, key) && ($0.locales ?? Array(project.locales.keys)).contains(locale)
    }.map { "\"\($0.key)\"" }
    return (names.count == 1 ? "target " : "targets ") + names.joined(separator: ", ")
  }

  func identical(_ message: ProjectMessage, locale: String, text: String, path: String) {
    guard let source = sourceLocale, language(source) != language(locale) else { return }
    let config = project.config.lint
    if config.allowIdentical.contains(text) { return }
    let literal = literalText(text)
    guard literal.count >= config.identicalMinimumLength, literal.contains(where: \.isLetter)
    else { return }
    report(
      "untranslated",
      "the \(locale) text is identical to the \(source) source; translate it, or add it to lint.allowIdentical if it is a name",
      at: message.translationLocations[locale] ?? message.location, key: message.key, path: path,
      locale: locale)
  }

  /// The text a reader sees along the longest branch (arguments as nothing, `#` as one digit);
  /// the raw text when it is not valid ICU or the ICU module is off.
  func literalText(_ text: String) -> String {
    guard project.config.icuModule, case .success(let message) = parse(text) else { return text }
    return longest(message.nodes)
  }

  func longest(_ nodes: [ICUNode]) -> String {
    var result = ""
    for node in nodes {
      switch node {
      case .literal(let text): result += text
      case .pound: result += "0"
      case .argument, .number, .date, .time: break
      case .plural(_, let plural):
        let branches = plural.exact.map(\.nodes) + Array(plural.categories.values) + [plural.other]
        result += branches.map(longest).max { $0.count < $1.count } ?? ""
      case .select(_, let select):
        let branches = Array(select.branches.values) + [select.other]
        result += branches.map(longest).max { $0.count < $1.count } ?? ""
      }
    }
    return result
  }

  func checkWhitespace(_ message: ProjectMessage, _ scalars: [TranslationScalar]) {
    guard let source = sourceLocale else { return }
    // What each source text (the base's, each override's) looks like, found once per message.
    var sourceShapes:
      [Int: (leading: Substring, trailing: Substring, ending: String?, doubled: Bool)] =
        [:]
    for scalar in scalars where scalar.locale != source {
      let owner = scalar.override ?? -1
      let shape: (leading: Substring, trailing: Substring, ending: String?, doubled: Bool)
      if let known = sourceShapes[owner] {
        shape = known
      } else {
        let sourceText =
          scalar.override.map { message.overrides[$0].translations[source] }
          ?? message.translations[source]
        guard let sourceText else { continue }
        shape = (
          Self.leadingWhitespace(sourceText), Self.trailingWhitespace(sourceText),
          Self.finalPunctuation(sourceText), Self.hasDoubledSpace(sourceText)
        )
        sourceShapes[owner] = shape
      }
      let text = scalar.text
      // Plain ASCII copy that starts and ends with a visible character other than punctuation,
      // with no doubled spaces, has nothing to compare with a source that matches it there.
      if scalar.shape.isASCII, !scalar.shape.hasDoubledSpace || shape.doubled,
        shape.leading.isEmpty, shape.trailing.isEmpty, shape.ending == nil,
        let first = text.utf8.first, first > 0x20, first < 0x7F,
        let last = text.utf8.last, last > 0x20, last < 0x7F,
        !Self.isFinalPunctuation(last)
      {
        continue
      }
      var problems: [String] = []
      let leading = Self.leadingWhitespace(text)
      let sourceLeading = shape.leading
      if leading != sourceLeading {
        problems.append(
          "leading whitespace \(quoted(leading)) (source: \(quoted(sourceLeading)))")
      }
      let trailing = Self.trailingWhitespace(text)
      let sourceTrailing = shape.trailing
      if trailing != sourceTrailing {
        problems.append(
          "trailing whitespace \(quoted(trailing)) (source: \(quoted(sourceTrailing)))")
      }
      let mine = Self.finalPunctuation(text)
      let theirs = shape.ending
      if mine != theirs {
        problems.append(
          "ends with \(mine.map { "“\($0)”" } ?? "no punctuation") where the source ends with \(theirs.map { "“\($0)”" } ?? "none")"
        )
      }
      if scalar.shape.hasDoubledSpace, !shape.doubled {
        problems.append("has doubled spaces the source does not have")
      }
      guard !problems.isEmpty else { continue }
      report(
        "whitespace_mismatch",
        "the \(scalar.locale) text \(problems.joined(separator: "; ")); match the \(source) text",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
  }

  func quoted(_ whitespace: Substring) -> String {
    whitespace.isEmpty
      ? "none"
      : "\""
        + whitespace.unicodeScalars.map { $0 == "\n" ? "\\n" : $0 == "\t" ? "\\t" : String($0) }
        .joined() + "\""
  }

  /// Whether `text` has two spaces (U+0020) in a row.
  static func hasDoubledSpace(_ text: String) -> Bool {
    var previousWasSpace = false
    for byte in text.utf8 {
      let isSpace = byte == 0x20
      if isSpace && previousWasSpace { return true }
      previousWasSpace = isSpace
    }
    return false
  }

  /// The whitespace a text starts with.
  static func leadingWhitespace(_ text: String) -> Substring {
    // Most text starts with a visible ASCII character: no grapheme breaking needed.
    if let first = text.utf8.first, first > 0x20, first < 0x7F {
      return text[text.startIndex..<text.startIndex]
    }
    return text.prefix(while: \.isWhitespace)
  }

  /// The whitespace a text ends with.
  static func trailingWhitespace(_ text: String) -> Substring {
    // A visible ASCII last byte is a character of its own (extenders are never ASCII).
    if let last = text.utf8.last, last > 0x20, last < 0x7F { return text[text.endIndex...] }
    var start = text.endIndex
    while start > text.startIndex {
      let before = text.index(before: start)
      guard text[before].isWhitespace else { break }
      start = before
    }
    return text[start...]
  }

  /// Whether an ASCII last byte is one of the final punctuation marks
  /// (``finalPunctuation(_:)``'s `.`, `:`, `?`, `!`).
  static func isFinalPunctuation(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "?")
      || byte == UInt8(ascii: "!")
  }

  /// The class of a text's final punctuation (`.` `:` `…` `?` `!`, with their CJK, Arabic and
  /// full-width forms), or `nil`.
  static func finalPunctuation(_ text: String) -> String? {
    let trimmed = text[..<trailingWhitespace(text).startIndex]
    // Compared as bytes: `hasSuffix` on a substring goes through Foundation's search.
    if trimmed.utf8.count >= 3, trimmed.utf8.suffix(3).elementsEqual("...".utf8) { return "…" }
    // An ASCII scalar after an ASCII scalar (or alone) is the last character by itself (the one
    // pair of ASCII scalars that is one character, CR LF, ends in whitespace, trimmed above):
    // no grapheme breaking for most copy.
    let bytes = trimmed.utf8
    if let lastByte = bytes.last, lastByte < 0x80,
      bytes.count == 1 || bytes[bytes.index(bytes.endIndex, offsetBy: -2)] < 0x80
    {
      switch lastByte {
      case UInt8(ascii: "."): return "."
      case UInt8(ascii: ":"): return ":"
      case UInt8(ascii: "?"): return "?"
      case UInt8(ascii: "!"): return "!"
      default: return nil
      }
    }
    guard let last = trimmed.last else { return nil }
    switch last {
    case ".", "。", "۔", "．", "｡": return "."
    case ":", "：": return ":"
    case "…", "⋯": return "…"
    case "?", "？", "؟": return "?"
    case "!", "！": return "!"
    default: return nil
    }
  }

  func checkInvisible(_ message: ProjectMessage, _ scalar: TranslationScalar) {
    // ASCII without control characters is visible and in NFC.
    if scalar.shape.isASCII, !scalar.shape.hasASCIIControl { return }
    let invisible = SafeText.invisibleScalars(in: scalar.text)
    if !invisible.isEmpty {
      let names = invisible.prefix(5).map { item in
        "U+\(String(item.scalar.value, radix: 16, uppercase: true).leftPadded(4)) at \(item.offset)"
      }
      report(
        "invisible_characters",
        "invisible or control characters (\(names.joined(separator: ", "))\(invisible.count > 5 ? ", …" : "")); remove them (write visible text; the terminal drops these)",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
    if !Self.isCertainlyNFC(scalar.text), !Self.isNFC(scalar.text) {
      report(
        "invisible_characters",
        "the text is not in Unicode NFC (decomposed characters); save it normalized to NFC",
        at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
    }
  }

  /// Whether `text` is in NFC, normalizing a private copy of it: handing `text` itself to
  /// Foundation would attach a table of UTF-16 offsets to its storage for as long as the
  /// translation lives (4 MB at 800,000 translations).
  static func isNFC(_ text: String) -> Bool {
    let count = text.utf8.count
    let copy = String(unsafeUninitializedCapacity: count) { buffer in
      _ = buffer.initialize(fromContentsOf: text.utf8)
      return count
    }
    return copy.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(
      text.unicodeScalars)
  }

  /// Whether `text` is in NFC without normalizing it (`false`: it may not be; normalize to
  /// know). Unicode's quick check: text whose scalars all have NFC_QC=Yes is NFC. NFC_QC=No is
  /// exactly Full_Composition_Exclusion; NFC_QC=Maybe scalars combine with what precedes them:
  /// combining marks (a nonzero combining class) and a few starters in the Indic, Sinhala,
  /// Myanmar, Hangul-jamo, Balinese, kana-voicing and supplementary Brahmic ranges, which are
  /// left to normalization.
  static func isCertainlyNFC(_ text: String) -> Bool {
    for scalar in text.unicodeScalars where scalar.value >= 0x300 {
      switch scalar.value {
      // Letters of common scripts that are NFC_QC=Yes with combining class 0 (CJK ideographs,
      // kana, Hangul syllables, Cyrillic, Hebrew, Arabic and Thai letters): no lookup needed.
      case 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0xAC00...0xD7A3, 0x400...0x482,
        0x48A...0x52F, 0x5D0...0x5EA, 0x621...0x64A, 0xE01...0xE30:
        continue
      case 0x900...0xDFF, 0x1000...0x109F, 0x1100...0x11FF, 0x1B00...0x1B7F, 0x3099...0x309A,
        0x11000...0x11FFF:
        return false
      default: break
      }
      let properties = scalar.properties
      if properties.canonicalCombiningClass != .notReordered
        || properties.isFullCompositionExclusion
      {
        return false
      }
    }
    return true
  }

  func checkMaxGraphemes(_ message: ProjectMessage, _ scalar: TranslationScalar) {
    let context =
      scalar.override.flatMap { message.overrides[$0].translatorContext }
      ?? message.translatorContext
    guard let limit = context?.objectValue?["maxGraphemes"]?.intValue, limit > 0 else { return }
    let count = literalText(scalar.text).count
    guard count > limit else { return }
    report(
      "fit",
      "\(count) graphemes where translatorContext.maxGraphemes allows \(limit); shorten the \(scalar.locale) text",
      at: scalar.location, key: message.key, path: scalar.path, locale: scalar.locale)
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
