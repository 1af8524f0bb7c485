/// The text a terminal shows, rebuilt from the bytes a curses program writes to it: enough of
/// xterm's controls to follow ncurses' updates (cursor addressing and movement, erasing,
/// repeating, scrolling, inserting and deleting), so that a benchmark can tell when a frame
/// shows something even though ncurses writes only the cells that changed. Colours, attributes
/// and character sets are ignored; East Asian wide characters take two cells.
struct TerminalText {
  let width: Int
  let height: Int
  /// The cells, row by row (a wide character's second cell is empty).
  private(set) var cells: [[Character]]
  private var row = 0
  private var column = 0
  private var saved = (row: 0, column: 0)
  private var top = 0
  private var bottom: Int
  private var last: Character = " "
  /// Bytes of an escape sequence or a UTF-8 character that has not ended yet.
  private var pending: [UInt8] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    bottom = height - 1
    cells = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// Row `index` as text (trailing blanks kept).
  func line(_ index: Int) -> String {
    guard index >= 0, index < height else { return "" }
    return String(cells[index].filter { $0 != "\u{0}" })
  }

  /// Every row, one per line.
  var text: String { (0..<height).map(line).joined(separator: "\n") }

  /// Applies what the program wrote.
  mutating func feed(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      pending.append(byte)
      consume()
    }
  }

  /// Interprets `pending` when it holds a whole control, escape sequence or character.
  private mutating func consume() {
    guard let first = pending.first else { return }
    if first == 0x1B {
      guard pending.count >= 2 else { return }
      switch pending[1] {
      case UInt8(ascii: "["):
        guard let final = pending.last, pending.count > 2, (0x40...0x7E).contains(final) else {
          return
        }
        control(final, parameters: Array(pending[2..<(pending.count - 1)]))
      case UInt8(ascii: "]"):
        // An operating-system command ends with BEL or ESC \.
        guard pending.last == 0x07 || pending.suffix(2).elementsEqual([0x1B, 0x5C]) else { return }
      case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"):
        guard pending.count >= 3 else { return }
      case UInt8(ascii: "7"): saved = (row, column)
      case UInt8(ascii: "8"): (row, column) = saved
      case UInt8(ascii: "M"):
        if row == top { scroll(down: 1) } else { row = max(row - 1, 0) }
      default: break
      }
      pending = []
      return
    }
    if first < 0x20 || first == 0x7F {
      switch first {
      case 0x0D: column = 0
      case 0x0A, 0x0B, 0x0C: lineFeed()
      case 0x08: column = max(column - 1, 0)
      case 0x09: column = min((column / 8 + 1) * 8, width - 1)
      default: break
      }
      pending = []
      return
    }
    let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    guard pending.count >= length else { return }
    let character = Character(String(decoding: pending, as: UTF8.self))
    pending = []
    put(character)
  }

  private mutating func put(_ character: Character) {
    let wide = character.unicodeScalars.first.map(Self.isWide) ?? false
    if column >= width { column = width - 1 }
    cells[row][column] = character
    if wide && column + 1 < width { cells[row][column + 1] = "\u{0}" }
    column = min(column + (wide ? 2 : 1), width)
    last = character
  }

  private mutating func lineFeed() {
    if row == bottom { scroll(up: 1) } else { row = min(row + 1, height - 1) }
  }

  private mutating func scroll(up count: Int) {
    for _ in 0..<count {
      cells.remove(at: top)
      cells.insert(Array(repeating: " ", count: width), at: bottom)
    }
  }

  private mutating func scroll(down count: Int) {
    for _ in 0..<count {
      cells.remove(at: bottom)
      cells.insert(Array(repeating: " ", count: width), at: top)
    }
  }

  private mutating func erase(row index: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    for position in max(start, 0)..<min(end, width) { cells[index][position] = " " }
  }

  /// A CSI sequence ending in `final`.
  private mutating func control(_ final: UInt8, parameters: [UInt8]) {
    // Private modes (`?1049h`, `>…`) change no text.
    if let first = parameters.first, first == UInt8(ascii: "?") || first == UInt8(ascii: ">") {
      return
    }
    let numbers = String(decoding: parameters, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false
    ).map { Int($0) ?? 0 }
    func value(_ index: Int, _ fallback: Int = 1) -> Int {
      index < numbers.count && numbers[index] > 0 ? numbers[index] : fallback
    }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      row = min(value(0) - 1, height - 1)
      column = min(value(1) - 1, width - 1)
    case UInt8(ascii: "A"): row = max(row - value(0), 0)
    case UInt8(ascii: "B"): row = min(row + value(0), height - 1)
    case UInt8(ascii: "C"): column = min(column + value(0), width - 1)
    case UInt8(ascii: "D"): column = max(column - value(0), 0)
    case UInt8(ascii: "G"): column = min(value(0) - 1, width - 1)
    case UInt8(ascii: "d"): row = min(value(0) - 1, height - 1)
    case UInt8(ascii: "K"):
      switch value(0, 0) {
      case 1: erase(row: row, from: 0, to: column + 1)
      case 2: erase(row: row, from: 0, to: width)
      default: erase(row: row, from: column, to: width)
      }
    case UInt8(ascii: "J"):
      switch value(0, 0) {
      case 1:
        for index in 0..<row { erase(row: index, from: 0, to: width) }
        erase(row: row, from: 0, to: column + 1)
      case 2, 3:
        for index in 0..<height { erase(row: index, from: 0, to: width) }
      default:
        erase(row: row, from: column, to: width)
        for index in (row + 1)..<height { erase(row: index, from: 0, to: width) }
      }
    case UInt8(ascii: "X"): erase(row: row, from: column, to: column + value(0))
    case UInt8(ascii: "b"): for _ in 0..<value(0) { put(last) }
    case UInt8(ascii: "r"):
      top = min(value(0) - 1, height - 1)
      bottom = min(value(1, height) - 1, height - 1)
      (row, column) = (0, 0)
    case UInt8(ascii: "S"): scroll(up: value(0))
    case UInt8(ascii: "T"): scroll(down: value(0))
    case UInt8(ascii: "L"), UInt8(ascii: "M"):
      guard row >= top, row <= bottom else { return }
      let saved = top
      top = row
      if final == UInt8(ascii: "L") { scroll(down: value(0)) } else { scroll(up: value(0)) }
      top = saved
    case UInt8(ascii: "@"):
      for _ in 0..<min(value(0), width - column) {
        cells[row].insert(" ", at: column)
        cells[row].removeLast()
      }
    case UInt8(ascii: "P"):
      for _ in 0..<min(value(0), width - column) {
        cells[row].remove(at: column)
        cells[row].append(" ")
      }
    default: break
    }
  }

  /// Whether `scalar` takes two cells (East Asian wide and fullwidth ranges).
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
