import MessagevisorProject

/// What the translation editor asks the runtime to do (file I/O and the engine); the runtime
/// answers each with a ``TranslationEditorEvent``.
public enum TranslationEditorEffect: Sendable, Equatable {
  /// Open the editor on a string: read its message file and find the text at its source.
  case open(TranslationEditorRequest)
  /// Render the typed text (and its plural samples) with the engine's modules.
  case render(TranslationRenderRequest)
  /// Save `text` at `path` of the file read as `snapshot` (`MessageFileEditor/save(_:at:over:)`).
  case save(text: String, path: TranslationPath, snapshot: FileSnapshot, label: String)
  /// Restore the file a save changed, if it is still what the save wrote.
  case undo(SavedFileChange, label: String)
  /// Open the selected string's source file in `$VISUAL`/`$EDITOR` at its line.
  case openExternal(TranslationEditorRequest)
}
