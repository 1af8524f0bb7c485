#if canImport(_FoundationICU)
  import _FoundationICU
#endif

/// Reorders right-to-left text for display with ICU's implementation of the Unicode
/// Bidirectional Algorithm (UAX #9).
///
/// Terminals (and tmux) show text in logical order, so Arabic or Hebrew would read backwards.
/// This adapter is the only file that talks to ICU (the copy bundled with Foundation on Linux,
/// `_FoundationICU`). Where that module does not exist (macOS), a simplified resolution of the
/// embedding levels is used instead (see `approximateLevels`).
public enum BidiReorderer {
  /// `logicalLine` in visual (left-to-right display) order: right-to-left runs reversed, embedded
  /// Latin and digits kept left to right, mirrored brackets swapped, bidi controls removed.
  ///
  /// ICU resolves the embedding level of every character (UAX #9 rules up to L1); the runs are
  /// then reversed (rule L2) grapheme by grapheme, so combining marks stay on their base and emoji
  /// sequences and flags (🇸🇦) are never taken apart. Reorder one display line at a time, after
  /// wrapping. Text without right-to-left characters in a left-to-right (or automatic) paragraph
  /// is returned unchanged. On an ICU error the logical text is returned.
  public static func visualOrder(_ logicalLine: String, baseDirection: TextDirection = .auto)
    -> String
  {
    if logicalLine.isEmpty { return logicalLine }
    if baseDirection != .rtl && !containsRightToLeft(logicalLine) { return logicalLine }
    guard let levels = embeddingLevels(logicalLine, baseDirection: baseDirection) else {
      return logicalLine
    }
    // One entry per grapheme, with the level of its first code unit.
    var graphemes: [(text: Character, level: UInt8)] = []
    graphemes.reserveCapacity(levels.count)
    var offset = 0
    var highest: UInt8 = 0
    var lowestOdd: UInt8 = UInt8.max
    for grapheme in logicalLine {
      let level = offset < levels.count ? levels[offset] : 0
      offset += grapheme.utf16.count
      if grapheme.unicodeScalars.allSatisfy({ TerminalSafeText.isBidiControl($0) }) { continue }
      graphemes.append((grapheme, level))
      highest = max(highest, level)
      if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
    }
    // Rule L2: from the highest level down to the lowest odd level, reverse every maximal run of
    // graphemes at that level or higher.
    if lowestOdd != UInt8.max {
      var level = highest
      while level >= lowestOdd {
        var index = 0
        while index < graphemes.count {
          guard graphemes[index].level >= level else {
            index += 1
            continue
          }
          var end = index
          while end < graphemes.count && graphemes[end].level >= level { end += 1 }
          graphemes[index..<end].reverse()
          index = end
        }
        if level == 0 { break }
        level -= 1
      }
    }
    var result = ""
    result.reserveCapacity(logicalLine.utf8.count)
    for (grapheme, level) in graphemes {
      if level & 1 == 1 {
        result.append(mirrored(grapheme))
      } else {
        result.append(grapheme)
      }
    }
    return result
  }

  /// The resolved embedding level of every UTF-16 code unit of `text` (after rule L1), or `nil`
  /// on an ICU error.
  private static func embeddingLevels(_ text: String, baseDirection: TextDirection) -> [UInt8]? {
    #if canImport(_FoundationICU)
      return icuLevels(text, baseDirection: baseDirection)
    #else
      return approximateLevels(text, baseDirection: baseDirection)
    #endif
  }

  #if canImport(_FoundationICU)
    private static func icuLevels(_ text: String, baseDirection: TextDirection) -> [UInt8]? {
      let utf16 = Array(text.utf16)
      guard utf16.count < Int(Int32.max / 2) else { return nil }
      var status = U_ZERO_ERROR
      guard let bidi = swift_ubidi_openSized(Int32(utf16.count), 0, &status) else { return nil }
      defer { swift_ubidi_close(bidi) }
      let paragraphLevel: UBiDiLevel
      switch baseDirection {
      case .ltr: paragraphLevel = 0
      case .rtl: paragraphLevel = 1
      case .auto: paragraphLevel = 0xFE  // UBIDI_DEFAULT_LTR
      }
      return utf16.withUnsafeBufferPointer { buffer -> [UInt8]? in
        // ICU keeps a pointer to the text until the object is closed: stay inside this closure.
        swift_ubidi_setPara(
          bidi, buffer.baseAddress, Int32(buffer.count), paragraphLevel, nil, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        guard let levels = swift_ubidi_getLevels(bidi, &status),
          status.rawValue <= U_ZERO_ERROR.rawValue
        else { return nil }
        return Array(UnsafeBufferPointer(start: levels, count: buffer.count))
      }
    }
  #endif

  /// The embedding levels the reorderer uses (ICU's where available), for tests.
  static func levelsForTesting(_ text: String, baseDirection: TextDirection) -> [UInt8]? {
    embeddingLevels(text, baseDirection: baseDirection)
  }

  /// A single-scalar grapheme replaced by its mirror image (`(` ↔ `)`, `«` ↔ `»`) when it has one.
  private static func mirrored(_ grapheme: Character) -> Character {
    let scalars = grapheme.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first, scalar.properties.isBidiMirrored else {
      return grapheme
    }
    #if canImport(_FoundationICU)
      let mirror = swift_u_charMirror(UChar32(bitPattern: scalar.value))
      guard let mirroredScalar = Unicode.Scalar(UInt32(bitPattern: mirror)) else {
        return grapheme
      }
      return Character(mirroredScalar)
    #else
      return commonMirrors[grapheme] ?? grapheme
    #endif
  }

  /// The paragraph direction of `text` by its first strong character (`.ltr` when it has none).
  public static func resolvedDirection(of text: String) -> TextDirection {
    for scalar in text.unicodeScalars {
      if isStrongRightToLeft(scalar) { return .rtl }
      if isStrongLeftToRight(scalar) { return .ltr }
    }
    return .ltr
  }

  /// Whether `text` contains a right-to-left character or an RTL bidi control.
  public static func containsRightToLeft(_ text: String) -> Bool {
    for scalar in text.unicodeScalars where scalar.value >= 0x0590 {
      if isStrongRightToLeft(scalar) { return true }
      switch scalar.value {
      case 0x200F, 0x061C, 0x202B, 0x202E, 0x2067: return true
      default: continue
      }
    }
    return false
  }

  static func isStrongRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and presentation forms; combining
      // marks and digits inside these blocks are not strong.
      switch scalar.properties.generalCategory {
      case .otherLetter, .modifierLetter, .uppercaseLetter, .lowercaseLetter, .titlecaseLetter:
        return true
      default:
        return false
      }
    case 0x200F:
      return true
    default:
      return false
    }
  }

  static func isStrongLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value == 0x200E { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return !isStrongRightToLeft(scalar)
    default:
      return false
    }
  }
}
