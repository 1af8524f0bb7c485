/// The message keys the demo screens show.
public enum VisibleKeys {
  /// The seed demo's 17 keys (rerune.md §6.3): always translated, so a real gap shows up as a
  /// `missing_translation` diagnostic.
  public static let core: [String] = [
    "welcome_badge", "welcome_title", "welcome_subtitle", "welcome_locale_label",
    "welcome_locale_value", "welcome_last_synced_label", "welcome_open_story_cta",
    "welcome_refresh_state_idle", "welcome_refresh_state_checking",
    "welcome_refresh_state_downloading", "welcome_refresh_state_applying",
    "welcome_refresh_state_success", "story_title", "story_body_primary", "story_body_secondary",
    "story_caption", "story_refresh_cta",
  ]

  /// The demo project's extra copy (plurals, price, dates, lists, a deprecated banner) and the
  /// keys that exist only in one layer (bundle-only, OTA-only). Shown where the project defines
  /// them or the active locale has them.
  public static let extras: [String] = [
    "welcome_last_synced_value", "welcome_synced_ago", "welcome_plan_summary", "welcome_price",
    "welcome_new_stories", "welcome_visit_ordinal", "legacy_banner", "welcome_bundle_note",
    "story_topics", "story_next_chapter", "story_ota_note",
  ]

  /// The items of `story_topics`' list.
  public static let storyTopics: [String] = [
    "story_topic_runes", "story_topic_forging", "story_topic_moonlight",
  ]
}
