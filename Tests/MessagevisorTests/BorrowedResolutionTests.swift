import Foundation
@_spi(MessagevisorModules) import Messagevisor
import MessagevisorLocking
import Testing

/// The translate path borrows the compiled message, the active store and (for borrowing module
/// pipelines) the cached payload environment instead of retaining them. Code that runs while they
/// are borrowed may replace them; these calls must finish on what they started with.
@Suite("Translate: what a call borrows outlives the call")
struct BorrowedResolutionTests {
  /// The instance a hook or handler calls back into, set once it exists.
  final class InstanceSlot: Sendable {
    let instance = Locked<Messagevisor?>(nil)
  }

  static func checkout(_ proText: String, deprecated: Bool) -> DatafileContent {
    makeDatafile(
      locale: "en", translations: ["checkout.title": "Checkout"],
      messages: [
        "checkout.title": DatafileMessage(
          deprecated: deprecated, deprecationWarning: deprecated ? "use cart.title" : nil,
          overrides: [MessageOverride(key: "pro", segments: "pro", translation: proText)])
      ],
      segments: [
        "pro": Segment(
          conditions: .predicate(
            ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")))
      ])
  }

  @Test func aDiagnosticHandlerThatReplacesTheDatafilesDuringAnOverrideMatchLeavesTheCallIntact()
    throws
  {
    let slot = InstanceSlot()
    let codes = Locked<[String]>([])
    let root = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.checkout("Checkout (Pro)", deprecated: true),
        onDiagnostic: { diagnostic in
          let first = codes.withLock { codes in
            codes.append(diagnostic.code)
            return codes.filter { $0 == "message_override_matched" } == [diagnostic.code]
          }
          // The first report (`message_override_matched`) replaces the store that owns the
          // message being resolved; the deprecation report that follows still reads it.
          if first, let root = slot.instance.withLock({ $0 }) {
            root.setDatafile(Self.checkout("Checkout (Pro, new)", deprecated: false), replace: true)
          }
        }, logLevel: .debug))
    slot.instance.withLock { $0 = root }
    let pro = root.spawn(context: ["plan": .string("pro")])
    #expect(try pro.translate("checkout.title") == "Checkout (Pro)")
    let reported = codes.withLock { $0 }.filter { $0.hasPrefix("message_") || $0.hasPrefix("dep") }
    #expect(reported == ["message_override_matched", "deprecated_message"])
    #expect(try pro.translate("checkout.title") == "Checkout (Pro, new)")
    #expect(try root.translate("checkout.title") == "Checkout")
  }

  @Test func aHookThatChangesTheLocaleAndTranslatesAgainFinishesOnItsOwnEnvironment() throws {
    let slot = InstanceSlot()
    // Both modules borrow, so the pipeline runs on the instance's cached environment without
    // holding it. The first hook (outer call only) switches the locale and translates again,
    // which replaces that cache; the second reports the environment it sees.
    var switcher = MessagevisorModule(
      name: "switcher", format: { payload, _ in payload.translation })
    switcher.borrowingFormat = { translation, _, environment, _ in
      guard environment.locale == "en", let m = slot.instance.withLock({ $0 }) else { return nil }
      try m.setLocale("de")
      return translation + "+" + (try m.translate("k"))
    }
    var reporter = MessagevisorModule(
      name: "reporter", format: { payload, _ in payload.translation })
    reporter.borrowingFormat = { translation, _, environment, _ in
      translation + "@" + environment.locale + "/" + environment.timeZone
    }
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "en", translations: ["k": "text"]), timeZone: "UTC",
        onDiagnostic: { _ in }, modules: [switcher, reporter]))
    m.setDatafile(makeDatafile(locale: "de", translations: ["k": "Text"]))
    slot.instance.withLock { $0 = m }
    #expect(try m.translate("k") == "text+Text@de/UTC@en/UTC")
    #expect(try m.translate("k") == "Text@de/UTC")
  }
}
