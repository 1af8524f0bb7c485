import Foundation
import Messagevisor

/// Everything the view needs from the engine, resolved by the runtime after every change.
///
/// The view never calls the engine: the runtime translates the visible keys and hands the result to
/// ``PreviewUpdate/update(_:_:)`` as ``PreviewMessage/contentResolved(_:)``.
public struct PreviewContent: Sendable, Equatable {
  /// The active locale.
  public var locale: String
  /// Whether the active locale is written right to left.
  public var isRightToLeft: Bool
  /// The active currency.
  public var currency: String
  /// The active time zone identifier.
  public var timeZone: String
  /// The instance context.
  public var context: MessagevisorContext
  /// The locales that have a datafile loaded, sorted.
  public var loadedLocales: [String]
  /// The engine snapshot version the content was resolved at.
  public var version: Int
  /// The resolved texts by key, and by ``TextBinding/contentKey`` for blocks that pass values
  /// (the first block showing a key also fills the key itself).
  public var texts: [String: ResolvedText]
  /// The screens the session knows (project screen files and built-in screens).
  public var screens: ScreenCatalog
  /// The context attributes the controls offer.
  public var attributes: [ContextAttribute]
  /// Keys for the built-in message list to show from ``texts``, sorted. The session leaves it
  /// empty: the list then shows the message browser's rows (its index resolves every message
  /// once per engine version instead of on every redraw).
  public var messageKeys: [String]
  /// The project's set on display (`sets/<name>/`), when the project uses sets.
  public var projectSet: String?
  /// Every set of the project (empty without sets): `S` picks one.
  public var sets: [String] = []

  /// Creates content.
  public init(
    locale: String, isRightToLeft: Bool = false, currency: String = "USD", timeZone: String = "UTC",
    context: MessagevisorContext = [:], loadedLocales: [String] = [], version: Int = 0,
    texts: [String: ResolvedText] = [:], screens: ScreenCatalog = ScreenCatalog(screens: []),
    attributes: [ContextAttribute] = [], messageKeys: [String] = [], projectSet: String? = nil,
    sets: [String] = []
  ) {
    self.projectSet = projectSet
    self.sets = sets
    self.locale = locale
    self.isRightToLeft = isRightToLeft
    self.currency = currency
    self.timeZone = timeZone
    self.context = context
    self.loadedLocales = loadedLocales
    self.version = version
    self.texts = texts
    self.screens = screens
    self.attributes = attributes
    self.messageKeys = messageKeys
  }

  /// The resolved text for a key, or the key itself marked as a fallback when it was not resolved.
  public func text(_ key: String) -> ResolvedText {
    texts[key] ?? ResolvedText(key: key, text: key, origin: .fallbackToKey)
  }

  /// The text a screen block's binding shows: resolved with the block's own values, else the
  /// key's text (``text(_:)``).
  public func text(_ binding: TextBinding) -> ResolvedText {
    texts[binding.contentKey] ?? text(binding.key)
  }

  /// Whether the binding's text was resolved (an optional block is drawn only then).
  public func hasText(_ binding: TextBinding) -> Bool {
    texts[binding.contentKey] != nil || texts[binding.key] != nil
  }

  /// A context value rendered for display (`off` for a missing flag, JSON-ish for others).
  public func contextString(_ key: String) -> String {
    guard let value = context[key] else { return "–" }
    return PreviewContent.display(value)
  }

  /// Renders a value compactly for the controls bar and the context panel.
  public static func display(_ value: MessagevisorValue) -> String {
    switch value {
    case .string(let s): return s
    case .int(let i): return String(i)
    case .double(let d): return String(d)
    case .bool(let b): return b ? "on" : "off"
    case .null: return "null"
    case .date(let d): return PortableDate.isoString(d)
    case .array(let items): return "[" + items.map(display).joined(separator: ", ") + "]"
    case .object(let object):
      return "{"
        + object.keys.sorted().map { "\($0): \(display(object[$0] ?? .null))" }
        .joined(separator: ", ") + "}"
    }
  }

  /// A value as the context editor accepts it (JSON; dates as ISO strings).
  public static func json(_ value: MessagevisorValue) -> String {
    switch value {
    case .string(let s):
      let data = try? JSONEncoder().encode(s)
      return data.flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    case .int(let i): return String(i)
    case .double(let d): return String(d)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .date(let d): return json(.string(PortableDate.isoString(d)))
    case .array(let items): return "[" + items.map(json).joined(separator: ",") + "]"
    case .object(let object):
      return "{"
        + object.keys.sorted().map { json(.string($0)) + ":" + json(object[$0] ?? .null) }
        .joined(separator: ",") + "}"
    }
  }
}
