import Foundation
import Messagevisor
@_exported import TestSupport

/// The datafiles the seed's snippets assume (`auth.signin` → "Sign in", …).
enum SeedData {
  static func datafile(
    locale: String = "en-US", revision: String = "1", direction: String = "ltr",
    translations: [String: String]? = nil
  ) -> DatafileContent {
    DatafileContent(
      messagevisorVersion: "0.2.0", revision: revision, target: "ios", locale: locale,
      direction: direction,
      segments: [
        "pro": Segment(
          conditions: .string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#))
      ],
      messages: [
        "checkout.title": DatafileMessage(overrides: [
          MessageOverride(
            key: "express",
            conditions: .predicate(
              ConditionPredicate(attribute: "checkoutType", operator: .equals, value: "express")),
            translation: "Express checkout"),
          MessageOverride(
            key: "new-checkout",
            conditions: .predicate(
              ConditionPredicate(feature: "newCheckout", operator: .isEnabled)),
            translation: "The new checkout"),
          MessageOverride(
            key: "copy-test",
            conditions: .predicate(
              ConditionPredicate(experiment: "checkoutCopy", value: "treatment")),
            translation: "Checkout (treatment)"),
        ])
      ],
      translations: translations ?? [
        "auth.signin": "Sign in",
        "dashboard.welcome": "Welcome back, {name}",
        "checkout.title": "Checkout",
      ])
  }
}
