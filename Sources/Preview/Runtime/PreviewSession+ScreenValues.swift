import Foundation
import Messagevisor

extension PreviewSession {
  /// Evaluates a screen's example values (``ScreenValue``) as the engine sees them now: dates
  /// relative to `now`, the last sync, the engine's currency, locale, time zone and context,
  /// other messages translated, lists and relative times formatted. The screens' strings and the
  /// translation editor's rendered result take their values from here.
  func screenValues(
    snapshot: MessagevisorSnapshot, locale: String, now: Date, synced: Date
  ) -> (ScreenValue) -> MessagevisorValue {
    let engine = self.engine
    let configuration = self.configuration
    func translate(_ key: String) -> String { (try? engine.translate(key)) ?? key }

    func evaluate(_ value: ScreenValue) -> MessagevisorValue {
      switch value {
      case .literal(let literal): return literal
      case .now(let offset): return .date(now.addingTimeInterval(offset))
      case .date(let date): return .date(date)
      case .lastSync: return .date(synced)
      case .currency: return .string(snapshot.currency ?? configuration.currency)
      case .locale: return .string(locale)
      case .timeZone: return .string(snapshot.timeZone ?? configuration.timeZone)
      case .context(let name): return snapshot.context[name] ?? .null
      case .message(let key): return .string(translate(key))
      case .list(let keys):
        let items = keys.map(translate)
        return .string((try? engine.formatList(items)) ?? items.joined(separator: ", "))
      case .relativeTime(let inner, let unit, let preset):
        guard case .date(let date) = evaluate(inner) else { return .null }
        let (component, seconds) = Self.calendarUnit(unit)
        let amount = (date.timeIntervalSince(now) / seconds).rounded()
        let text = try? engine.formatRelativeTime(
          amount == 0 ? 0 : amount, unit: component, preset: preset)
        return .string(text ?? "")
      }
    }
    return evaluate
  }
}
