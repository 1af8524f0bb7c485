import CommandLineKit
import Foundation

/// Upstream's CSV layout for hand-off to translators: columns `[set] messageKey
/// messageDescription`, then per locale `<locale>` and (unless left out) `<locale>Status`
/// (`direct`, `inherited`, `missing`); one row per message and per override (`key:override`).
/// An inherited cell holds the inherited text, a missing one is empty.
public enum ExchangeCSV {
  /// The records (header first) of `table`.
  public static func records(
    _ table: ExchangeTable, withSet: Bool, withStatus: Bool, overrideSeparator: String
  ) -> [[String]] {
    var header = withSet ? ["set"] : []
    header += ["messageKey", "messageDescription"]
    for locale in table.locales {
      header.append(locale)
      if withStatus { header.append(locale + "Status") }
    }
    var records = [header]
    for row in table.rows {
      var record = withSet ? [row.set ?? ""] : []
      record += [row.exportKey(separator: overrideSeparator), row.description]
      for locale in table.locales {
        let cell = row.cells[locale] ?? ExchangeCell(text: "", status: .missing)
        record.append(cell.text)
        if withStatus { record.append(cell.status.rawValue) }
      }
      records.append(record)
    }
    return records
  }

  /// The imported texts of CSV `records`: every locale cell of every row (empty cells
  /// included; what they mean is the importer's `emptyValues`).
  /// - Parameters:
  ///   - knownLocales: the project's locales (a column that is neither one of them nor its
  ///     `Status` is an error, with the closest locale).
  ///   - locales: only these locale columns (empty: every one).
  /// - Throws: every problem of the header and rows (a missing `messageKey` column, an unknown
  ///   or duplicate column, a row with too few or too many fields, a duplicate row), each with
  ///   its row, line and column.
  public static func entries(
    _ records: [CSVRecord], file: String, knownLocales: [String], locales: [String],
    overrideSeparator: String
  ) -> (entries: [ImportEntry], errors: [ExchangeError]) {
    guard let header = records.first else {
      return ([], [ExchangeError(file: file, message: "the file is empty; expected a header row")])
    }
    var errors: [ExchangeError] = []
    func fail(_ record: CSVRecord, _ index: Int?, _ message: String) {
      let position = index.flatMap {
        record.positions.indices.contains($0) ? record.positions[$0] : nil
      }
      errors.append(
        ExchangeError(
          file: file, line: position?.line ?? record.line, column: position?.column ?? 0,
          row: record.row, message: message))
    }
    var keyColumn: Int? = nil
    var setColumn: Int? = nil
    var localeColumns: [(Int, String)] = []
    var seen: [String: Int] = [:]
    let statusNames = Set(knownLocales.map { $0 + "Status" })
    for (index, name) in header.fields.enumerated() {
      if let first = seen[name] {
        fail(header, index, "duplicate column \"\(name)\" (also column \(first + 1)); remove one")
        continue
      }
      seen[name] = index
      switch name {
      case "messageKey": keyColumn = index
      case "set": setColumn = index
      case "messageDescription": break
      default:
        if statusNames.contains(name) { continue }
        if knownLocales.contains(name) {
          if locales.isEmpty || locales.contains(name) { localeColumns.append((index, name)) }
          continue
        }
        let hint =
          Suggestion.closest(
            to: name, in: knownLocales + ["messageKey", "messageDescription", "set"]
          )
          .map { " (did you mean \($0)?)" } ?? ""
        fail(
          header, index,
          "unknown column \"\(name)\"\(hint); columns are set, messageKey, messageDescription, and per locale of the project <locale> and <locale>Status"
        )
      }
    }
    guard let keyColumn else {
      fail(header, nil, "no messageKey column; the header must name it (as export writes it)")
      return ([], errors)
    }
    for locale in locales where seen[locale] == nil {
      fail(header, nil, "--locale \(locale): the file has no \(locale) column")
    }
    var entries: [ImportEntry] = []
    var rowsByKey: [String: Int] = [:]
    for record in records.dropFirst() {
      guard record.fields.count == header.fields.count else {
        let missing = record.fields.count < header.fields.count
        fail(
          record, missing ? nil : header.fields.count,
          "\(record.fields.count) fields, but the header has \(header.fields.count); "
            + (missing
              ? "a column is missing (a delimiter lost?)"
              : "there are extra fields (an unquoted delimiter in a text? quote it)"))
        continue
      }
      let key = record.fields[keyColumn]
      guard !key.isEmpty else {
        fail(record, keyColumn, "empty messageKey; every row names its message")
        continue
      }
      let set = setColumn.map { record.fields[$0] }
      let identity = (set ?? "") + "\u{1}" + key
      if let first = rowsByKey[identity] {
        fail(record, keyColumn, "duplicate row for \"\(key)\" (also row \(first)); keep one")
        continue
      }
      rowsByKey[identity] = record.row
      var messageKey = key
      var overrideKey: String? = nil
      if let range = key.range(of: overrideSeparator) {
        messageKey = String(key[..<range.lowerBound])
        overrideKey = String(key[range.upperBound...])
      }
      for (index, locale) in localeColumns {
        let position = record.positions[index]
        var entry = ImportEntry(
          row: record.row, line: position.line, column: position.column, field: locale,
          set: set, messageKey: messageKey, overrideKey: overrideKey, locale: locale,
          text: record.fields[index])
        entry.keyColumn = record.positions[keyColumn].column
        entry.setColumn = setColumn.map { record.positions[$0].column } ?? 0
        entries.append(entry)
      }
    }
    return (entries, errors)
  }
}
