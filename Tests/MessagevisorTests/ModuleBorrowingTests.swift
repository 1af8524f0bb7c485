import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

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

  /// The engine lends a hook the active store's text without retaining it; a hook that replaces
  /// that store (a new datafile, then a translate that builds its store) must not free the text it
  /// is reading: the replaced store is retired until the outermost pipeline ends.
  @Test func aHookThatReplacesTheActiveStoreKeepsItAliveUntilThePipelineEnds() throws {
    let outer = "the outer text, long enough to live in a heap buffer"
    let engine = Collector<Messagevisor>()
    let replaced = WeakStore()
    let aliveAfterReplacing = Collector<Bool>()
    var module = MessagevisorModule(name: "replacing", format: { payload, _ in nil })
    module.borrowingFormat = { translation, _, _, _ in
      guard let m = engine.items.first, translation.hasPrefix("the outer") else { return nil }
      replaced.store = m.cachedStore
      m.setDatafile(
        DatafileContent(
          messagevisorVersion: "t", target: "t", locale: "en",
          translations: ["k": "the replaced text", "other": "the other text of the new store"]))
      let inner = try m.translate("other")
      aliveAfterReplacing.append(replaced.store != nil && m.cachedStore !== replaced.store)
      return translation + " / " + inner
    }
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: DatafileContent(
          messagevisorVersion: "t", target: "t", locale: "en", translations: ["k": outer]),
        onDiagnostic: { _ in }, modules: [module]))
    engine.append(m)
    #expect(try m.translate("k") == outer + " / the other text of the new store")
    #expect(aliveAfterReplacing.items == [true])
    #expect(replaced.store == nil)
    #expect(try m.translate("k") == "the replaced text")
  }
}

/// A weak reference to a locale store, set from a hook.
private final class WeakStore: @unchecked Sendable {
  weak var store: LocaleStore?
}
