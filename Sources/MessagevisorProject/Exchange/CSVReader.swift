/// A strict RFC 4180 CSV reader with row, line and column errors.
///
/// Accepted: a UTF-8 byte order mark at the start (dropped), CRLF or LF record ends (mixed too),
/// a missing final line break, quoted fields holding delimiters, quotes (`""`) and line breaks
/// (kept as written), any one-character delimiter. Refused, each with where it is: bytes that
/// are not UTF-8, a quote inside an unquoted field, text after a closing quote, a quote that is
/// never closed, a carriage return not followed by a line feed outside quotes, NUL characters,
/// and input over the limits (``maximumBytes``, ``maximumRecords``, ``maximumFields``).
/// Blank lines (a record of one empty field) are skipped.
public struct CSVReader: Sendable {
  /// The largest input read (64 MiB).
  public static let maximumBytes = 64 << 20
  /// The most records read, header included.
  public static let maximumRecords = 200_000
  /// The most fields in one record.
  public static let maximumFields = 2_000

  /// The field delimiter (`,` by default; `;` and tab are common).
  public var delimiter: Unicode.Scalar
  /// The file name used in errors.
  public var file: String

  /// Creates a reader.
  public init(delimiter: Unicode.Scalar = ",", file: String = "<csv>") {
    self.delimiter = delimiter
    self.file = file
  }

  /// The records of `bytes`, in order.
  /// - Throws: ``ExchangeError`` at the first problem, with its line and column.
  public func read(_ bytes: [UInt8]) throws(ExchangeError) -> [CSVRecord] {
    guard bytes.count <= Self.maximumBytes else {
      throw ExchangeError(
        file: file,
        message:
          "the file has \(bytes.count) bytes, more than the limit of \(Self.maximumBytes); split it"
      )
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let scalars = try decode(body)
    var records: [CSVRecord] = []
    var fields: [String] = []
    var positions: [(line: Int, column: Int)] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var column = 1
    var recordLine = 1
    var fieldStart = (line: 1, column: 1)
    var index = 0
    var quoted = false
    var afterQuote = false
    var quoteStart = (line: 1, column: 1)
    var quotedEmpty = false
    var atFieldStart = true

    func fail(_ message: String) -> ExchangeError {
      ExchangeError(
        file: file, line: line, column: column, row: records.count + 1, message: message)
    }
    func endField() throws(ExchangeError) {
      fields.append(String(field))
      positions.append(fieldStart)
      field = String.UnicodeScalarView()
      quoted = false
      afterQuote = false
      guard fields.count <= Self.maximumFields else {
        throw fail("more than \(Self.maximumFields) fields in one record")
      }
    }
    func endRecord() throws(ExchangeError) {
      try endField()
      if !(fields.count == 1 && fields[0].isEmpty && !quotedEmpty) {
        records.append(
          CSVRecord(row: records.count + 1, line: recordLine, fields: fields, positions: positions))
        guard records.count <= Self.maximumRecords else {
          throw fail("more than \(Self.maximumRecords) records; split the file")
        }
      }
      fields = []
      positions = []
    }

    while index < scalars.count {
      let scalar = scalars[index]
      if quoted {
        if scalar == "\"" {
          if index + 1 < scalars.count, scalars[index + 1] == "\"" {
            field.append("\"")
            index += 2
            column += 2
            continue
          }
          quoted = false
          afterQuote = true
          index += 1
          column += 1
          continue
        }
        field.append(scalar)
        index += 1
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
        continue
      }
      if atFieldStart {
        fieldStart = (line, column)
        atFieldStart = false
        quotedEmpty = false
        if scalar == "\"" {
          quoted = true
          quotedEmpty = true
          quoteStart = (line, column)
          index += 1
          column += 1
          continue
        }
      }
      if scalar == delimiter {
        try endField()
        atFieldStart = true
        index += 1
        column += 1
        continue
      }
      if scalar == "\r" {
        guard index + 1 < scalars.count, scalars[index + 1] == "\n" else {
          throw fail(
            "a carriage return without a line feed outside quotes; end lines with CRLF or LF")
        }
        index += 1
        column += 1
        continue
      }
      if scalar == "\n" {
        try endRecord()
        atFieldStart = true
        index += 1
        line += 1
        column = 1
        recordLine = line
        continue
      }
      if afterQuote {
        throw fail(
          "text after a closing quote; a quoted field ends at its closing quote (write a quote inside it as \"\")"
        )
      }
      if scalar == "\"" {
        throw fail(
          "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
      }
      field.append(scalar)
      index += 1
      column += 1
    }
    if quoted {
      throw ExchangeError(
        file: file, line: quoteStart.line, column: quoteStart.column, row: records.count + 1,
        message: "a quoted field is never closed (the quote opened here); add the closing quote")
    }
    if !atFieldStart || !fields.isEmpty { try endRecord() }
    return records
  }

  /// The scalars of `bytes`, refusing malformed UTF-8 and NUL with their line and column.
  func decode(_ bytes: ArraySlice<UInt8>) throws(ExchangeError) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(bytes.count)
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var line = 1
    var column = 1
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\0" {
          throw ExchangeError(
            file: file, line: line, column: column,
            message: "a NUL character; the file is not text (or not UTF-8: save it as UTF-8)")
        }
        scalars.append(scalar)
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .emptyInput: break loop
      case .error:
        throw ExchangeError(
          file: file, line: line, column: column,
          message: "bytes that are not UTF-8; save the file as UTF-8 (CSV UTF-8 in spreadsheets)")
      }
    }
    return scalars
  }
}
