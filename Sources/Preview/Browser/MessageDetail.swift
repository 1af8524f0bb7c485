import Messagevisor
import MessagevisorICU

/// Everything the detail view shows for one message: its text and origin, every override with
/// why it did or did not match, the ICU arguments it needs, its examples and its deprecation note.
public struct MessageDetail: Sendable, Equatable {
  /// The row it explains.
  public var entry: MessageEntry
  /// The locale.
  public var locale: String
  /// The overrides in evaluation order.
  public var overrides: [OverrideExplanation]
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

  /// The detail for entry `index` of `index`, explained in the index's context.
  public static func of(_ position: Int, in index: MessageIndex) -> MessageDetail? {
    guard index.entries.indices.contains(position) else { return nil }
    let entry = index.entries[position]
    let source = index.source
    let message = source.datafiles[index.locale]?.messages[entry.key]
    let provider = source.provider(for: index.locale)
    var overrides: [OverrideExplanation] = []
    var chosen = false
    for override in message?.overrides ?? [] {
      let conditions = override.conditions.map { explainCondition($0, provider: provider) }
      let segments = override.segments.map { explainGroupSegment($0, provider: provider) }
      let matched = (conditions?.matched ?? true) && (segments?.matched ?? true)
      overrides.append(
        OverrideExplanation(
          key: override.key, translation: override.translation, conditions: conditions,
          segments: segments, matched: matched, chosen: matched && !chosen))
      if matched { chosen = true }
    }
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
