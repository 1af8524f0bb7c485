import Messagevisor
import Testing

@testable import MessagevisorProject

/// `LintReport.json(pretty:)`: a long report is written in slices on every core, byte for byte
/// what one `JSONText.encode` of the whole array writes.
@Suite struct LintReportJSONTests {
  static func report(_ count: Int) -> LintReport {
    LintReport(
      findings: (0..<count).map { index in
        LintFinding(
          level: index % 3 == 0 ? .error : .warning, filePath: "messages/m\(index).yml",
          entityType: "message", entityKey: "m\(index)",
          message: "finding \(index) with \"quotes\", a tab\t and ünïcödé", path: "translations.nl",
          code: "plural_categories", line: index + 1, column: index % 7,
          locale: index % 2 == 0 ? "nl" : nil)
      })
  }

  @Test(arguments: [0, 1, 256, 257, 1_000])
  func aReportInSlicesIsWrittenAsTheWholeArrayWouldBe(count: Int) {
    let report = Self.report(count)
    for pretty in [false, true] {
      let whole = JSONText.encode(.array(report.findings.map(\.json)), pretty: pretty)
      #expect(report.json(pretty: pretty) == whole, "pretty: \(pretty)")
    }
  }
}
