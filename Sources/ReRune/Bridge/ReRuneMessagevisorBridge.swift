import Foundation
import Messagevisor
import MessagevisorLocking

/// Connects ReRune to a Messagevisor engine: base datafiles (from bundled catalogs or a Messagevisor
/// project) overlaid with the applied OTA payloads.
///
/// For every locale the engine holds `base ⊕ overlay`, set with `replace: true`, so a key removed over the
/// air falls back to the base text and the engine's `datafile_set` / `change` events fire on every apply.
/// An OTA locale without a base datafile gets a datafile of its own (remote-only languages work).
///
/// **Overlay rule (decided here):** an OTA value replaces the base datafile's `translations[key]` only.
/// Conditional overrides of a project message (`messages[key].overrides`) are kept and still win when
/// their conditions match, because they encode product decisions (platform, segment, experiment) that a
/// translation payload knows nothing about. ``hasOverrides(_:locale:)`` tells the previewer when an OTA
/// value may be shadowed.
///
/// OTA and catalog texts reach the engine as ICU MessageFormat (see ``ICUMessageBuilder``: arguments are
/// `arg1`, `arg2`, …), so register the ICU module on the engine for plurals, arguments and quoting.
/// Lookups through the bridge are exactly the engine's `translate`.
public final class ReRuneMessagevisorBridge: Sendable {
  /// The engine.
  public let engine: Messagevisor
  /// The target written into datafiles the bridge creates.
  public let target: String

  /// The name of the single base layer ``setBase(_:)`` writes to.
  public static let baseLayer = "base"

  struct State: Sendable {
    var layers: ReRuneLayers
    var applied = 0
    /// Engine locale → the OTA entries of its payload that were not applied (they show base text).
    var skipped: [String: [CatalogDiagnostic]] = [:]
  }

  let state: Locked<State>

  /// Creates a bridge and sets every base datafile on the engine (`replace: true`).
  public init(engine: Messagevisor, base: [DatafileContent] = [], target: String? = nil) {
    self.engine = engine
    let target = target ?? base.first?.target ?? "rerune"
    self.target = target
    state = Locked(
      State(
        layers: ReRuneLayers(
          bases: [.init(name: Self.baseLayer, datafiles: [:])], target: target,
          revisionPlaceholder: "", infersDirection: false)))
    for datafile in base { setBase(datafile) }
  }

  /// Creates a bridge over a whole layering (several named base layers, e.g. bundled catalogs
  /// under a project target) and sets every locale's composition on the engine.
  public init(engine: Messagevisor, layers: ReRuneLayers) {
    self.engine = engine
    self.target = layers.target
    state = Locked(State(layers: layers))
    for locale in layers.locales {
      if let composed = layers.compose(locale) { engine.setDatafile(composed, replace: true) }
    }
  }

  /// Base datafiles (one per locale) from bundled catalogs: each entry's ICU text becomes the translation.
  /// Later catalogs win for a key present in several.
  ///
  /// `mapLocale` decides the datafile locale of a catalog's locale tag (for example
  /// ``CatalogDirectory/mapLocale(_:onto:sourceLocale:source:)`` to put `Base` and `nl` onto a
  /// project's `en-US` and `nl-NL`); by default the tag itself is used.
  public static func baseDatafiles(
    from catalogs: [LocalizationCatalog], target: String = "rerune", revision: String = "bundled",
    mapLocale: (_ tag: String, _ catalog: LocalizationCatalog) -> String = { tag, _ in tag }
  ) -> [DatafileContent] {
    var translations: [String: [String: String]] = [:]
    for catalog in catalogs {
      for (tag, entries) in catalog.locales {
        let locale = mapLocale(tag, catalog)
        for (key, entry) in entries { translations[locale, default: [:]][key] = entry.icuMessage }
      }
    }
    return translations.keys.sorted().map { locale in
      DatafileContent(
        messagevisorVersion: "1", revision: revision, target: target, locale: locale,
        translations: translations[locale] ?? [:])
    }
  }

  // MARK: - Updating

  /// Replaces the base datafile of its locale and re-applies that locale's overlay.
  public func setBase(_ datafile: DatafileContent) {
    let merged = state.withLock { state -> DatafileContent in
      state.layers.setDatafile(datafile, inLayer: Self.baseLayer)
      return mergedLocked(&state, locale: datafile.locale)
    }
    engine.setDatafile(merged, replace: true)
  }

  /// Replaces one base layer's datafiles (e.g. a rebuilt project target) and sets on the engine
  /// only the locales whose composition changed; returns those locales.
  @discardableResult
  public func replaceBaseLayer(named name: String, datafiles: [String: DatafileContent])
    -> [String]
  {
    let changed = state.withLock { state -> [DatafileContent] in
      let before = state.layers
      state.layers.replaceLayer(named: name, datafiles: datafiles)
      return state.layers.locales.compactMap { locale in
        let composed = state.layers.compose(locale)
        return composed == before.compose(locale) ? nil : composed
      }
    }
    for datafile in changed { engine.setDatafile(datafile, replace: true) }
    return changed.map(\.locale)
  }

