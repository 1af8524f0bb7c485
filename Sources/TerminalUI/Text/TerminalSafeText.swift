/// Turns untrusted text (translations, OTA payloads) into what may be sent to a terminal.
///
/// Every grapheme that reaches a ``Cell`` goes through ``cellContent(for:)``:
/// - C0 controls (including ESC, TAB, CR, LF) become the visible Control Pictures `␀`…`␟`
///   (U+2400–U+241F), DEL becomes `␡`, CR LF becomes `␤`;
/// - C1 controls (U+0080–U+009F, which some terminals treat as CSI/OSC introducers), the line and
///   paragraph separators and noncharacters become `�` (U+FFFD);
/// - bidi controls (LRM, RLM, ALM, LRE…RLO, LRI…PDI) and other zero-width format characters draw
///   nothing and are dropped: right-to-left reordering has already applied them
///   (see ``BidiReorderer``);
/// - a combining mark without a base is drawn on a dotted circle `◌`.
///
/// The result never contains a scalar below U+0020, U+007F–U+009F, or a bidi control.
public enum TerminalSafeText {
  /// The widest a single grapheme is drawn (a pathological conjunct chain is cut to this; the
  /// terminal output then shows its first letter padded to this width).
  public static let maximumGraphemeWidth = 8

  /// The placeholder for C1 controls and other unsafe scalars.
  public static let replacement: Character = "\u{FFFD}"

  /// The text and width a grapheme is drawn with, or `nil` when it draws nothing.
  public static func cellContent(for grapheme: Character) -> (text: String, width: Int)? {
    let scalars = grapheme.unicodeScalars
    guard let first = scalars.first else { return nil }
    // Fast path: printable ASCII.
    if scalars.count == 1, first.value >= 0x20, first.value < 0x7F {
      return (String(grapheme), 1)
    }
    if scalars.count == 1 {
      // Single scalar: the common case for every script.
      if let placeholder = placeholder(for: first) { return (String(placeholder), 1) }
      if isDroppedFormat(first) { return nil }
      let width = DisplayWidth.of(scalar: first)
      if width > 0 { return (String(grapheme), width) }
      if first.properties.generalCategory == .format || (0xFE00...0xFE0F).contains(first.value) {
        return nil
      }
      return ("\u{25CC}" + String(grapheme), 1)
    }
    if grapheme == "\r\n" { return ("\u{2424}", 1) }
    for scalar in scalars {
      if let placeholder = placeholder(for: scalar) { return (String(placeholder), 1) }
    }
    // Drop format characters that must not reach the terminal (bidi controls, zero-width
    // characters) unless they are part of an emoji sequence (ZWJ, tags).
    // Leading format characters (e.g. the Arabic number sign U+0600 prepended to digits) have no
    // width of their own and cannot start a terminal cell: draw the grapheme from its first
    // visible scalar.
    let kept = Array(
      scalars.filter { !isDroppedFormat($0) }
        .drop(while: { $0.properties.generalCategory == .format && $0.value != 0x200D }))
    guard let base = kept.first else { return nil }
    var text = String(String.UnicodeScalarView(kept))
    let width: Int
    if kept.count > 1 && isRegionalIndicator(base) && isRegionalIndicator(kept[1]) {
      width = 2
    } else if kept.count > 1 && base.properties.isEmoji
      && kept.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || isEmojiModifier($0) })
    {
      width = 2
    } else {
      let baseWidth = DisplayWidth.of(scalar: base)
      if baseWidth == 0 {
        if DisplayWidth.isZeroWidth(base) && base.properties.generalCategory == .format {
          // A lone joiner or variation selector: nothing to draw.
          return kept.allSatisfy({ DisplayWidth.isZeroWidth($0) }) ? nil : ("\u{25CC}", 1)
        }
        text = "\u{25CC}" + text
        width = 1
      } else {
        // Spacing marks and the further letters of a conjunct take columns of their own, as
        // terminals (which add up wcwidth per code point) draw them: कि = 2, क्षि = 3.
        var total = 0
        for scalar in kept { total += DisplayWidth.of(scalar: scalar) }
        width = min(max(baseWidth, total), maximumGraphemeWidth)
      }
    }
    return (text, width)
  }

  /// `text` with every grapheme replaced by what a cell would show (controls become
  /// placeholders, bidi controls and zero-width format characters are removed).
  public static func sanitized(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for grapheme in text {
      if let content = cellContent(for: grapheme) { result += content.text }
    }
    return result
  }

  /// The visible placeholder for an unsafe scalar, or `nil` when the scalar is safe.
  public static func placeholder(for scalar: Unicode.Scalar) -> Character? {
    let value = scalar.value
    switch value {
    case 0x00...0x1F:
      return Character(Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}")
    case 0x7F:
      return "\u{2421}"
    case 0x80...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF, 0xFFF9...0xFFFB:
      return replacement
    default:
      if value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(value) { return replacement }
      return nil
    }
  }

  /// Whether a scalar is a bidi control character.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Format characters removed from cells: bidi controls, zero-width space/no-break space, word
  /// joiner, invisible operators, soft hyphen is kept. ZWJ/ZWNJ and tag characters survive only
  /// after a base character (emoji sequences, Indic conjuncts).
  private static func isDroppedFormat(_ scalar: Unicode.Scalar) -> Bool {
    if isBidiControl(scalar) { return true }
    switch scalar.value {
    case 0x200B, 0x2060...0x2064, 0xFEFF, 0x180E, 0x206A...0x206F: return true
    default: return false
    }
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  private static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}
