/// The demo screens the previewer can show (the seed demo's Welcome → Story flow).
public enum PreviewScreen: String, Sendable, Equatable, CaseIterable {
  /// The root screen: badge, title, subtitle, hero, status card, refresh state and call to action.
  case welcome
  /// The pushed screen: hero, title, bodies, caption chip and the refresh button.
  case story
}
