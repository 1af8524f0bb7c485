/// What a live edit changed when it changed only messages (see
/// `LiveProjectBuild.Result.changedMessages`): the session refreshes what those messages show
/// (the engine's locales, notes, the browser's rows, the pseudo-locale) instead of taking the
/// edit as a new project.
struct ProjectEdit: Sendable, Equatable {
  /// The messages whose content changed (added, edited or removed).
  var messages: Set<String>
  /// The locales whose datafiles changed (or were removed).
  var locales: Set<String>
}
