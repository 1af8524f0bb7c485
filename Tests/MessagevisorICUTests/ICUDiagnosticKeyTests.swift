import Foundation
import Messagevisor
import MessagevisorICU
import Testing

/// `invalid_format` and `unsupported_formatter` from the ICU module name the message they came
/// from (issue 15, defect 15: the previewer's diagnostics rows had an empty key).
@Suite struct ICUDiagnosticKeyTests {
  static let translations = ["en-US": ["bad_date": "Due {d, date}", "plain": "Hello"]]

  func instance(_ modules: [MessagevisorModule], log: DiagnosticLog) -> Messagevisor {
    createMessagevisor(
      MessagevisorOptions(
        locale: "en-US", timeZone: "UTC", defaultTranslations: Self.translations,
        onDiagnostic: { log.record($0) }, logLevel: .debug, modules: modules))
  }

  /// The borrowing hook (the module alone) and the payload hook (beside a transform module).
  @Test(arguments: [false, true])
  func invalidFormatCarriesTheMessageKeyAndLocale(besideAnotherModule: Bool) {
    let log = DiagnosticLog()
    let other = MessagevisorModule(name: "same", transform: { _, _ in nil })
    let m = instance(
      besideAnotherModule ? [createICUModule(), other] : [createICUModule()], log: log)
    #expect(throws: (any Error).self) {
      try m.translate("bad_date", values: ["d": "yesterday"])
    }
    let invalid = log.all.filter { $0.code == "invalid_format" }
    #expect(invalid.count == 1)
    #expect(invalid.first?.details["messageKey"] == .string("bad_date"))
    #expect(invalid.first?.details["locale"] == .string("en-US"))
  }
}
