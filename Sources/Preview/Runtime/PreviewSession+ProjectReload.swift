import Foundation
import Messagevisor

extension PreviewSession {
  /// Replaces the project layer's datafiles of the `changed` locales (and drops `removed` ones)
  /// after the project was edited, then updates the engine the way an OTA revision does: each
  /// locale whose composed datafile changed is set with `setDatafile(replace:)`, whose `change`
  /// event makes the loop resolve and redraw. Edited texts that the OTA overlay covers are
  /// reported as `edit_hidden_by_ota` diagnostics (the overlay still wins, as on a device).
  /// - Returns: the locales whose composed datafile changed on the engine.
  @discardableResult
  public func applyProjectDatafiles(_ changed: [String: DatafileContent], removed: [String] = [])
    -> [String]
  {
    updates.withLock { _ in
      var hidden: [(locale: String, key: String)] = []
      let stack = layers.withLock { stack -> DatafileLayers in
        guard let index = stack.bases.lastIndex(where: { $0.name.hasPrefix("project") }) else {
          stack.bases.append(.init(name: "project", datafiles: changed))
          return stack
        }
        for (locale, datafile) in changed {
          // Edited texts the OTA overlay covers stay hidden: say so, or the edit seems lost.
          if let overlay = stack.overlay[locale], !overlay.isEmpty {
            let old = stack.bases[index].datafiles[locale]?.translations ?? [:]
            for (key, text) in datafile.translations
            where overlay[key] != nil && old[key] != text {
              hidden.append((locale, key))
            }
          }
          stack.bases[index].datafiles[locale] = datafile
        }
        for locale in removed { stack.bases[index].datafiles[locale] = nil }
        return stack
      }
      for (locale, key) in hidden.sorted(by: { ($0.key, $0.locale) < ($1.key, $1.locale) }) {
        inbox.post(
          .diagnostic(
            DiagnosticEntry(
              id: 0, level: .info, code: "edit_hidden_by_ota",
              message:
                "the edited text of \(key) (\(locale)) is covered by OTA revision \(stack.overlayRevision)",
              details: [(key: "key", value: key), (key: "locale", value: locale)])))
      }
      var updated: [String] = []
      for locale in changed.keys.sorted() where applyLocale(locale, stack: stack) {
        updated.append(locale)
      }
      return updated
    }
  }
}
