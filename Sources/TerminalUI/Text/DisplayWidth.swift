/// Display width of text in terminal columns, following the `wcwidth` rules.
///
/// - East Asian Wide and Fullwidth characters (CJK, kana, Hangul, fullwidth forms) take 2 columns.
/// - Emoji with emoji presentation take 2 columns, as do emoji made emoji by U+FE0F, emoji
///   modifier sequences, zero-width-joiner sequences (👨‍👩‍👧 is one 2-column grapheme) and flags
///   (a pair of regional indicators).
/// - Combining marks, zero-width joiners and variation selectors inside a grapheme take 0 columns.
///   Spacing marks and the further letters of a conjunct take a column each, as terminals draw
///   them (कि = 2, क्षि = 3); a grapheme never takes more than
///   ``TerminalSafeText/maximumGraphemeWidth`` columns.
/// - Control characters are shown as 1-column placeholders (see ``TerminalSafeText``).
///
/// Width is measured per grapheme (`Character`), so graphemes are never split.
public enum DisplayWidth {
  /// Columns taken by one grapheme as it will be drawn (0 only for graphemes that draw nothing,
  /// such as a lone zero-width space).
  public static func of(_ grapheme: Character) -> Int {
    TerminalSafeText.cellContent(for: grapheme)?.width ?? 0
  }

  /// Columns taken by a string: the sum of its graphemes' widths.
  public static func of(_ text: String) -> Int {
    var total = 0
    for grapheme in text {
      if grapheme.isASCII, let ascii = grapheme.asciiValue, ascii >= 0x20, ascii < 0x7F {
        total += 1
      } else {
        total += of(grapheme)
      }
    }
    return total
  }

  /// Columns taken by a single scalar when it starts a grapheme: 0, 1 or 2.
  ///
  /// Controls report 1 (they are drawn as placeholders); combining marks and format characters
  /// report 0.
  public static func of(scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return 1 }
    if value < 0xA0 { return 1 }
    if isZeroWidth(scalar) { return 0 }
    if isWide(value) { return 2 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Whether a scalar has no width of its own (combining marks, format characters, Hangul
  /// medial/final jamo, variation selectors).
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x00AD { return false }  // soft hyphen: shown as a hyphen by terminals
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
    if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || value == 0xFEFF {
      return true
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return true
    default:
      return false
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges, plus the wide emoji blocks.
  static func isWide(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    switch value {
    case 0x1100...0x115F,  // Hangul Jamo initial consonants
      0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
      0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
      0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
      0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
      0x2B50, 0x2B55,
      0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
      0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19,  // vertical forms
      0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
      0xFF00...0xFF60,  // fullwidth forms
      0xFFE0...0xFFE6,
      0x16FE0...0x16FE4, 0x16FF0...0x16FF1,
      0x17000...0x18CFF,  // Tangut
      0x18D00...0x18D08,
      0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A,
      0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
      0x1F260...0x1F265,
      0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
      0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
      0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
      0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
      0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
      0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
      0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x2FFFD,  // CJK extensions B–F
      0x30000...0x3FFFD:  // CJK extension G and later
      return true
    default:
      return false
    }
  }
}
