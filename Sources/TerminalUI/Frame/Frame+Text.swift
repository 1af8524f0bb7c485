extension Frame {
  /// The frame as plain text, one string per row (wide graphemes once, continuation cells
  /// skipped), with trailing spaces removed when `trimmingTrailingSpaces` is true.
  public func lines(trimmingTrailingSpaces: Bool = true) -> [String] {
    var result: [String] = []
    result.reserveCapacity(height)
    for row in 0..<height {
      var line = ""
      for column in 0..<width {
        line += cells[row * width + column].text
      }
      if trimmingTrailingSpaces {
        while line.last == " " { line.removeLast() }
      }
      result.append(line)
    }
    return result
  }

  /// The frame as plain text: ``lines(trimmingTrailingSpaces:)`` joined with newlines.
  public var plainText: String { lines().joined(separator: "\n") }
}
