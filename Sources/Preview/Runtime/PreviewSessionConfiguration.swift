import Foundation
import Messagevisor

/// How a ``PreviewSession`` starts: layers, OTA source, initial engine state and modules.
public struct PreviewSessionConfiguration: Sendable {
  /// The base layers (bundle, project) and, initially, no overlay.
  public var layers: DatafileLayers
  /// The OTA source, if any.
  public var ota: (any PreviewOTASource)?
  /// The initial locale (falls back to `en-US`, then the first loaded locale).
  public var locale: String?
  /// The initial currency.
  public var currency: String
  /// The initial time zone.
  public var timeZone: String
  /// The initial context.
  public var context: MessagevisorContext
  /// Engine modules (the ICU module in the real previewer).
  public var modules: [MessagevisorModule]
  /// Values passed to the demo's messages (`price`, `count`, `visit`, `when` for the next chapter).
  public var sampleValues: SampleValues
  /// The clock (tests pass a fixed one).
  public var now: @Sendable () -> Date
  /// The order `l` cycles through and the picker lists (the project target's locale order);
  /// loaded locales not named here follow, sorted.
  public var localeOrder: [String] = []
  /// The project's source locale: the message browser compares with it first.
  public var sourceLocale: String?
  /// What the project says about each message (file, examples), for the message browser.
  public var messageNotes: [String: MessageNotes] = [:]

  /// Creates a configuration.
  public init(
    layers: DatafileLayers, ota: (any PreviewOTASource)? = nil, locale: String? = nil,
    currency: String = "USD", timeZone: String = TimeZone.current.identifier,
    context: MessagevisorContext = [:], modules: [MessagevisorModule] = [],
    sampleValues: SampleValues = SampleValues(), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.layers = layers
    self.ota = ota
    self.locale = locale
    self.currency = currency
    self.timeZone = timeZone
    self.context = context
    self.modules = modules
    self.sampleValues = sampleValues
    self.now = now
  }

  /// The context every session starts from, before `context` is merged over it.
  public static let defaultContext: MessagevisorContext = [
    "plan": "free", "platform": "terminal", "beta": false,
  ]
}

/// The sample values the demo's ICU messages receive.
public struct SampleValues: Sendable, Equatable {
  /// `welcome_price`'s `price`.
  public var price: Double = 9.99
  /// `welcome_new_stories`' `count`.
  public var newStories: Int = 3
  /// `welcome_visit_ordinal`'s `visit`.
  public var visit: Int = 3
  /// `story_next_chapter`'s `when`.
  public var nextChapter: Date = Date(timeIntervalSince1970: 1_798_718_400)  // 2027-01-01 12:00 UTC

  /// Default sample values.
  public init() {}
}
