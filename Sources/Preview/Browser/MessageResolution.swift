import Messagevisor
import MessagevisorICU

/// The text one message resolves to in one locale and context, chosen the way the engine chooses
/// it (spec §3.3): the first override whose conditions and segments both match, else the base
/// translation, else missing.
public struct MessageResolution: Sendable, Equatable {
  /// The text, `nil` when the locale has none.
  public var text: String?
  /// Where it came from.
  public var origin: TextOrigin
  /// The flags (missing, overridden, deprecated, ICU error, from OTA, has overrides).
  public var flags: MessageFlags

  /// Resolves `key` in `locale` from `source`.
  public static func resolve(_ key: String, locale: String, source: MessageBrowserSource)
    -> MessageResolution
  {
    let datafile = source.datafiles[locale]
    let message = datafile?.messages[key]
    var flags: MessageFlags = []
    if message?.deprecated == true { flags.insert(.deprecated) }
    let overrides = message?.overrides ?? []
    if !overrides.isEmpty { flags.insert(.hasOverrides) }
    var text: String?
    var origin = TextOrigin.fallbackToKey
    if let base = datafile?.translations[key] {
      text = base
      origin = source.origin(key, locale) ?? .base(layer: "datafile")
    }
    // The engine only evaluates overrides of a message that has a base translation or metadata;
    // a matching override wins either way.
    if !overrides.isEmpty {
      let provider = source.provider(for: locale)
      for override in overrides
      where matches(override.conditions, override.segments, provider: provider) {
        text = override.translation
        origin = .override(key: override.key)
        flags.insert(.overridden)
        break
      }
    }
    if text == nil { flags.insert(.missing) }
    if case .otaOverlay = origin { flags.insert(.fromOTA) }
    if let text, hasICUError(text) { flags.insert(.icuError) }
    return MessageResolution(text: text, origin: origin, flags: flags)
  }

  static func matches(
    _ conditions: Condition?, _ segments: GroupSegment?,
    provider: MessagevisorEvaluationDataProvider
  ) -> Bool {
    (conditions.map { evaluateCondition($0, provider: provider) } ?? true)
      && (segments.map { evaluateGroupSegment($0, provider: provider) } ?? true)
  }

  /// Whether `text` fails to parse as ICU MessageFormat (text without `{`, `}` or `'` always
  /// parses, so it is not parsed).
  static func hasICUError(_ text: String) -> Bool {
    guard text.utf8.contains(where: { $0 == 0x7B || $0 == 0x7D || $0 == 0x27 }) else {
      return false
    }
    do {
      _ = try ICUParser.parse(text)
      return false
    } catch {
      return true
    }
  }
}
