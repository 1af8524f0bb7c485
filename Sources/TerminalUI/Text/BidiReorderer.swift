import _FoundationICU

/// Reorders right-to-left text for display with ICU's implementation of the Unicode
/// Bidirectional Algorithm (UAX #9).
///
/// Terminals (and tmux) show text in logical order, so Arabic or Hebrew would read backwards.
/// This adapter is the only file that talks to ICU (the copy bundled with Foundation,
/// `_FoundationICU`).
public enum BidiReorderer {
  /// `logicalLine` in visual (left-to-right display) order: right-to-left runs reversed, embedded
  /// Latin and digits kept left to right, mirrored brackets swapped, bidi controls removed, and
  /// combining marks kept after their base.
  ///
  /// Reorder one display line at a time, after wrapping. Text without right-to-left characters
  /// in a left-to-right (or automatic) paragraph is returned unchanged. On an ICU error the logical
  /// text is returned.
  public static func visualOrder(_ logicalLine: String, baseDirection: TextDirection = .auto)
    -> String
  {
    if logicalLine.isEmpty { return logicalLine }
    if baseDirection != .rtl && !containsRightToLeft(logicalLine) { return logicalLine }
    let utf16 = Array(logicalLine.utf16)
    guard utf16.count < Int(Int32.max / 2) else { return logicalLine }
    var status = U_ZERO_ERROR
    guard let bidi = swift_ubidi_openSized(Int32(utf16.count), 0, &status) else {
      return logicalLine
    }
    defer { swift_ubidi_close(bidi) }
    let level: UBiDiLevel
    switch baseDirection {
    case .ltr: level = 0
    case .rtl: level = 1
    case .auto: level = 0xFE  // UBIDI_DEFAULT_LTR
    }
    utf16.withUnsafeBufferPointer { buffer in
      swift_ubidi_setPara(bidi, buffer.baseAddress, Int32(buffer.count), level, nil, &status)
    }
    guard status.rawValue <= U_ZERO_ERROR.rawValue else { return logicalLine }
    // UBIDI_KEEP_BASE_COMBINING | UBIDI_DO_MIRRORING | UBIDI_REMOVE_BIDI_CONTROLS
    let options: UInt16 = 1 | 2 | 8
    var output = [UInt16](repeating: 0, count: utf16.count + 8)
    let written = output.withUnsafeMutableBufferPointer { buffer in
      swift_ubidi_writeReordered(bidi, buffer.baseAddress, Int32(buffer.count), options, &status)
    }
    guard status.rawValue <= U_ZERO_ERROR.rawValue, written >= 0, Int(written) <= output.count
    else { return logicalLine }
    return String(decoding: output[0..<Int(written)], as: UTF16.self)
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

  private static func isStrongRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
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

  private static func isStrongLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value == 0x200E { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return !isStrongRightToLeft(scalar)
    default:
      return false
    }
  }
}
