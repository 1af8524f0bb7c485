import Foundation
import Messagevisor
import MessagevisorProject

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
  /// The screens, context attributes, locale order and project.
  public var sources: SessionSources
  /// The local OTA site directory the previewer publishes edits to (`U`), when the OTA source is
  /// one (`--ota-site`); `nil` for none or a remote site.
  public var publishSite: String?
  /// The clock (tests pass a fixed one).
  public var now: @Sendable () -> Date
  /// The build the project layer's datafiles come from, when it left locales pending (a lazy
  /// load, see `PreviewProjectLoader`): the session builds them after the first frame
  /// (``PreviewSession/startLoadingLocales()``) or when one is asked for.
  public var projectBuild: LiveProjectBuild?
  /// Whether lint runs as background work (one core, a lower priority than the loop: the
  /// interactive previewer, whose browser says lint is running) or on every core at normal
  /// priority (`--print`, which waits for it).
  public var lintInBackground = true

  /// The order `l` cycles through and the picker lists (the project target's locale order);
  /// loaded locales not named here follow, sorted.
  public var localeOrder: [String] {
    get { sources.localeOrder }
    set { sources.localeOrder = newValue }
  }

  /// The project's source locale: the message browser compares with it first, and the
  /// pseudo-locale is generated from it.
  public var sourceLocale: String? {
    get { sources.sourceLocale }
    set { sources.sourceLocale = newValue }
  }
  /// What the project says about each message (file, examples), for the message browser.
  public var messageNotes: [String: MessageNotes] {
    get { sources.messageNotes }
    set { sources.messageNotes = newValue }
  }

  /// Creates a configuration.
  public init(
    layers: DatafileLayers, ota: (any PreviewOTASource)? = nil, locale: String? = nil,
    currency: String = "USD", timeZone: String = TimeZone.current.identifier,
    context: MessagevisorContext = [:], modules: [MessagevisorModule] = [],
    sources: SessionSources = SessionSources(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.layers = layers
    self.ota = ota
    self.locale = locale
    self.currency = currency
    self.timeZone = timeZone
    self.context = context
    self.modules = modules
    self.sources = sources
    self.now = now
  }
}
