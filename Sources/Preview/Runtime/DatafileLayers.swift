import Foundation
import Messagevisor
import ReRune

/// The previewer's datafile stack per locale: base layers (bundled catalogs, then the project's
/// `terminal` target) and the OTA overlay on top, applied with the ReRune bridge's overlay rule
/// (``ReRuneMessagevisorBridge/overlay(_:with:revision:)``). The engine receives the composition; inspect
/// mode asks the stack which layer a key's base translation came from.
public struct DatafileLayers: Sendable, Equatable {
  /// One named base layer: datafiles by locale.
  public struct Layer: Sendable, Equatable {
    /// The name shown in inspect mode (e.g. `bundle`, `project terminal`).
    public var name: String
    /// The layer's datafiles by locale.
    public var datafiles: [String: DatafileContent]

    /// Creates a layer.
    public init(name: String, datafiles: [String: DatafileContent]) {
      self.name = name
      self.datafiles = datafiles
    }

    /// A layer made of plain translations (bundled catalogs, OTA payloads).
    public init(name: String, translations: [String: [String: String]], target: String) {
      self.name = name
      var datafiles: [String: DatafileContent] = [:]
      for (locale, entries) in translations {
        datafiles[locale] = DatafileContent(
          messagevisorVersion: "preview", target: target, locale: locale,
          translations: entries)
      }
      self.datafiles = datafiles
    }
  }

  /// Base layers, lowest first.
  public var bases: [Layer]
  /// OTA translations by locale (ICU message text), applied over every base layer.
  public var overlay: [String: [String: String]]
  /// The OTA revision the overlay was applied at.
  public var overlayRevision: Int

  /// Creates a stack.
  public init(bases: [Layer], overlay: [String: [String: String]] = [:], overlayRevision: Int = 0) {
    self.bases = bases
    self.overlay = overlay
    self.overlayRevision = overlayRevision
  }

  /// Every locale any layer has, sorted.
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
      composed.translations.merge(datafile.translations) { _, new in new }
      composed.messages.merge(datafile.messages) { _, new in new }
      composed.segments.merge(datafile.segments) { _, new in new }
      if datafile.formats != nil { composed.formats = datafile.formats }
      if datafile.direction != nil { composed.direction = datafile.direction }
      composed.target = datafile.target
      result = composed
    }
    let baseRevision =
      bases.compactMap { $0.datafiles[locale]?.revision }.filter { !$0.isEmpty }
      .last ?? "base"
    if let entries = overlay[locale] {
      var base =
        result
        ?? DatafileContent(messagevisorVersion: "preview", target: "ota", locale: locale)
      base.revision = baseRevision
      result = ReRuneMessagevisorBridge.overlay(base, with: entries, revision: overlayRevision)
    } else {
      result?.revision = baseRevision
    }
    guard var composed = result else { return nil }
    if composed.direction == nil {
      composed.direction = Self.isRightToLeft(locale) ? "rtl" : "ltr"
    }
    return composed
  }

  /// Replaces the datafiles of the base layer called `name` (appended on top when there is none).
  public mutating func replaceLayer(named name: String, datafiles: [String: DatafileContent]) {
    if let index = bases.firstIndex(where: { $0.name == name }) {
      bases[index].datafiles = datafiles
    } else {
      bases.append(Layer(name: name, datafiles: datafiles))
    }
  }

  /// Every message key (translations and message metadata) the base layer `name` has in any
  /// locale.
  public func keys(inLayer name: String) -> Set<String> {
    var keys: Set<String> = []
    for layer in bases where layer.name == name {
      for datafile in layer.datafiles.values {
        keys.formUnion(datafile.translations.keys)
        keys.formUnion(datafile.messages.keys)
      }
    }
    return keys
  }

  /// Whether any layer (or the overlay) has `key` in any locale.
  public func contains(key: String) -> Bool {
    if overlay.values.contains(where: { $0[key] != nil }) { return true }
    return bases.contains { layer in
      layer.datafiles.values.contains { $0.translations[key] != nil || $0.messages[key] != nil }
    }
  }

  /// Which layer supplies the base translation of `key` in `locale` (the topmost that has it).
  public func origin(of key: String, locale: String) -> TextOrigin? {
    if overlay[locale]?[key] != nil { return .otaOverlay(revision: overlayRevision) }
    for layer in bases.reversed() where layer.datafiles[locale]?.translations[key] != nil {
      return .base(layer: layer.name)
    }
    return nil
  }

  /// Whether a locale is written right to left (by its language, via Foundation).
  public static func isRightToLeft(_ locale: String) -> Bool {
    Locale.Language(identifier: locale).characterDirection == .rightToLeft
  }
}
