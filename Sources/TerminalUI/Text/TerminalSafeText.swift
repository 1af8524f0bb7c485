import TerminalSafety

/// Turns untrusted text (translations, OTA payloads) into what may be drawn in a terminal cell.
///
/// Every grapheme that reaches a ``Cell`` goes through ``cellContent(for:)``, which first applies
/// the package's one terminal-safety function, `SafeText.neutralized(_:keepingLineBreaks:)` (module
/// `TerminalSafety`; its documentation has the full table), to the grapheme alone:
/// - C0 controls (including ESC, TAB, CR, LF) become the visible Control Pictures `␀`…`␟`
///   (U+2400–U+241F), DEL becomes `␡`, CR LF becomes `␤`;
/// - C1 controls (U+0080–U+009F, which some terminals treat as CSI/OSC introducers), the line and
///   paragraph separators and noncharacters become `�` (U+FFFD);
/// - bidi controls (LRM, RLM, ALM, LRE…RLO, LRI…PDI) and other zero-width format characters draw
///   nothing and are dropped: right-to-left reordering has already applied them
///   (see ``BidiReorderer``);
/// - ZWJ and ZWNJ survive only where they shape (inside an emoji ZWJ sequence, after a virama, in
///   joining and Indic scripts); as a grapheme is neutralized on its own, a ZWJ never ends a cell
///   (tmux would attach the next character drawn, wherever it is, to this cell).
///
/// Then, for drawing: a combining mark without a base is drawn on a dotted circle `◌`, leading
/// format characters that cannot start a cell are dropped, and the width is computed
/// (see ``DisplayWidth``).
///
/// The result never contains a scalar below U+0020, U+007F–U+009F, or a bidi control.
public enum TerminalSafeText {
  /// The widest a single grapheme is drawn (a pathological conjunct chain is cut to this; the
  /// terminal output then shows its first letter padded to this width).
  public static let maximumGraphemeWidth = 8

  /// The placeholder for C1 controls and other unsafe scalars (`SafeText.replacement`).
  public static let replacement: Character = SafeText.replacement

  /// The text and width a grapheme is drawn with, or `nil` when it draws nothing.
  public static func cellContent(for grapheme: Character) -> (text: String, width: Int)? {
    let scalars = grapheme.unicodeScalars
    guard let first = scalars.first else { return nil }
    // Fast path: printable ASCII.
    if scalars.count == 1, first.value >= 0x20, first.value < 0x7F {
      return (String(grapheme), 1)
    }
    // The one terminal-safety function; what follows only decides how the result is drawn.
    let safe = SafeText.neutralized(String(grapheme)).unicodeScalars
    // Leading format characters (e.g. the Arabic number sign U+0600 prepended to digits) have no
    // width of their own and cannot start a terminal cell: draw the grapheme from its first
    // visible scalar.
    let kept = Array(safe.drop(while: { $0.properties.generalCategory == .format }))
    guard let base = kept.first else { return nil }
    if kept.count == 1 {
      let width = DisplayWidth.of(scalar: base)
      if width > 0 { return (String(base), width) }
      if base.properties.generalCategory == .format || (0xFE00...0xFE0F).contains(base.value) {
        return nil
      }
      return ("\u{25CC}" + String(base), 1)
    }
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

  /// The visible placeholder for an unsafe scalar, or `nil` when the scalar is safe
  /// (`SafeText.placeholder(for:)`).
  public static func placeholder(for scalar: Unicode.Scalar) -> Character? {
    SafeText.placeholder(for: scalar)
  }

  /// Whether a scalar is a bidi control character (`SafeText.isBidiControl(_:)`).
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    SafeText.isBidiControl(scalar)
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  private static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}
