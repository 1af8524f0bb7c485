import Foundation

extension PreviewLoop {
  /// Performs a translation editor effect: the session does the file I/O and the engine; opening
  /// the source in an external editor needs the terminal and is done here.
  func performEditor(_ effect: TranslationEditorEffect) -> TranslationEditorEvent? {
    guard case .openExternal(let request) = effect else { return session.performEditor(effect) }
    let found: PreviewSession.TranslationSource
    do {
      found = try session.translationSource(of: request.key)
    } catch {
      return .refused(error.message)
    }
    let command = ExternalEditor(environment: ProcessInfo.processInfo.environment)
    var outcome: String?
    screen.suspend {
      outcome = command.open(found.file, line: found.line)
    }
    lastFrame = nil
    lastRendered = nil
    return .externalEditorFinished(outcome)
  }
}
