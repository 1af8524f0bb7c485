import Foundation
import Messagevisor

/// The one composition of a Messagevisor engine's sources, per locale: named base layers (lowest
/// first: e.g. bundled catalogs, then a project target) and the applied OTA overlay on top, with
/// the answer to "where did this string come from".
///
/// ``ReRuneMessagevisorBridge`` holds one and sets its compositions on the engine; the previewer's
/// inspect mode asks ``origin(of:locale:)``. The overlay rule is ``ReRuneMessagevisorBridge/overlay(_:with:revision:)``:
/// an OTA value replaces `translations[key]`; messages and their conditional overrides are kept.
public struct ReRuneLayers: Sendable, Equatable {
  /// One named base layer: datafiles by locale.
  public struct Layer: Sendable, Equatable {
    /// The name inspect mode shows (e.g. `bundle`, `project terminal`).
    public var name: String
    /// The layer's datafiles by locale.
    public var datafiles: [String: DatafileContent]

    /// Creates a layer.
    public init(name: String, datafiles: [String: DatafileContent]) {
      self.name = name
      self.datafiles = datafiles
    }

    /// A layer made of plain translations (bundled catalogs, OTA payloads) as ICU message text.
    public init(name: String, translations: [String: [String: String]], target: String) {
      self.name = name
      var datafiles: [String: DatafileContent] = [:]
      for (locale, entries) in translations {
        datafiles[locale] = DatafileContent(
          messagevisorVersion: "preview", target: target, locale: locale, translations: entries)
      }
      self.datafiles = datafiles
    }
  }

  /// Where a key's text comes from.
  public enum Origin: Sendable, Equatable {
    /// The topmost base layer that has the key's translation.
    case layer(String)
    /// The OTA overlay: the manifest locale key that supplied it and the revision applied.
    case ota(locale: String, revision: Int)
  }

  /// Base layers, lowest first.
  public var bases: [Layer]
  /// OTA translations by engine locale (ICU message text), applied over every base layer.
  public var overlay: [String: [String: String]]
  /// Engine locale → the OTA manifest locale key that supplied its overlay.
  public var overlaySource: [String: String] = [:]
  /// The OTA revision the overlay was applied at.
  public var overlayRevision: Int
  /// The target written into datafiles created for locales only the overlay has.
  public var target: String
  /// The base revision written when no base datafile of a locale has one (before `+ota.N`).
  public var revisionPlaceholder: String
  /// Whether a composition without a `direction` gets one from its locale's language.
  public var infersDirection: Bool

  /// Creates a stack.
  public init(
    bases: [Layer], overlay: [String: [String: String]] = [:], overlayRevision: Int = 0,
    target: String = "ota", revisionPlaceholder: String = "base", infersDirection: Bool = true
  ) {
    self.bases = bases
    self.overlay = overlay
    self.overlayRevision = overlayRevision
    self.target = target
    self.revisionPlaceholder = revisionPlaceholder
    self.infersDirection = infersDirection
  }

  /// Every locale any layer or the overlay has, sorted.
  public var locales: [String] {
    var all = Set(overlay.keys)
    for layer in bases { all.formUnion(layer.datafiles.keys) }
    return all.sorted()
  }

  /// The composed datafile for a locale: messages, segments, formats and translations merged
  /// from the base layers in order, then the overlay's translations. `nil` when no layer has it.
  public func compose(_ locale: String) -> DatafileContent? {
    var result: DatafileContent?
    for layer in bases {
      guard let datafile = layer.datafiles[locale] else { continue }
      guard var composed = result else {
        result = datafile
        continue
      }
      composed.translationTable.merge(datafile.translationTable)
      composed.messageTable.merge(datafile.messageTable)
      composed.segments.merge(datafile.segments) { _, new in new }
      if datafile.formats != nil { composed.formats = datafile.formats }
      if datafile.direction != nil { composed.direction = datafile.direction }
      composed.target = datafile.target
      result = composed
    }
    let baseRevision =
      bases.compactMap { $0.datafiles[locale]?.revision }.filter { !$0.isEmpty }.last
      ?? revisionPlaceholder
    if let entries = overlay[locale] {
      var base =
        result ?? DatafileContent(messagevisorVersion: "preview", target: target, locale: locale)
      base.revision = baseRevision
      result = ReRuneMessagevisorBridge.overlay(base, with: entries, revision: overlayRevision)
    } else {
      result?.revision = baseRevision
    }
    guard var composed = result else { return nil }
    if infersDirection, composed.direction == nil {
      composed.direction = Self.isRightToLeft(locale) ? "rtl" : "ltr"
    }
    return composed
  }

