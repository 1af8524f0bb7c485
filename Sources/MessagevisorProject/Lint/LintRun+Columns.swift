import Foundation

/// Positions inside a translation scalar (an ICU error's offset as a file column).
extension LintRun {
  /// Where the character at `utf16Offset` of `scalar`'s text is in its file, when the scalar is
  /// written on one line exactly as its text (plain, or quoted without escapes); otherwise the
  /// scalar's own position.
  func location(of scalar: TranslationScalar, utf16Offset: Int) -> SourceLocation {
    let start = scalar.location
    guard start.line > 0, start.column > 0, !scalar.text.contains("\n"),
      let lines = lines(of: start.file), start.line <= lines.count
    else { return start }
    let line = lines[start.line - 1].unicodeScalars
    // libyaml columns count Unicode scalars from 0; ours are 1-based.
    guard start.column - 1 <= line.count else { return start }
    let rest = line.dropFirst(start.column - 1)
    var opening = 0
    if let first = rest.first, first == "\"" || first == "'" { opening = 1 }
    guard String(String.UnicodeScalarView(rest.dropFirst(opening))).hasPrefix(scalar.text) else {
      return start
    }
    let utf16 = scalar.text.utf16
    let end = utf16.index(utf16.startIndex, offsetBy: min(utf16Offset, utf16.count))
    guard let index = end.samePosition(in: scalar.text.unicodeScalars) else { return start }
    let scalarsBefore = scalar.text.unicodeScalars.distance(
      from: scalar.text.unicodeScalars.startIndex, to: index)
    var location = start
    location.column += opening + scalarsBefore
    return location
  }

  /// The lines of a project file (memoized).
  func lines(of file: String) -> [Substring]? {
    if let known = fileLines[file] { return known }
    let path = (project.rootPath as NSString).appendingPathComponent(file)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    fileLines[file] = lines
    return lines
  }
}
