import Testing

@testable import MessagevisorProject

@Suite struct CSVReaderTests {
  func read(_ text: String, delimiter: Unicode.Scalar = ",") throws -> [CSVRecord] {
    try CSVReader(delimiter: delimiter, file: "in.csv").read(Array(text.utf8))
  }

  func failure(_ bytes: [UInt8]) -> ExchangeError? {
    do {
      _ = try CSVReader(file: "in.csv").read(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func byteOrderMarkIsDroppedFromTheFirstField() throws {
    let records = try CSVReader().read([0xEF, 0xBB, 0xBF] + Array("messageKey,en\na,b\n".utf8))
    #expect(records.map(\.fields) == [["messageKey", "en"], ["a", "b"]])
  }

  @Test func crlfAndLfRecordEndsAndNoFinalBreakAreRead() throws {
    let records = try read("k,en\r\na,b\nc,d")
    #expect(records.map(\.fields) == [["k", "en"], ["a", "b"], ["c", "d"]])
    #expect(records.map(\.line) == [1, 2, 3])
  }

  @Test func quotedFieldsKeepLineBreaksDelimitersAndQuotes() throws {
    let records = try read("k,en\na,\"one\r\ntwo, \"\"three\"\"\"\nb,c\n")
    #expect(records[1].fields == ["a", "one\r\ntwo, \"three\""])
    #expect(records[2].line == 4)
    #expect(records[2].row == 3)
  }

  @Test func blankLinesAreSkippedButAQuotedEmptyFieldIsARecord() throws {
    let records = try read("k\n\na\n\"\"\n")
    #expect(records.map(\.fields) == [["k"], ["a"], [""]])
  }

  @Test func fieldPositionsCountCharacters() throws {
    let records = try read("k,en\nß,\"x\"\n")
    #expect(records[1].positions.map(\.column) == [1, 3])
  }

  @Test func invalidUTF8IsRefusedWithItsLineAndColumn() {
    let error = failure(Array("k,en\nab,c".utf8) + [0xFF] + Array("\n".utf8))
    #expect(error?.line == 2)
    #expect(error?.column == 5)
    #expect(error?.message.contains("not UTF-8") == true)
  }

  @Test(arguments: [
    ("k,en\na,b\"c\n", 2, 4, "quote inside an unquoted field"),
    ("k,en\na,\"b\"c\n", 2, 6, "text after a closing quote"),
    ("k,en\na,\"b\nc\n", 2, 3, "never closed"),
    ("k,en\ra,b\n", 1, 5, "carriage return"),
  ])
  func malformedRecordsAreRefusedWithTheirPosition(
    text: String, line: Int, column: Int, words: String
  ) {
    let error = failure(Array(text.utf8))
    #expect(error?.line == line)
    #expect(error?.column == column)
    #expect(error?.message.contains(words) == true, "\(String(describing: error))")
  }

  @Test func theWriterQuotesOnlyWhatMustBeQuotedAndReadsBack() throws {
    let records = [["k", "en"], ["a,b", "say \"hi\"\nbye"], ["plain", " padded "]]
    let text = CSVWriter(lineEnding: "\r\n", byteOrderMark: true).text(records)
    #expect(text.hasPrefix("\u{FEFF}k,en\r\n\"a,b\",\"say \"\"hi\"\"\nbye\"\r\n"))
    #expect(try CSVReader().read(Array(text.utf8)).map(\.fields) == records)
  }

  @Test func recordsOverTheLimitAreRefused() {
    let text = "k\n" + String(repeating: "a\n", count: CSVReader.maximumRecords)
    #expect(failure(Array(text.utf8))?.message.contains("more than") == true)
  }
}
