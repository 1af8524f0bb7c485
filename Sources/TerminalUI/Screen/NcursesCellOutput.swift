import CTerminalShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes runs of cells to curses' standard screen with colour pairs and attributes.
final class NcursesCellOutput: CellOutput {
  private let colorMode: ColorMode
  private let pairLimit: Int
  private var pairs: [PairKey: Int16] = [:]
  private var nextPair: Int16 = 1
  private var glyphCache: [String: [wchar_t]] = [:]
  private var buffer: [wchar_t] = []

  private struct PairKey: Hashable {
    var foreground: Int16
    var background: Int16
  }

  init(colorMode: ColorMode, pairLimit: Int) {
    self.colorMode = colorMode
    self.pairLimit = pairLimit
    buffer.reserveCapacity(512)
  }

  func beginFrame(size: TerminalSize, fullRedraw: Bool) {
    if fullRedraw { cterm_clear_all() }
  }

  func write(_ run: CellRun) {
    let (attributes, pair) = terminalStyle(run.style)
    buffer.removeAll(keepingCapacity: true)
    for glyph in run.glyphs {
      appendGlyph(glyph)
    }
    buffer.withUnsafeBufferPointer { pointer in
      cterm_put(
        Int32(run.y), Int32(run.x), pointer.baseAddress, Int32(pointer.count), attributes, pair)
    }
  }

  func endFrame() {
    cterm_refresh()
  }

  /// Appends the wide characters for one glyph so that the terminal advances exactly
  /// `glyph.width` columns, whatever its own `wcwidth` thinks of the grapheme.
  private func appendGlyph(_ glyph: CellRun.Glyph) {
    let utf8 = glyph.text.utf8
    if utf8.count == 1, let byte = utf8.first {
      buffer.append(wchar_t(byte))
      return
    }
    if let cached = glyphCache[glyph.text] {
      buffer.append(contentsOf: cached)
      return
    }
    let characters = Self.terminalCharacters(for: glyph)
    if glyphCache.count > 4_096 { glyphCache.removeAll(keepingCapacity: true) }
    glyphCache[glyph.text] = characters
    buffer.append(contentsOf: characters)
  }

  /// The characters to send for a glyph; substitutes when the C library disagrees with our width.
  static func terminalCharacters(for glyph: CellRun.Glyph) -> [wchar_t] {
    let scalars = glyph.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    guard let first = scalars.first else { return [wchar_t(32)] }
    var total: Int32 = 0
    var valid = true
    for (index, scalar) in scalars.enumerated() {
      let width = cterm_wcwidth(scalar)
      if width < 0 || (index == 0 && width == 0) {
        valid = false
        break
      }
      total += width
    }
    if valid && Int(total) == glyph.width { return scalars }
    let firstWidth = Int(cterm_wcwidth(first))
    var result: [wchar_t]
    var used: Int
    if firstWidth > 0 && firstWidth <= glyph.width {
      result = [first]
      used = firstWidth
    } else {
      result = [wchar_t(0xFFFD)]
      used = 1
    }
    while used < glyph.width {
      result.append(32)
      used += 1
    }
    return result
  }

  private func terminalStyle(_ style: CellStyle) -> (UInt32, Int16) {
    var attributes = style.attributes
    var pair: Int16 = 0
    switch colorMode {
    case .monochrome:
      attributes.formUnion(
        ThemePalette.monochromeAttributes(
          foreground: style.foreground, background: style.background))
    case .colors8:
      let foreground = ThemePalette.ansi8Foreground(style.foreground)
      attributes.formUnion(foreground.extra)
      pair = pairNumber(
        foreground: Int16(foreground.index ?? -1),
        background: Int16(ThemePalette.ansi8Background(style.background) ?? -1))
    case .colors256:
      pair = pairNumber(
        foreground: Int16(ThemePalette.xterm256(style.foreground) ?? -1),
        background: Int16(ThemePalette.xterm256(style.background) ?? -1))
    }
    let bits = cterm_attr_bits(
      attributes.contains(.bold) ? 1 : 0, attributes.contains(.dim) ? 1 : 0,
      attributes.contains(.reverse) ? 1 : 0, attributes.contains(.underline) ? 1 : 0)
    return (bits, pair)
  }

  private func pairNumber(foreground: Int16, background: Int16) -> Int16 {
    if foreground == -1 && background == -1 { return 0 }
    let key = PairKey(foreground: foreground, background: background)
    if let pair = pairs[key] { return pair }
    guard Int(nextPair) < pairLimit, nextPair < Int16.max else { return 0 }
    let pair = nextPair
    guard cterm_init_pair(pair, foreground, background) == 0 else { return 0 }
    nextPair += 1
    pairs[key] = pair
    return pair
  }
}
