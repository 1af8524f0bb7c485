import Messagevisor

/// Side effects ``PreviewUpdate/update(_:_:)`` asks the runtime to perform.
public enum PreviewEffect: Sendable, Equatable {
  /// Call `setLocale` on the engine.
  case setLocale(String)
  /// Merge values into the engine context (`setContext`).
  case setContext(MessagevisorContext)
  /// Write the diagnostics and events as JSON (to `--export FILE`, else the default file).
  case export
  /// Remove a key from the engine context (`key=` or `key=null` in the editor).
  case unsetContext(String)
  /// Call `setCurrency` on the engine.
  case setCurrency(String)
  /// Call `setTimeZone` on the engine.
  case setTimeZone(String)
  /// Show another set of the project (`sets/<name>/`): the runtime builds it and swaps it in.
  case switchSet(String)
  /// Run an OTA check showing the refresh phases (manual: `r` or a button).
  case checkForUpdates
  /// Translate the visible keys again and send ``PreviewMessage/contentResolved(_:)``.
  case resolveContent
  /// Resolve every message for the browser (in the compare locale too when `compare` is on;
  /// `compareLocale` `nil` lets the runtime pick the source locale) and send
  /// ``PreviewMessage/messagesResolved(_:)``.
  case resolveMessages(compare: Bool, compareLocale: String?)
  /// Leave the program.
  case quit
  /// Put the text on the clipboard through the terminal (OSC 52); when the screen cannot, the
  /// runtime answers with ``PreviewMessage/showCopy(_:)``.
  case copy(String)
  /// Mark the project's translation of `key` in `locale` reviewed (the override at
  /// `overrideIndex` when an override supplies the text) in its message file.
  case markReviewed(key: String, locale: String, overrideIndex: Int?)
  /// Publish the current text of `key` in `locale` (what `translate` reads) to the local OTA
  /// site as an OTA edit.
  case publish(key: String, locale: String)
  /// A translation editor action (`E`, save, `u`, `o`); the runtime answers with
  /// ``PreviewMessage/translationEditor(_:)``.
  case translationEditor(TranslationEditorEffect)
}
