import MessagevisorProject

/// The runtime's answers to ``TranslationEditorEffect``s.
public enum TranslationEditorEvent: Sendable, Equatable {
  /// The editor can open: its state, read from the file.
  case opened(TranslationEditorState)
  /// The editor cannot open on the string (no project, not a message of the project, an unreadable
  /// file…): why.
  case refused(String)
  /// The text `text` rendered: the result, the plural sample lines and the project's lint
  /// findings about the text (see `TranslationEditorState.findings`).
  case rendered(text: String, result: String?, samples: [String], findings: [LintFinding])
  /// A save was written (`label` names the key, locale and file).
  case saved(SavedFileChange, label: String)
  /// A save was refused: why, and for a conflict the file as it is on disk now (the editor saves
  /// over it on the next Enter, changing only its own scalar).
  case saveFailed(String, current: FileSnapshot?)
  /// `u` restored the file.
  case undone(label: String)
  /// `u` could not restore the file (it changed after the save, or is gone): why.
  case undoFailed(String)
  /// The external editor finished: `nil` when it exited with status 0, else why not.
  case externalEditorFinished(String?)
}
