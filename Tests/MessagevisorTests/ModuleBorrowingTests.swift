import Foundation
@_spi(MessagevisorModules) import Messagevisor
import Testing

/// Which hook the engine runs: a module's borrowing format hook when every module allows it,
/// its public `format` hook otherwise. (A real module computes the same in both; these report
/// which one ran.)
@Suite("Modules: borrowing format hooks")
struct ModuleBorrowingTests {
  static func marked() -> MessagevisorModule {
    var module = MessagevisorModule(
      name: "marked", format: { payload, _ in "public:\(payload.translation)" })
    module.borrowingFormat = { translation, values, environment, _ in
      "borrowed:\(translation):\(values["name"]?.stringValue ?? "-"):\(environment.locale)"
    }
    return module
  }

  static func instance(_ modules: [MessagevisorModule]) -> Messagevisor {
    createMessagevisor(
      MessagevisorOptions(
        datafile: DatafileContent(
          messagevisorVersion: "t", target: "t", locale: "en", translations: ["k": "text"]),
        onDiagnostic: { _ in }, modules: modules))
  }

  @Test func modulesThatAllBorrowRunTheirBorrowingHooks() throws {
    let setupOnly = MessagevisorModule(name: "setup-only", setup: { _ in })
    let m = Self.instance([Self.marked(), setupOnly])
    #expect(try m.translate("k", values: ["name": "Ada"]) == "borrowed:text:Ada:en")
    #expect(try m.formatMessage("message") == "borrowed:message:-:en")
  }

  @Test func aPublicFormatHookOrATransformSwitchesToPayloads() throws {
    let plain = MessagevisorModule(name: "plain", format: { payload, _ in payload.translation })
    #expect(try Self.instance([Self.marked(), plain]).translate("k") == "public:text")
    let transform = MessagevisorModule(
      name: "upper", transform: { payload, _ in payload.translation.uppercased() })
    #expect(try Self.instance([Self.marked(), transform]).translate("k") == "PUBLIC:TEXT")
  }

  @Test func settingTheFormatHookDropsTheBorrowingOne() throws {
    var module = Self.marked()
    module.format = { _, _ in "replaced" }
    #expect(module.borrowingFormat == nil)
    #expect(try Self.instance([module]).translate("k") == "replaced")
  }

  @Test func aModuleAddedLaterJoinsTheBorrowingDecision() async throws {
    let m = Self.instance([Self.marked()])
    #expect(try m.translate("k") == "borrowed:text:-:en")
    let remove = m.addModule(
      MessagevisorModule(
        name: "upper", transform: { payload, _ in payload.translation.uppercased() })
    )
    #expect(try m.translate("k") == "PUBLIC:TEXT")
    try await remove()
    #expect(try m.translate("k") == "borrowed:text:-:en")
  }
}
