import Foundation
@_spi(MessagevisorModules) import Messagevisor
import MessagevisorICU
import TestSupport
import Testing

/// The ICU module inside the engine's pipeline: its borrowing hook (no payload) when it runs alone,
/// its public hook next to other modules, and a replaced hook.
@Suite struct ICUModulePipelineTests {
  static let translations = [
    "en-US": [
      "greeting": "Welcome back, {name}",
      "cart": "{n, plural, one {# item} other {# items}}",
    ]
  ]

  func instance(_ modules: [MessagevisorModule], log: DiagnosticLog = DiagnosticLog())
    -> Messagevisor
  {
    createMessagevisor(
      MessagevisorOptions(
        locale: "en-US", timeZone: "UTC", defaultTranslations: Self.translations,
        onDiagnostic: { log.record($0) }, logLevel: .debug, modules: modules))
  }

  @Test func theModuleHasABorrowingHookUntilItsFormatHookIsReplaced() throws {
    var module = createICUModule()
    #expect(module.borrowingFormat != nil)
    #expect(module.format != nil)
    module.format = { payload, _ in "custom: " + payload.translation }
    #expect(module.borrowingFormat == nil)
    // The engine runs the hook that was set, not the ICU evaluation it replaced.
    let m = instance([module])
    #expect(try m.translate("greeting", values: ["name": "Ada"]) == "custom: Welcome back, {name}")
  }

  @Test func aTransformAfterTheModuleSeesItsOutput() throws {
    let shout = MessagevisorModule(
      name: "shout", transform: { payload, _ in payload.translation.uppercased() })
    let m = instance([createICUModule(), shout])
    #expect(try m.translate("greeting", values: ["name": "Ada"]) == "WELCOME BACK, ADA")
    #expect(try m.translate("cart", values: ["n": 2]) == "2 ITEMS")
  }

  @Test func formatHooksAroundTheModuleChainInOrder() throws {
    let seen = Collector<String>()
    let before = MessagevisorModule(
      name: "before", format: { payload, _ in payload.translation + " ({n, number})" })
    let after = MessagevisorModule(
      name: "after",
      format: { payload, _ in
        seen.append(payload.translation)
        return payload.values["name"]?.stringValue.map { payload.translation + " / " + $0 }
      })
    let m = instance([before, createICUModule(), after])
    #expect(
      try m.translate("greeting", values: ["name": "Ada", "n": 1200])
        == "Welcome back, Ada (1,200) / Ada")
    #expect(seen.items == ["Welcome back, Ada (1,200)"])
  }

  @Test func aFailureInTheBorrowingHookReportsTheCall() {
    let log = DiagnosticLog()
    let m = instance([createICUModule()], log: log)
    #expect(throws: ICUFormatError.missingValue(argument: "name")) {
      try m.translate("greeting")
    }
    let diagnostic = log.all.first { $0.code == "invalid_message" }
    #expect(diagnostic?.details["messageKey"] == "greeting")
    #expect(diagnostic?.details["source"] == "translation")
    #expect(diagnostic?.details["locale"] == "en-US")
    #expect(diagnostic?.details["hook"] == "format")
    #expect(diagnostic?.details["moduleName"] == "icu")
    #expect(diagnostic?.originalError is ICUFormatError)
  }

  @Test func twoBorrowingModulesChain() throws {
    // Both ICU modules borrow; the second formats what the first produced.
    let m = instance([
      createICUModule(name: "first"),
      createICUModule(name: "second"),
    ])
    #expect(try m.translate("greeting", values: ["name": "'{x}'"]) == "Welcome back, {x}")
  }
}
