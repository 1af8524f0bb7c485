/// A focusable item on a demo screen (Tab moves between them, Enter activates).
public enum FocusTarget: String, Sendable, Equatable, CaseIterable {
  /// Welcome's call to action `welcome_open_story_cta`.
  case openStory
  /// Welcome's refresh-state line: Enter runs a check (the terminal's pull-to-refresh).
  case refresh
  /// Story's button `story_refresh_cta`.
  case storyRefresh
  /// Story's back chevron.
  case back
}
