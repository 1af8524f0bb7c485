import Foundation
import Messagevisor

@testable import Preview

/// Small in-memory content for the pure core's tests.
enum PreviewFixtures {
  static let englishTexts: [String: String] = [
    "welcome_badge": "Localization OTA Demo",
    "welcome_title": "Welcome to ReRune",
    "welcome_subtitle": "Pull down to fetch the latest published translations.",
    "welcome_locale_label": "Current locale",
    "welcome_locale_value": "English",
    "welcome_last_synced_label": "Last synced",
    "welcome_open_story_cta": "Open story",
    "welcome_refresh_state_idle": "Pull to refresh",
    "welcome_refresh_state_checking": "Checking for updates...",
    "welcome_refresh_state_downloading": "Downloading texts...",
    "welcome_refresh_state_applying": "Applying translations...",
    "welcome_refresh_state_success": "Updated successfully",
    "story_title": "Built to adapt",
    "story_body_primary":
      "Words change fast. Your app should keep up without waiting for the next release.",
    "story_body_secondary":
      "ReRune applies published localization updates directly inside your app experience.",
    "story_caption": "Live translation content",
    "story_refresh_cta": "Refresh texts again",
  ]

  /// In-memory screens shaped like the demo's (Welcome → Story), parsed by the real reader.
  static let welcomeYAML = """
    title: Welcome
    order: 1
    blocks:
      - badge: welcome_badge
      - heading: welcome_title
      - paragraph: welcome_subtitle
      - paragraph: welcome_bundle_note
        optional: true
      - card:
          - label: welcome_locale_label
            value: welcome_locale_value
          - label: welcome_last_synced_label
            value: welcome_last_synced_value
      - status:
          idle: welcome_refresh_state_idle
          checking: welcome_refresh_state_checking
          downloading: welcome_refresh_state_downloading
          applying: welcome_refresh_state_applying
          success: welcome_refresh_state_success
        tab: 2
      - button: welcome_open_story_cta
        opens: story
        tab: 1
    """

  static let storyYAML = """
    title: Story
    blocks:
      - back: true
        tab: 2
      - heading: story_title
      - paragraph: story_body_primary
      - paragraph: story_body_secondary
      - chip: story_caption
      - button: story_refresh_cta
        action: refresh
        tab: 1
    """

  static func screen(_ yaml: String, name: String) -> ScreenDefinition {
    try! ScreenFileReader().parse(Array(yaml.utf8), name: name, file: "previews/\(name).yml")
  }

  static let screens = ScreenCatalog(screens: [
    screen(welcomeYAML, name: "welcome"), screen(storyYAML, name: "story"),
  ])

  static let attributes: [ContextAttribute] = [
    ContextAttribute(name: "plan", type: "string", values: ["free", "pro", "enterprise"]),
    ContextAttribute(
      name: "platform", type: "string", values: ["terminal", "ios", "android", "web"]),
    ContextAttribute(name: "betaStories", type: "boolean", source: .flag),
  ]

  static func content(
    locale: String = "en-US", rtl: Bool = false, plan: String = "free",
    locales: [String] = ["ar", "en-US", "ja-JP", "nl-NL"], texts: [String: String]? = nil
  ) -> PreviewContent {
    var resolved: [String: ResolvedText] = [:]
    for (key, text) in texts ?? englishTexts {
      resolved[key] = ResolvedText(key: key, text: text, origin: .base(layer: "project terminal"))
    }
    return PreviewContent(
      locale: locale, isRightToLeft: rtl, currency: "USD", timeZone: "UTC",
      context: ["plan": .string(plan), "platform": "terminal"], loadedLocales: locales,
      version: 1, texts: resolved, screens: screens, attributes: attributes)
  }

  static func state(width: Int = 100, height: Int = 30) -> PreviewState {
    var state = PreviewState(otaSource: "site Demo/ota · every 5 s", width: width, height: height)
    state.content = content()
    state.screen = "welcome"
    return state
  }

  static func diagnostic(
    _ code: String, level: DiagnosticLevel = .error, key: String = "story_caption",
    locale: String = "ja-JP"
  ) -> DiagnosticEntry {
    DiagnosticEntry(
      id: 0, level: level, code: code, message: "\(code) for \(key)",
      details: [("locale", locale), ("messageKey", key)], module: nil, originalError: nil)
  }
}

extension PreviewState {
  /// Applies messages in order and collects every effect.
  func after(_ messages: PreviewMessage...) -> (PreviewState, [PreviewEffect]) {
    var state = self
    var effects: [PreviewEffect] = []
    for message in messages {
      let (next, more) = PreviewUpdate.update(state, message)
      state = next
      effects += more
    }
    return (state, effects)
  }
}
