import Foundation
import Messagevisor

/// One per-call row of the round-robin ICU loop.
struct TimedCase {
  var id: String
  var title: String
  /// The ICU4C case it is compared with.
  var reference: String
  /// The row's threshold in `Thresholds/engine.json` (nil: none).
  var thresholdID: String?
  var iterations: Int
  /// The string one call returns (checked, and shown in the note).
  var output: () throws -> String
  var body: () -> Int
}

/// What an app's model holds; read through a class so that the optimizer cannot fold the values
/// into constants.
final class UserModel {
  var name = "Ada"
  var itemCount = 3
  var gender = "female"
  var messages = 5
  var balance = 1234.5
  var lastSeen = EngineBenchmarks.when
}

/// The calls as apps write them (issue 18): the key is a literal, the values dictionary literal is
/// built at the call site on every call, and some calls pass per-call options. Their thresholds
/// (`Thresholds/engine.json`, by case id) are ratios to ICU4C's prepared `umsg_format` of the same
/// message, locale and values in the same run.
enum CallShapes {
  nonisolated(unsafe) static let user = UserModel()

  static func cases(icu: Messagevisor, icuNL: Messagevisor) -> [TimedCase] {
    let user = self.user
    func shape(
      _ id: String, _ title: String, suffix: String = ".callShape", iterations: Int = 100_000,
      _ call: @escaping () throws -> String
    ) -> TimedCase {
      TimedCase(
        id: id + suffix, title: "call shape: " + title, reference: id, thresholdID: id + suffix,
        iterations: iterations, output: call, body: { (try? call())?.utf8.count ?? 0 })
    }
    return [
      shape("icu.oneArgument", "ICU one argument, values literal per call") {
        try icu.t("icu.oneArgument", values: ["name": .string(user.name)])
      },
      shape("icu.plural", "ICU plural, values literal per call") {
        try icu.t("icu.plural", values: ["count": .int(user.itemCount)])
      },
      shape("icu.currency", "ICU currency nl-NL, values literal per call") {
        try icuNL.t("icu.currency", values: ["amount": .double(user.balance)])
      },
      shape(
        "icu.selectNestedPlural", "ICU select + plural, values literal per call"
      ) {
        try icu.t(
          "icu.selectNestedPlural",
          values: ["gender": .string(user.gender), "count": .int(user.messages)])
      },
      shape("icu.date", "ICU date long, values literal per call") {
        try icu.t("icu.date", values: ["when": .date(user.lastSeen)])
      },
      shape(
        "icu.oneArgument", "ICU one argument, values literal + per-call options",
        suffix: ".callShapeOptions"
      ) {
        try icu.t(
          "icu.oneArgument", values: ["name": .string(user.name)],
          options: TranslateOptions(locale: "en-US"))
      },
    ]
  }
}
