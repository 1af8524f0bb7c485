import Foundation
import Messagevisor

extension PreviewSession {
  /// Replaces the project layer's datafiles of the `changed` locales (and drops `removed` ones)
  /// after the project was edited, then updates the engine the way an OTA revision does: each
  /// locale whose composed datafile changed is set with `setDatafile(replace:)`, whose `change`
  /// event makes the loop resolve and redraw.
  /// - Returns: the locales whose composed datafile changed on the engine.
  @discardableResult
  public func applyProjectDatafiles(_ changed: [String: DatafileContent], removed: [String] = [])
    -> [String]
  {
    updates.withLock { _ in
      let stack = layers.withLock { stack -> DatafileLayers in
        guard let index = stack.bases.lastIndex(where: { $0.name.hasPrefix("project") }) else {
          stack.bases.append(.init(name: "project", datafiles: changed))
          return stack
        }
        for (locale, datafile) in changed { stack.bases[index].datafiles[locale] = datafile }
        for locale in removed { stack.bases[index].datafiles[locale] = nil }
        return stack
      }
      var updated: [String] = []
      for locale in changed.keys.sorted() where applyLocale(locale, stack: stack) {
        updated.append(locale)
      }
      return updated
    }
  }
}