  /// Where the translation of `key` in `locale` comes from: the overlay, else the topmost base
  /// layer that has it; `nil` when none has it.
  public func origin(of key: String, locale: String) -> Origin? {
    if overlay[locale]?[key] != nil {
      return .ota(locale: overlaySource[locale] ?? locale, revision: overlayRevision)
    }
    for layer in bases.reversed() where layer.datafiles[locale]?.translationTable[key] != nil {
      return .layer(layer.name)
    }
    return nil
  }

  /// The engine locale an OTA manifest locale key lands on: a base locale with the same
  /// normalized tag (`EN` → `en`, `nl_NL` → `nl-NL`), else the key itself.
  public func engineLocale(for otaLocale: String) -> String {
    let baseLocales = Set(bases.flatMap { $0.datafiles.keys })
    if baseLocales.contains(otaLocale) { return otaLocale }
    let wanted = LocalizationCatalog.normalize(otaLocale)
    return baseLocales.sorted().first { LocalizationCatalog.normalize($0) == wanted } ?? otaLocale
  }

  /// Replaces the overlay with OTA translations keyed by manifest locale at `revision`; returns
  /// every engine locale whose composition may have changed (old and new overlay locales).
  @discardableResult
  public mutating func setOverlay(_ byOTALocale: [String: [String: String]], revision: Int)
    -> [String]
  {
    var byEngineLocale: [String: [String: String]] = [:]
    var source: [String: String] = [:]
    for otaLocale in byOTALocale.keys.sorted() {
      let engineLocale = engineLocale(for: otaLocale)
      byEngineLocale[engineLocale] = byOTALocale[otaLocale]
      source[engineLocale] = otaLocale
    }
    let touched = Set(overlay.keys).union(byEngineLocale.keys)
    overlay = byEngineLocale
    overlaySource = source
    overlayRevision = revision
    return touched.sorted()
  }

  /// Replaces the datafiles of the base layer called `name` (appended on top when there is none).
  public mutating func replaceLayer(named name: String, datafiles: [String: DatafileContent]) {
    if let index = bases.firstIndex(where: { $0.name == name }) {
      bases[index].datafiles = datafiles
    } else {
      bases.append(Layer(name: name, datafiles: datafiles))
    }
  }

  /// Sets one locale's datafile in the base layer called `name` (created on top when missing).
  public mutating func setDatafile(_ datafile: DatafileContent, inLayer name: String) {
    if let index = bases.firstIndex(where: { $0.name == name }) {
      bases[index].datafiles[datafile.locale] = datafile
    } else {
      bases.append(Layer(name: name, datafiles: [datafile.locale: datafile]))
    }
  }

  /// Every message key (translations and message metadata) the base layer `name` has in any
  /// locale.
  public func keys(inLayer name: String) -> Set<String> {
    var keys: Set<String> = []
    for layer in bases where layer.name == name {
      for datafile in layer.datafiles.values {
        datafile.insertEntryKeys(into: &keys)
      }
    }
    return keys
  }

  /// Whether any layer (or the overlay) has `key` in any locale.
  public func contains(key: String) -> Bool {
    if overlay.values.contains(where: { $0[key] != nil }) { return true }
    return bases.contains { layer in
      layer.datafiles.values.contains { $0.hasEntry(forKey: key) }
    }
  }

  /// Whether a locale is written right to left (by its language, via Foundation).
  public static func isRightToLeft(_ locale: String) -> Bool {
    Locale.Language(identifier: locale).characterDirection == .rightToLeft
  }
}
