import TerminalUI

extension LineEditor {
  /// The text wrapped to `width` columns: each line of the text starts a row and continues on as
  /// many rows as it needs, broken between grapheme clusters by display width (a CJK character
  /// or an emoji counts 2; a cluster wider than the width gets a row of its own). A cursor that
  /// would stand past a full row's last column starts an empty row.
  public func layout(width: Int) -> LineEditorLayout {
    let width = max(width, 1)
    var rows: [String] = []
    var cursorRow = 0
    var cursorColumn = 0
    var offset = 0
    for (number, line) in lines.enumerated() {
      if number > 0 { offset += 1 }  // the line break before this line
      var row = ""
      var used = 0
      for cluster in line {
        let columns = DisplayWidth.of(cluster)
        if used + columns > width, !row.isEmpty {
          rows.append(row)
          row = ""
          used = 0
        }
        if offset == cursor { (cursorRow, cursorColumn) = (rows.count, used) }
        row.append(cluster)
        used += columns
        offset += 1
      }
      if offset == cursor { (cursorRow, cursorColumn) = (rows.count, used) }
      rows.append(row)
    }
    if cursorColumn >= width {
      rows.insert("", at: cursorRow + 1)
      cursorRow += 1
      cursorColumn = 0
    }
    return LineEditorLayout(rows: rows, cursorRow: cursorRow, cursorColumn: cursorColumn)
  }
}