  /// ``replaceBaseLayer(named:datafiles:)`` for a caller that knows which locales' datafiles
  /// differ from the layer's (a project edit patched them): only the locales in `changed`, and
  /// those the layer gains or loses, are composed and set on the engine; the others are not
  /// compared (an edit of one message need not compare forty datafiles of 20,000 translations).
  /// `changed` must name every locale whose datafile differs; returns the locales set.
  @discardableResult
  public func replaceBaseLayer(
    named name: String, datafiles: [String: DatafileContent], changed: Set<String>
  ) -> [String] {
    let updated = state.withLock { state -> [DatafileContent] in
      let before = state.layers.bases.first { $0.name == name }?.datafiles ?? [:]
      state.layers.replaceLayer(named: name, datafiles: datafiles)
      var locales = changed
      for locale in datafiles.keys where before[locale] == nil { locales.insert(locale) }
      for locale in before.keys where datafiles[locale] == nil { locales.insert(locale) }
      return locales.sorted().compactMap { state.layers.compose($0) }
    }
    for datafile in updated { engine.setDatafile(datafile, replace: true) }
    return updated.map(\.locale)
  }

  /// Applies a complete set of OTA overlays (manifest locale key → entries) at `revision`. Locales that
  /// lose their overlay return to their base datafile. `skipped` lists, per manifest locale key, the
  /// payload entries that were not applied (``ReRuneClient/skippedEntries``): those keys keep their
  /// base text, and ``skippedEntries(locale:)`` reports them.
  public func applyOverlays(
    _ overlays: [String: [String: CatalogEntry]], revision: Int,
    skipped: [String: [CatalogDiagnostic]] = [:]
  ) {
    state.withLock { state in
      var byEngineLocale: [String: [CatalogDiagnostic]] = [:]
      for otaLocale in skipped.keys.sorted() {
        byEngineLocale[state.layers.engineLocale(for: otaLocale)] = skipped[otaLocale]
      }
      state.skipped = byEngineLocale
    }
    applyOverlayTexts(overlays.mapValues { $0.mapValues(\.icuMessage) }, revision: revision)
  }

  /// ``applyOverlays(_:revision:skipped:)`` with the entries already as ICU message text.
  public func applyOverlayTexts(_ overlays: [String: [String: String]], revision: Int) {
    let datafiles = state.withLock { state -> [DatafileContent] in
      let touched = state.layers.setOverlay(overlays, revision: revision)
      state.applied += 1
      return touched.map { mergedLocked(&state, locale: $0) }
    }
    for datafile in datafiles { engine.setDatafile(datafile, replace: true) }
  }

  /// Follows `client`: applies its OTA locales now (the replayed revision) and after every emission.
  /// Returns the unsubscribe function.
  @discardableResult
  public func attach(to client: ReRuneClient) -> @Sendable () -> Void {
    client.onRevision { [weak self, weak client] revision in
      guard let self, let client else { return }
      self.applyOverlays(
        client.otaLocales, revision: revision, skipped: client.skippedEntries)
    }
  }

  func mergedLocked(_ state: inout State, locale: String) -> DatafileContent {
    state.layers.compose(locale)
      ?? DatafileContent(messagevisorVersion: "1", target: target, locale: locale)
  }

  /// The overlay rule as a pure function: `base` with each OTA value replacing
  /// `translations[key]` (messages and their conditional overrides are kept; the OTA value's
  /// positional `argN` take the names of the base translation's arguments, see
  /// ``CatalogArgumentNames``), and the revision
  /// `<base revision>+ota.<revision>` (`ota.<revision>` when the base has none).
  public static func overlay(
    _ base: DatafileContent, with translations: [String: String], revision: Int
  ) -> DatafileContent {
    var datafile = base
    // Catalog arguments are positional; a project message names them (see CatalogArgumentNames).
    for (key, new) in translations {
      datafile.translationTable[key] =
        datafile.translationTable[key].map { CatalogArgumentNames.rename(new, like: $0) } ?? new
    }
    let prefix = datafile.revision.isEmpty ? "" : datafile.revision + "+"
    datafile.revision = prefix + "ota.\(revision)"
    return datafile
  }

  // MARK: - Reading

  /// Exactly `engine.translate(key, values:, options: TranslateOptions(locale:))`.
  public func translate(
    _ key: String, values: MessagevisorValues = [:], locale: String? = nil
  ) throws -> String {
    try engine.translate(key, values: values, options: TranslateOptions(locale: locale))
  }

  /// The datafile the engine holds for `locale` (base ⊕ overlay), if any.
  public func datafile(for locale: String) -> DatafileContent? {
    state.withLock { $0.layers.compose(locale) }
  }

  /// Where `key`'s translation for `locale` comes from.
  public func provenance(_ key: String, locale: String) -> ReRuneKeyProvenance {
    switch origin(key, locale: locale) {
    case .ota(let otaLocale, let revision)?: return .ota(locale: otaLocale, revision: revision)
    case .layer?: return .base
    case nil: return .missing
    }
  }

  /// Which layer `key`'s translation for `locale` comes from (the base layer's name, or OTA).
  public func origin(_ key: String, locale: String) -> ReRuneLayers.Origin? {
    state.withLock { $0.layers.origin(of: key, locale: locale) }
  }

  /// True when the base datafile has conditional overrides for `key` (they win over an OTA value when
  /// their conditions match).
  public func hasOverrides(_ key: String, locale: String) -> Bool {
    state.withLock { state in
      state.layers.bases.contains {
        !($0.datafiles[locale]?.messageTable[key]?.overrides ?? []).isEmpty
      }
    }
  }

  /// The OTA revision applied last (0 before any apply).
  public var revision: Int { state.withLock { $0.layers.overlayRevision } }

  /// The current layering (base layers and overlay).
  public var layers: ReRuneLayers { state.withLock { $0.layers } }

  /// The entries of `locale`'s OTA payload that were not applied (skipped as unusable, with key,
  /// locale and file:line, or withheld by the serving policy); their keys show the base text.
  public func skippedEntries(locale: String) -> [CatalogDiagnostic] {
    state.withLock { $0.skipped[locale] ?? [] }
  }
}
