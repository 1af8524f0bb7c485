import Foundation
import Messagevisor

extension PreviewSession {
  /// Registers who builds another set when the user picks one (`S`): live editing does, so that
  /// it keeps watching the set on display; `nil` makes the session load sets itself again.
  public func onSwitchSet(_ handler: (@Sendable (String) -> Void)?) {
    setSwitcher.withLock { $0 = handler }
  }

  /// Shows the set `name` of the project (``PreviewEffect/switchSet(_:)``): through the
  /// registered switcher, else by loading and building it on a background thread and swapping
  /// it in with ``reload(project:)``. The target stays when the set has it (else the set's
  /// default target); a set that does not build is a notice and the shown set stays.
  public func switchSet(_ name: String) {
    if let switcher = setSwitcher.withLock({ $0 }) {
      switcher(name)
      return
    }
    let sources = currentSources
    guard let path = sources.projectPath else {
      inbox.post(.failure("cannot switch to set \(name): no project is loaded"))
      return
    }
    let target = sources.projectTarget
    Thread.detachNewThread { [self] in
      do {
        reload(project: try PreviewProjectLoader.load(path: path, keeping: target, set: name))
        inbox.post(.failureResolved(PreviewUpdate.switchingNotice(name)))
      } catch {
        inbox.post(.failure("cannot show set \(name): \(error)"))
      }
    }
  }

  /// After a reload: when the active locale has no datafile (the project did not build at
  /// start, or the new set lacks it), switches to the locale the session started with, else
  /// `source`, else `en-US`, else the first loaded one.
  func keepLocaleLoaded(preferring source: String) {
    let snapshot = engine.getSnapshot()
    let loaded = snapshot.datafileLocales
    if let current = snapshot.locale, loaded.contains(current) { return }
    let wanted = [configuration.locale, source, "en-US"].compactMap { $0 }
    if let locale = wanted.first(where: loaded.contains) ?? loaded.first {
      try? engine.setLocale(locale)
    }
  }
}
