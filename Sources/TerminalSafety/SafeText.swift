/// The one terminal-safety function of the package: what any program here may send to a terminal.
///
/// Every string a command prints (text output, errors, echoes of user, server or catalog input) and
/// every grapheme the previewer draws into a cell goes through ``neutralized(_:keepingLineBreaks:)``
/// (cells through `TerminalSafeText.cellContent(for:)` in TerminalUI, which calls it). The rules,
/// scalar by scalar:
///
/// | Input | Output |
/// | --- | --- |
/// | C0 controls U+0000–U+001F (ESC, BEL, TAB, CR, LF, …) | the Control Pictures `␀`…`␟` (U+2400–U+241F) |
/// | CR LF | `␤` (U+2424) |
/// | DEL U+007F | `␡` (U+2421) |
/// | C1 controls U+0080–U+009F (CSI, OSC, NEL, …), U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR, U+FFF9–U+FFFB, noncharacters | `�` (U+FFFD) |
/// | bidi controls: LRE RLE PDF LRO RLO (U+202A–U+202E), LRI RLI FSI PDI (U+2066–U+2069), LRM RLM (U+200E, U+200F), ALM (U+061C) | removed |
/// | invisible format characters: ZWSP U+200B, WJ and invisible operators U+2060–U+2064, BOM U+FEFF, MVS U+180E, deprecated U+206A–U+206F | removed |
/// | tag characters U+E0001, U+E0020–U+E007F | kept after U+1F3F4 🏴 or another tag (emoji tag sequences such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿), removed elsewhere |
/// | ZWJ U+200D | kept only where it shapes (see below), removed elsewhere |
/// | ZWNJ U+200C | kept only where it shapes (see below), removed elsewhere |
/// | everything else (letters of every script, marks, CJK, emoji, soft hyphen, Arabic number signs) | unchanged |
///
/// Bidi controls are *removed* everywhere, never shown: the previewer has already applied them
/// (its `BidiReorderer` reorders right-to-left text before drawing), and a command's output must
/// not let a terminal that implements bidi (VTE, Konsole, mlterm) reorder neighbouring text.
/// Where a hidden character matters to the reader (an error naming a rejected key), use
/// ``quoted(_:)``, which spells every such scalar out as `\u{…}`.
///
/// A joiner *shapes* — and is kept — when:
/// - **emoji**: a ZWJ between an emoji (or U+FE0F, or a skin-tone modifier) and a following
///   emoji: 👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻, ❤️‍🔥;
/// - **virama**: a ZWJ or ZWNJ right after a virama (canonical combining class 9: Devanagari ्,
///   Bengali ্, Sinhala ්, Malayalam ്, Khmer ្, Myanmar ်, …) — a ZWJ only when something follows
///   it (क्‍ष half form, അവന്‍ chillu); a ZWJ right *before* a virama after a letter of such a script
///   (र‍् eyelash ra);
/// - **joining and Indic scripts**: a ZWJ between two scalars of a shaping script (Arabic,
///   Syriac, N'Ko, Mandaic, Mongolian, Phags-pa, Adlam, … and the Brahmic scripts), or a ZWNJ after
///   one (Persian می‌خواهم, where the ZWNJ ends the grapheme).
///
/// Everywhere else — between Latin, Cyrillic, Greek, CJK letters, at the start or end of a text,
/// next to spaces — a joiner has no visible effect but makes terminals and tmux attach the next
/// character to the previous cell (tmux treats the character after a ZWJ as part of the cell
/// before it), shifting the rest of the row by a column: it is removed. Since a terminal cell is
/// neutralized one grapheme at a time, a ZWJ can never end a cell: the character drawn after it
/// may be anywhere on the screen.
///
/// The result never contains a scalar below U+0020 (with `keepingLineBreaks`, except LF and TAB),
/// U+007F–U+009F, a bidi control, a line or paragraph separator, or a joiner outside a shaping
/// position.
public enum SafeText {
  /// The placeholder for C1 controls, line and paragraph separators and other unsafe scalars.
  public static let replacement: Character = "\u{FFFD}"

