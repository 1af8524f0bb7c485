import Foundation
import Messagevisor
import MessagevisorICU
import TestSupport
import Testing

/// The ICU module's shared state (compiled-message cache, small-number memo, prepared formats)
/// under 8 threads that translate while other threads switch locale, currency and datafiles.
/// CI runs this suite under `--sanitize=thread` (its name contains "Stress").
@Suite("ICU module concurrency stress (run under --sanitize=thread)")
struct ICUConcurrencyStressTests {
  static let messages: [String: String] = [
    "items": "{count, plural, =0 {No items} one {# item} other {# items}}",
    "place": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    "hello": "Welcome back, {name}",
    "price": "{amount, number, ::currency/EUR .00}",
  ]

  static func datafile(_ locale: String, _ revision: Int) -> DatafileContent {
    DatafileContent(
      messagevisorVersion: "1", revision: String(revision), target: "stress", locale: locale,
      translations: messages)
  }

  @Test("8 threads translate ICU messages while locale, currency and datafiles change")
  func stress() throws {
    let engine = createMessagevisor(
      MessagevisorOptions(
        datafile: Self.datafile("en-US", 0), timeZone: "UTC", onDiagnostic: { _ in },
        modules: [createICUModule()]))
    for locale in ["nl-NL", "ru", "pl"] { engine.setDatafile(Self.datafile(locale, 0)) }
    let failures = Collector<String>()
    let locales = ["en-US", "nl-NL", "ru", "pl"]
    // The price in every locale, from a fresh formatter on this thread (each thread formats
    // numbers into its own ICU result object, so a mix-up between threads shows as a wrong text).
    let prices = Set(
      try locales.map { locale in
        try ICUHarness().text(
          "{amount, number, ::currency/EUR .00}", ["amount": 1234.5], locale: locale)
      })
    runThreads(8) { thread in
      for iteration in 0..<400 {
        let locale = locales[(thread + iteration) % locales.count]
        switch (thread + iteration) % 6 {
        case 0:
          let count = iteration % 30
          let text = try? engine.translate(
            "items", values: ["count": .int(count)], options: TranslateOptions(locale: locale))
          if text == nil || !(text?.contains(String(count)) ?? false) && count != 0 {
            failures.append("items \(count) in \(locale): \(String(describing: text))")
          }
        case 1:
          let n = iteration % 120
          if (try? engine.translate("place", values: ["n": .int(n)])) == nil {
            failures.append("place \(n)")
          }
        case 2:
          let text = try? engine.translate("hello", values: ["name": "Ada"])
          if text != "Welcome back, Ada" { failures.append("hello: \(String(describing: text))") }
        case 3:
          let text = try? engine.translate("price", values: ["amount": 1234.5])
          if !prices.contains(text ?? "") { failures.append("price: \(String(describing: text))") }
        case 4:
          try? engine.setLocale(locale)
          engine.setCurrency(iteration % 2 == 0 ? "EUR" : "JPY")
        default:
          engine.setDatafile(Self.datafile(locale, iteration))
        }
      }
    }
    #expect(failures.items.isEmpty, "\(failures.items.prefix(5))")
    try engine.setLocale("en-US")
    #expect(try engine.translate("items", values: ["count": 1]) == "1 item")
    #expect(try engine.translate("place", values: ["n": 22]) == "22nd")
    try engine.setLocale("ru")
    #expect(try engine.translate("items", values: ["count": 5]) == "5 items")
  }
}
