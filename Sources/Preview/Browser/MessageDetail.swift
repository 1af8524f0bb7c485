import Messagevisor
import MessagevisorICU

/// Everything the detail view shows for one message: its text and origin, every override with
/// why it did or did not match, the ICU arguments it needs, its examples and its deprecation note.
public struct MessageDetail: Sendable, Equatable {
  /// The row it explains.
  public var entry: MessageEntry
  /// The locale.
  public var locale: String
  /// The overrides in evaluation order, as the engine's trace explains them.
  public var overrides: [OverrideTrace]
  /// The ICU arguments of the text (every branch), empty when it has none.
  public var arguments: [ICUArgument]
  /// The ICU parse error of the text, if it has one.
  public var icuError: String?
  /// The deprecation warning, when the message is deprecated and has one.
  public var deprecationWarning: String?
  /// The project's examples.
  public var examples: [MessageExample]
  /// The message file in the project, when known.
  public var file: String?

  /// The detail for entry `position` of `index`, explained by the engine's trace in the index's
  /// locale and the engine's context.
  public static func of(_ position: Int, in index: MessageIndex) -> MessageDetail? {
    guard index.entries.indices.contains(position) else { return nil }
    let entry = index.entries[position]
    let source = index.source
    let message = source.datafiles[index.locale]?.messageTable[entry.key]
    let trace = source.trace(entry.key, locale: index.locale)
    let overrides = trace?.overrides ?? []
    var arguments: [ICUArgument] = []
    var icuError: String?
    if let text = entry.text {
      do {
        arguments = ICUArgument.of(try ICUParser.parse(text))
      } catch {
        icuError = error.description
      }
    }
    let notes = source.notes[entry.key]
    return MessageDetail(
      entry: entry, locale: index.locale, overrides: overrides, arguments: arguments,
      icuError: icuError,
      deprecationWarning: message?.deprecated == true ? message?.deprecationWarning : nil,
      examples: notes?.examples ?? [], file: notes?.file)
  }
}
