extension BidiReorderer {
  /// Mirror images of the common paired punctuation, for platforms without ICU's mirroring data.
  static let commonMirrors: [Character: Character] = [
    "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<",
    "«": "»", "»": "«", "‹": "›", "›": "‹", "⁅": "⁆", "⁆": "⁅", "≤": "≥", "≥": "≤",
  ]

  /// A simplified resolution of embedding levels (per UTF-16 code unit), used where ICU is not
  /// available: strong right-to-left letters, strong left-to-right letters, numbers and neutrals;
  /// numbers after left-to-right text become left-to-right (W7); neutrals between two strong
  /// characters of one direction take it, others the paragraph direction (N1, N2); trailing
  /// whitespace takes the paragraph level (L1). Explicit embeddings and isolates are ignored.
  static func approximateLevels(_ text: String, baseDirection: TextDirection) -> [UInt8] {
    enum Kind {
      case left, right, number, arabicNumber, neutral, space, separator, terminator
    }
    let paragraphRTL: Bool
    switch baseDirection {
    case .ltr: paragraphRTL = false
    case .rtl: paragraphRTL = true
    case .auto: paragraphRTL = resolvedDirection(of: text) == .rtl
    }
    var graphemes: [(kind: Kind, units: Int)] = []
    var arabicLetter: [Bool] = []
    var separatorIsSign: [Bool] = []
    for grapheme in text {
      guard let scalar = grapheme.unicodeScalars.first else { continue }
      let kind: Kind
      if isStrongRightToLeft(scalar) {
        kind = .right
      } else if isStrongLeftToRight(scalar) {
        kind = .left
      } else if scalar.properties.numericType == .decimal {
        kind = .number
      } else if scalar.properties.isWhitespace {
        kind = .space
      } else if ",.:/+-".unicodeScalars.contains(scalar) {
        kind = .separator
      } else if scalar.properties.generalCategory == .currencySymbol
        || "%‰#°".unicodeScalars.contains(scalar)
      {
        kind = .terminator
      } else {
        kind = .neutral
      }
      graphemes.append((kind, grapheme.utf16.count))
      arabicLetter.append(kind == .right && isArabicLetter(scalar))
      separatorIsSign.append(scalar == "+" || scalar == "-")
    }
    // W2: European digits after an Arabic letter are Arabic numbers.
    var afterArabicLetter = false
    for index in graphemes.indices {
      switch graphemes[index].kind {
      case .left: afterArabicLetter = false
      case .right: afterArabicLetter = arabicLetter[index]
      case .number where afterArabicLetter: graphemes[index].kind = .arabicNumber
      default: break
      }
    }
    // W4: a single separator between two numbers of one kind is part of them (only , . : / for
    // Arabic numbers).
    for index in graphemes.indices.dropFirst().dropLast()
    where graphemes[index].kind == .separator
      && graphemes[index - 1].kind == graphemes[index + 1].kind
    {
      let neighbour = graphemes[index - 1].kind
      if neighbour == .number {
        graphemes[index].kind = .number
      } else if neighbour == .arabicNumber, !separatorIsSign[index] {
        graphemes[index].kind = .arabicNumber
      }
    }
    // W5: currency and percent signs next to a number are part of it.
    for index in graphemes.indices where graphemes[index].kind == .terminator {
      var before = index - 1
      while before >= 0 && graphemes[before].kind == .terminator { before -= 1 }
      var after = index + 1
      while after < graphemes.count && graphemes[after].kind == .terminator { after += 1 }
      if (before >= 0 && graphemes[before].kind == .number)
        || (after < graphemes.count && graphemes[after].kind == .number)
      {
        graphemes[index].kind = .number
      }
    }
    // W7: numbers whose preceding strong character (or the paragraph) is left-to-right.
    var previousStrongIsLeft = !paragraphRTL
    for index in graphemes.indices {
      switch graphemes[index].kind {
      case .left: previousStrongIsLeft = true
      case .right: previousStrongIsLeft = false
      case .number where previousStrongIsLeft: graphemes[index].kind = .left
      default: break
      }
    }
    // N1/N2: runs of neutrals and spaces.
    func strongIsRight(_ kind: Kind) -> Bool? {
      switch kind {
      case .left: return false
      case .right, .number, .arabicNumber: return true
      default: return nil
      }
    }
    var resolvedRight = [Bool](repeating: paragraphRTL, count: graphemes.count)
    var isNumber = [Bool](repeating: false, count: graphemes.count)
    var index = 0
    while index < graphemes.count {
      if let right = strongIsRight(graphemes[index].kind) {
        resolvedRight[index] = right
        isNumber[index] = graphemes[index].kind == .number || graphemes[index].kind == .arabicNumber
        index += 1
        continue
      }
      var end = index
      while end < graphemes.count && strongIsRight(graphemes[end].kind) == nil { end += 1 }
      let before = index > 0 ? resolvedRight[index - 1] : paragraphRTL
      let after =
        end < graphemes.count ? (strongIsRight(graphemes[end].kind) ?? paragraphRTL) : paragraphRTL
      let direction = before == after ? before : paragraphRTL
      for position in index..<end { resolvedRight[position] = direction }
      index = end
    }
    // L1: trailing whitespace takes the paragraph direction.
    var trailing = graphemes.count
    while trailing > 0 && graphemes[trailing - 1].kind == .space { trailing -= 1 }
    var levels: [UInt8] = []
    levels.reserveCapacity(text.utf16.count)
    for position in graphemes.indices {
      let level: UInt8
      if position >= trailing {
        level = paragraphRTL ? 1 : 0
      } else if paragraphRTL {
        level = resolvedRight[position] && !isNumber[position] ? 1 : 2
      } else {
        level = resolvedRight[position] ? (isNumber[position] ? 2 : 1) : 0
      }
      levels.append(contentsOf: repeatElement(level, count: graphemes[position].units))
    }
    return levels
  }

  /// Arabic-script letters (bidi class AL), after which European digits are Arabic numbers.
  private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return true
    default: return false
    }
  }
}
