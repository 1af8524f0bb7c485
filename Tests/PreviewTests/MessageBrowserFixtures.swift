import Foundation
import Messagevisor
import MessagevisorProject

@testable import Preview

/// A small two-locale target for the message browser: overrides that match and do not, a
/// deprecated message, a message missing in Dutch, an ICU error and an OTA text.
enum MessageBrowserFixtures {
  static func datafile(_ locale: String, _ translations: [String: String], dutch: Bool)
    -> DatafileContent
  {
    DatafileContent(
      messagevisorVersion: "test", target: "app", locale: locale,
      segments: [
        "pro-users": Segment(
          conditions: .predicate(
            ConditionPredicate(attribute: "plan", operator: .equals, value: "pro"))),
        "beta-users": Segment(
          conditions: .predicate(
            ConditionPredicate(attribute: "beta", operator: .equals, value: true))),
      ],
      messages: [
        "home.greeting": DatafileMessage(overrides: [
          MessageOverride(
            key: "beta", segments: "beta-users",
            translation: dutch ? "Hallo tester" : "Hello tester"),
          MessageOverride(
            key: "pro",
            conditions: .predicate(
              ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
            translation: dutch ? "Welkom terug, Pro" : "Welcome back, Pro"),
        ]),
        "home.legacy": DatafileMessage(
          deprecated: true, deprecationWarning: "use home.greeting"),
      ],
      translations: translations)
  }

  static let english: [String: String] = [
    "home.greeting": "Welcome",
    "home.legacy": "Old banner",
    "cart.count": "{count, plural, one {# item} other {# items}}",
    "cart.broken": "{count, plural, one {# item}",
    "only.english": "Only in English",
    "news.ota": "Fresh from the server",
  ]

  static let dutch: [String: String] = [
    "home.greeting": "Welkom",
    "home.legacy": "Oude banner",
    "cart.count": "{count, plural, one {# artikel} other {# artikelen}}",
    "cart.broken": "{count, plural, one {# artikel}",
    "news.ota": "Vers van de server",
  ]

  static func source(
    locale: String = "nl-NL", compare: String? = nil, context: MessagevisorContext = ["plan": "pro"]
  ) -> MessageBrowserSource {
    MessageBrowserSource(
      locale: locale, compareLocale: compare,
      datafiles: [
        "en-US": datafile("en-US", english, dutch: false),
        "nl-NL": datafile("nl-NL", dutch, dutch: true),
      ],
      context: context,
      origin: { key, _ in key == "news.ota" ? .otaOverlay(revision: 7) : .base(layer: "project app")
      },
      notes: [
        "cart.count": MessageNotes(
          file: "messages/cart/count.yml",
          examples: [
            MessageExample(description: "three items", locale: "nl-NL", values: ["count": 3])
          ])
      ])
  }

  static func index(
    locale: String = "nl-NL", compare: String? = nil, context: MessagevisorContext = ["plan": "pro"]
  ) -> MessageIndex {
    MessageIndex.build(source(locale: locale, compare: compare, context: context))
  }

  /// ``source(locale:compare:context:)`` with review states in nl-NL: `home.legacy` reviewed
  /// before its source changed (stale), `cart.count` reviewed and current, `news.ota` untracked.
  static func reviewedSource() -> MessageBrowserSource {
    var source = source()
    source.notes["home.legacy"] = MessageNotes()
    source.notes["home.legacy"]?.reviews["nl-NL"] = TranslationReview(
      state: TranslationReviewState(status: .reviewed, sourceHash: "old"), isStale: true,
      targetChanged: false)
    source.notes["cart.count"] = MessageNotes()
    source.notes["cart.count"]?.reviews["nl-NL"] = TranslationReview(
      state: TranslationReviewState(status: .reviewed), isStale: false, targetChanged: false)
    source.notes["news.ota"] = MessageNotes()
    source.notes["news.ota"]?.reviews["nl-NL"] = TranslationReview(
      state: nil, isStale: false, targetChanged: false)
    return source
  }

  static func keys(_ index: MessageIndex, _ rows: [Int]) -> [String] {
    rows.map { index.entries[$0].key }
  }
}
