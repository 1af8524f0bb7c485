import Foundation
import Messagevisor

extension PreviewSession {
  /// Swaps in a project rebuilt after an edit (live editing), through ``reload(project:)``: the
  /// project layer's datafiles are replaced and every locale whose composition changed is set on
  /// the engine with `setDatafile(replace:)`, as for an OTA revision, so `change` → resolve →
  /// view follows. Edited texts that the OTA overlay covers are reported first as
  /// `edit_hidden_by_ota` diagnostics (the overlay still wins, as it would on a device).
  public func reloadEdited(project: PreviewProject) {
    reloadEdited(project: project, edit: nil)
  }

  /// ``reloadEdited(project:)`` of an edit that changed only `edit`'s messages (see
  /// `reload(project:edit:)`).
  func reloadEdited(project: PreviewProject, edit: ProjectEdit?) {
    let stack = currentLayers
    let old = stack.bases.last { $0.name == project.layerName }?.datafiles ?? [:]
    var hidden: [(key: String, locale: String)] = []
    for (locale, overlay) in stack.overlay where !overlay.isEmpty {
      guard let datafile = project.datafiles[locale] else { continue }
      for key in overlay.keys
      where datafile.translationTable[key] != old[locale]?.translationTable[key] {
        hidden.append((key, locale))
      }
    }
    for (key, locale) in hidden.sorted(by: { ($0.key, $0.locale) < ($1.key, $1.locale) }) {
      inbox.post(
        .diagnostic(
          DiagnosticEntry(
            id: 0, level: .info, code: "edit_hidden_by_ota",
            message:
              "the edited text of \(key) (\(locale)) is covered by OTA revision \(stack.overlayRevision)",
            details: [(key: "key", value: key), (key: "locale", value: locale)])))
    }
    reload(project: project, edit: edit)
  }

  /// Whether the session shows exactly `project`: its layer's datafiles, screens, context
  /// attributes, locale order and source locale. Locales of the project's build that the layer
  /// does not have yet are on their way (see ``startLoadingLocales()``), not a difference.
  func shows(_ project: PreviewProject) -> Bool {
    let datafiles = Self.datafiles(of: project)
    guard let shown = currentLayers.bases.last(where: { $0.name == project.layerName })?.datafiles,
      shown.allSatisfy({ datafiles[$0.key] == $0.value })
    else { return false }
    let loading = project.liveBuild != nil && localeBuild.withLock { $0 } === project.liveBuild
    guard shown.count == datafiles.count || loading else { return false }
    let sources = currentSources
    return sources.projectLayer == project.layerName && sources.screens == project.screens
      && sources.attributes == project.attributes && sources.localeOrder == project.locales
      && sources.sourceLocale == project.sourceLocale && sources.projectSet == project.set
      && sources.sets == project.sets
  }
}
