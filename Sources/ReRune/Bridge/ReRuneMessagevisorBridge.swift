import Foundation
import Messagevisor

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

  struct State: Sendable {
    var base: [String: DatafileContent] = [:]
    var overlays: [String: [String: CatalogEntry]] = [:]
    /// Engine locale → OTA manifest locale key that supplied its overlay.
    var overlaySource: [String: String] = [:]
    /// Engine locale → the OTA entries of its payload that were not applied (they show base text).
    var skipped: [String: [CatalogDiagnostic]] = [:]
    var revision = 0
    var applied = 0
  }

  let state = Locked(State())

  /// Creates a bridge and sets every base datafile on the engine (`replace: true`).
  public init(engine: Messagevisor, base: [DatafileContent] = [], target: String? = nil) {
    self.engine = engine
    self.target = target ?? base.first?.target ?? "rerune"
    for datafile in base { setBase(datafile) }
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
      state.base[datafile.locale] = datafile
      return mergedLocked(&state, locale: datafile.locale)
    }
    engine.setDatafile(merged, replace: true)
  }

  /// Applies a complete set of OTA overlays (manifest locale key → entries) at `revision`. Locales that
  /// lose their overlay return to their base datafile. `skipped` lists, per manifest locale key, the
  /// payload entries that were not applied (``ReRuneClient/skippedEntries``): those keys keep their
  /// base text, and ``skippedEntries(locale:)`` reports them.
  public func applyOverlays(
    _ overlays: [String: [String: CatalogEntry]], revision: Int,
    skipped: [String: [CatalogDiagnostic]] = [:]
  ) {
    let datafiles = state.withLock { state -> [DatafileContent] in
      var byEngineLocale: [String: [String: CatalogEntry]] = [:]
      var source: [String: String] = [:]
      var skippedByEngineLocale: [String: [CatalogDiagnostic]] = [:]
      for otaLocale in overlays.keys.sorted() {
        let engineLocale = engineLocaleLocked(state, for: otaLocale)
        byEngineLocale[engineLocale] = overlays[otaLocale]
        source[engineLocale] = otaLocale
        if let notes = skipped[otaLocale] { skippedByEngineLocale[engineLocale] = notes }
      }
      state.skipped = skippedByEngineLocale
      let touched = Set(state.overlays.keys).union(byEngineLocale.keys)
      state.overlays = byEngineLocale
      state.overlaySource = source
      state.revision = revision
      state.applied += 1
      return touched.sorted().map { mergedLocked(&state, locale: $0) }
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

  func engineLocaleLocked(_ state: State, for otaLocale: String) -> String {
    if state.base[otaLocale] != nil { return otaLocale }
    let wanted = LocalizationCatalog.normalize(otaLocale)
    return state.base.keys.sorted().first { LocalizationCatalog.normalize($0) == wanted }
      ?? otaLocale
  }

  func mergedLocked(_ state: inout State, locale: String) -> DatafileContent {
    let datafile =
      state.base[locale]
      ?? DatafileContent(messagevisorVersion: "1", target: target, locale: locale)
    guard let overlay = state.overlays[locale] else { return datafile }
    return Self.overlay(
      datafile, with: overlay.mapValues(\.icuMessage), revision: state.revision)
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
    datafile.translations.merge(translations) { old, new in
      CatalogArgumentNames.rename(new, like: old)
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
    state.withLock { state in
      guard state.base[locale] != nil || state.overlays[locale] != nil else { return nil }
      return mergedLocked(&state, locale: locale)
    }
  }

  /// Where `key`'s translation for `locale` comes from.
  public func provenance(_ key: String, locale: String) -> ReRuneKeyProvenance {
    state.withLock { state in
      if state.overlays[locale]?[key] != nil {
        return .ota(locale: state.overlaySource[locale] ?? locale, revision: state.revision)
      }
      if state.base[locale]?.translations[key] != nil { return .base }
      return .missing
    }
  }

  /// True when the base datafile has conditional overrides for `key` (they win over an OTA value when
  /// their conditions match).
  public func hasOverrides(_ key: String, locale: String) -> Bool {
    state.withLock { !($0.base[locale]?.messages[key]?.overrides ?? []).isEmpty }
  }

  /// The entries of `locale`'s OTA payload that were not applied (skipped as unusable, with key,
  /// locale and file:line, or withheld by the serving policy); their keys show the base text.
  public func skippedEntries(locale: String) -> [CatalogDiagnostic] {
    state.withLock { $0.skipped[locale] ?? [] }
  }

  /// The OTA revision applied last (0 before any apply).
  public var revision: Int { state.withLock { $0.revision } }
}
