extension SafeText {
  /// What ``neutralized(_:keepingLineBreaks:)`` does with one scalar.
  enum Disposition: Equatable {
    case keep
    case drop
    case replace(Unicode.Scalar)
  }

  /// The rule for the scalar at `index`, which may depend on its neighbours (joiners, tags).
  static func disposition(of scalars: [Unicode.Scalar], at index: Int) -> Disposition {
    let scalar = scalars[index]
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return .keep }
    if let placeholder = placeholderScalar(for: scalar) { return .replace(placeholder) }
    if isBidiControl(scalar) || isInvisibleFormat(value) { return .drop }
    if value == 0x200D || value == 0x200C {
      return joinerShapes(in: scalars, at: index) ? .keep : .drop
    }
    if value == 0xE0001 { return .drop }
    if (0xE0020...0xE007F).contains(value) {
      // Kept inside a tag sequence that starts right after 🏴 (U+1F3F4); real ones are short
      // (subdivision flags use 5–7 tags), so the walk back is bounded.
      var base = index - 1
      while base >= 0, index - base <= 32, (0xE0020...0xE007E).contains(scalars[base].value) {
        base -= 1
      }
      return base >= 0 && scalars[base].value == 0x1F3F4 ? .keep : .drop
    }
    return .keep
  }

  /// Whether any scalar of `text` may need to change (a cheap scan before the real work).
  static func needsWork(_ text: String, keepingLineBreaks: Bool) -> Bool {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value >= 0x20 && value < 0x7F { continue }
      if keepingLineBreaks && (value == 0x0A || value == 0x09) { continue }
      if value < 0xA0 { return true }
      if value == 0x2028 || value == 0x2029 { return true }
      if value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(value) { return true }
      if value < 0x10000 && !hasFormatCharacter(block: value >> 8) { continue }
      if scalar.properties.generalCategory == .format { return true }
    }
    return false
  }

  /// Whether the block of 256 BMP scalars numbered `block` (`value >> 8`, below 256) holds a
  /// format character (category Cf).
  @inline(__always)
  static func hasFormatCharacter(block: UInt32) -> Bool {
    formatBlocks[Int(block >> 6)] & (1 << UInt64(block & 63)) != 0
  }

  /// One bit per block of 256 BMP scalars: set when the block holds a format character, found
  /// once from the runtime's own Unicode data. Most scripts' blocks hold none, so their text
  /// skips the per-scalar property lookup.
  static let formatBlocks: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 4)
    for value in UInt32(0xA0)..<0x10000 {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .format
      else { continue }
      bits[Int(value >> 14)] |= 1 << UInt64((value >> 8) & 63)
    }
    return bits
  }()

  /// Zero-width format characters that draw nothing and have no shaping role on a terminal.
  static func isInvisibleFormat(_ value: UInt32) -> Bool {
    switch value {
    case 0x200B, 0x2060...0x2064, 0xFEFF, 0x180E, 0x206A...0x206F: return true
    default: return false
    }
  }

  /// An emoji, U+FE0F or a skin-tone modifier: what may precede the ZWJ of an emoji sequence.
  static func isEmojiBeforeJoiner(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xFE0F || isPictographic(scalar)
  }

  /// An emoji scalar outside ASCII (the digits, `#` and `*` are "emoji" only in keycap sequences).
  static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xA9 && scalar.properties.isEmoji
  }

  /// A scalar (letter or mark) of a script whose rendering uses ZWJ/ZWNJ: the cursive joining
  /// scripts (Arabic, Syriac, N'Ko, Mandaic, Mongolian, Phags-pa, Manichaean, Psalter Pahlavi,
  /// Hanifi Rohingya, Sogdian, Old Uyghur, Adlam) and the Brahmic scripts of South and South-East
  /// Asia (Devanagari to Sinhala, Tibetan, Myanmar, Tagalog to Khmer, Limbu, Tai Tham, Balinese,
  /// Sundanese, Lepcha, Javanese, Cham, Meetei Mayek, Brahmi and the historic Indic scripts).
  static func isShapingScript(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    // Arabic, Syriac, Arabic Supplement, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended:
    case 0x0600...0x08FF,
      0x0900...0x0DFF,  // Devanagari … Sinhala
      0x0F00...0x0FFF,  // Tibetan
      0x1000...0x109F,  // Myanmar
      0x1700...0x17FF,  // Tagalog, Hanunoo, Buhid, Tagbanwa, Khmer
      0x1800...0x18AF,  // Mongolian
      0x1900...0x194F,  // Limbu
      0x1980...0x1AAF,  // New Tai Lue, Khmer symbols, Buginese, Tai Tham
      0x1B00...0x1C4F,  // Balinese, Sundanese, Batak, Lepcha
      0xA800...0xA82F,  // Syloti Nagri
      0xA840...0xA87F,  // Phags-pa
      0xA880...0xA8FF,  // Saurashtra, Devanagari Extended
      0xA900...0xA9FF,  // Kayah Li, Rejang, Javanese, Myanmar Extended-B
      0xAA00...0xAA7F,  // Cham, Myanmar Extended-A
      0xAAE0...0xAAFF, 0xABC0...0xABFF,  // Meetei Mayek
      0xFB50...0xFDFF, 0xFE70...0xFEFE,  // Arabic presentation forms
      0x10AC0...0x10AFF,  // Manichaean
      0x10B80...0x10BAF,  // Psalter Pahlavi
      0x10D00...0x10D3F,  // Hanifi Rohingya
      0x10F30...0x10FAF,  // Sogdian, Old Uyghur
      0x11000...0x11DFF,  // Brahmi … Gunjala Gondi
      0x1E900...0x1E95F:  // Adlam
      return true
    default:
      return false
    }
  }

  /// Upper-case hexadecimal, at least four digits.
  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
  }
}