  /// `text` as it may be sent to a terminal (the rules above).
  ///
  /// - Parameters:
  ///   - text: text from any source (a translation, a catalog, a server, a user).
  ///   - keepingLineBreaks: keep LF and TAB as they are and turn CR LF into LF, for multi-line
  ///     command output; a lone CR (which would let text overwrite its own line) still becomes
  ///     `␍`. The previewer's cells never keep line breaks.
  public static func neutralized(_ text: String, keepingLineBreaks: Bool = false) -> String {
    if !needsWork(text, keepingLineBreaks: keepingLineBreaks) { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
        result.append(keepingLineBreaks ? "\n" : "\u{2424}")
        index += 2
        continue
      }
      if keepingLineBreaks, scalar == "\n" || scalar == "\t" {
        result.append(scalar)
      } else {
        switch disposition(of: scalars, at: index) {
        case .keep: result.append(scalar)
        case .drop: break
        case .replace(let placeholder): result.append(placeholder)
        }
      }
      index += 1
    }
    return String(result)
  }

  /// `text` in double quotes with every scalar that ``neutralized(_:keepingLineBreaks:)`` would
  /// change (controls, bidi controls, separators, joiners outside shaping positions, invisible
  /// format characters), and `"` and `\`, spelt out: `"nl\u{1B}[2J"`, `"ar\u{202E}"`.
  ///
  /// For error messages that name a rejected key or value: the reader sees exactly which hidden
  /// character is there, and the result is plain, safe text.
  public static func quoted(_ text: String) -> String {
    quoted(text, showingSpaces: false)
  }

  /// ``quoted(_:)``, also spelling out the spaces other than U+0020 when `showingSpaces`.
  static func quoted(_ text: String, showingSpaces: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = "\""
    for index in scalars.indices {
      let scalar = scalars[index]
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if case .keep = disposition(of: scalars, at: index),
          !(showingSpaces && isLookalikeSpace(scalar))
        {
          out.unicodeScalars.append(scalar)
        } else {
          out += "\\u{" + hex(scalar.value) + "}"
        }
      }
    }
    return out + "\""
  }

  /// JSON text made terminal-safe without changing what it means: every scalar that
  /// ``neutralized(_:keepingLineBreaks:)`` would change becomes a `\uXXXX` escape (a surrogate
  /// pair above U+FFFF); JSON whitespace between tokens (space, LF, CR, TAB) is kept.
  ///
  /// Valid for any JSON text: such scalars can only occur inside strings (where an escape means the
  /// same scalar), so a parser reads back exactly the original value. `--json` output uses this,
  /// never ``neutralized(_:keepingLineBreaks:)``.
  public static func escapingJSON(_ json: String) -> String {
    escapingJSON(json, showingSpaces: false)
  }

  /// ``escapingJSON(_:)``, also escaping the spaces other than U+0020 when `showingSpaces`.
  static func escapingJSON(_ json: String, showingSpaces: Bool) -> String {
    if !showingSpaces, !needsWork(json, keepingLineBreaks: true) { return json }
    let scalars = Array(json.unicodeScalars)
    var out = String.UnicodeScalarView()
    for index in scalars.indices {
      let scalar = scalars[index]
      if scalar == "\n" || scalar == "\r" || scalar == "\t" {
        out.append(scalar)
        continue
      }
      if case .keep = disposition(of: scalars, at: index),
        !(showingSpaces && isLookalikeSpace(scalar))
      {
        out.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        out.append(contentsOf: "\\u".unicodeScalars)
        out.append(contentsOf: hex(UInt32(unit)).unicodeScalars)
      }
    }
    return String(out)
  }

  /// The scalars of `text` that ``neutralized(_:keepingLineBreaks:)`` would replace or remove,
  /// in order (empty when `text` is shown exactly as it is).
  ///
  /// Parsers and publishers use it to refuse names that cannot be shown faithfully (a manifest's
  /// locale keys, a published message key).
  public static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
    if !needsWork(text, keepingLineBreaks: false) { return [] }
    let scalars = Array(text.unicodeScalars)
    var found: [Unicode.Scalar] = []
    for index in scalars.indices {
      if case .keep = disposition(of: scalars, at: index) { continue }
      found.append(scalars[index])
    }
    return found
  }

  /// The visible placeholder for a control or otherwise unsafe scalar, or `nil` when the scalar
  /// is drawn as itself (or removed, see ``isBidiControl(_:)``).
  public static func placeholder(for scalar: Unicode.Scalar) -> Character? {
    placeholderScalar(for: scalar).map(Character.init)
  }

  /// ``placeholder(for:)`` as a scalar.
  static func placeholderScalar(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    switch value {
    case 0x00...0x1F:
      return Unicode.Scalar(0x2400 + value)
    case 0x7F:
      return "\u{2421}"
    case 0x80...0x9F, 0x2028, 0x2029, 0xFFF9...0xFFFB:
      return "\u{FFFD}"
    default:
      if value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(value) { return "\u{FFFD}" }
      return nil
    }
  }

  /// Whether a scalar is a bidi control: LRM, RLM, ALM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI,
  /// PDI.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether a scalar is an explicit bidi embedding or override (LRE, RLE, PDF, LRO, RLO), which
  /// reorder everything up to the end of the paragraph.
  public static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value)
  }

  /// Whether the ZWJ or ZWNJ at `index` of `scalars` shapes the text around it (the rules in the
  /// type's documentation); `false` for any other scalar.
  public static func joinerShapes(in scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard scalars.indices.contains(index) else { return false }
    let joiner = scalars[index].value
    guard joiner == 0x200D || joiner == 0x200C, index > 0 else { return false }
    let previous = scalars[index - 1]
    let next = index + 1 < scalars.count ? scalars[index + 1] : nil
    let isZWJ = joiner == 0x200D
    if isZWJ, let next, isEmojiBeforeJoiner(previous), isPictographic(next) { return true }
    if previous.properties.canonicalCombiningClass == .virama { return !isZWJ || next != nil }
    guard isShapingScript(previous) else { return false }
    if !isZWJ { return true }
    guard let next else { return false }
    return isShapingScript(next) || next.properties.canonicalCombiningClass == .virama
  }
}
