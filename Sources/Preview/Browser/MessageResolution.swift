import Messagevisor
import MessagevisorICU

/// The text one message resolves to in one locale and context, as the engine's trace says
/// (`MessagevisorInstance/traceTranslation(_:options:)`: the path `translate` takes), with the
/// layer that supplied a base translation and the browser's flags.
public struct MessageResolution: Sendable, Equatable {
  /// The text, `nil` when the locale has none.
  public var text: String?
  /// Where it came from.
  public var origin: TextOrigin
  /// The flags (missing, overridden, deprecated, ICU error, from OTA, has overrides).
  public var flags: MessageFlags

  /// Resolves `key` in `locale` through `source`'s engine.
  public static func resolve(_ key: String, locale: String, source: MessageBrowserSource)
    -> MessageResolution
  {
    resolve(key, trace: source.trace(key, locale: locale), source: source)
  }

  /// The resolution of `key` from its `trace` (`nil`: the engine has no locale), with the layer
  /// `source` says its base text came from.
  static func resolve(_ key: String, trace: TranslationTrace?, source: MessageBrowserSource)
    -> MessageResolution
  {
    guard let trace else {
      return MessageResolution(text: nil, origin: .fallbackToKey, flags: .missing)
    }
    var flags: MessageFlags = []
    if trace.deprecated { flags.insert(.deprecated) }
    if !trace.overrides.isEmpty { flags.insert(.hasOverrides) }
    if case .override = trace.source { flags.insert(.overridden) }
    let text = trace.source.isMissing ? nil : trace.text
    if text == nil { flags.insert(.missing) }
    let origin = TextOrigin(trace, layer: source.origin(key, trace.locale))
    if case .otaOverlay = origin { flags.insert(.fromOTA) }
    if case .inherited = origin, case .translation = trace.source { flags.insert(.inherited) }
    if let text, hasICUError(text) { flags.insert(.icuError) }
    return MessageResolution(text: text, origin: origin, flags: flags)
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
