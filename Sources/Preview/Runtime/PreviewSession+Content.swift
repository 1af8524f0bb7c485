import Foundation
import Messagevisor

extension PreviewSession {
  /// Translates the keys the screens show in the active locale and records where each string came
  /// from: the bindings of the project's screens. `screen` (the screen on display) does not widen
  /// it: the built-in message list is drawn from the browser's index (`resolveMessages`).
  ///
  /// Origins come from the engine's trace of each key (`Messagevisor/traceTranslation(_:options:)`,
  /// on the path `translate` takes): the override that matched, the engine's default
  /// translation, or the key itself; for a base translation the layer stack names the layer
  /// (project, bundle or OTA) and whether the project locale inherits the text.
  public func resolveContent(lastSynced: Date?, screen: String? = nil) -> PreviewContent {
    let snapshot = engine.getSnapshot()
    let locale = snapshot.locale ?? configuration.locale ?? "en-US"
    let stack = bridge.layers
    let sources = self.sources.withLock { $0 }
    let composed = stack.compose(locale)
    let layers = layerOrigins(stack, sources, locales: [locale])
    let now = configuration.now()
    let synced = lastSynced ?? now
    var texts: [String: ResolvedText] = [:]

    // Keys the active locale or the project layer (any locale) has: optional blocks need one.
    // Lookups, not a set of every key of every locale (120,000 insertions per redraw on a
    // project of 10,000 messages in 6 locales).
    let projectLayers = stack.bases.filter { $0.name == sources.projectLayer }
    func present(_ key: String) -> Bool {
      if composed?.hasEntry(forKey: key) == true { return true }
      return projectLayers.contains { layer in
        layer.datafiles.values.contains { $0.hasEntry(forKey: key) }
      }
    }

    let evaluate = screenValues(snapshot: snapshot, locale: locale, now: now, synced: synced)

    func resolve(_ key: String, values: MessagevisorValues = [:]) -> ResolvedText {
      do {
        let text = try engine.translate(key, values: values)
        let origin = origin(of: key, layers: layers)
        return ResolvedText(
          key: key, text: text, origin: origin,
          location: sources.messageNotes[key]?.location(of: origin, locale: locale))
      } catch {
        return ResolvedText(key: key, text: key, origin: .fallbackToKey)
      }
    }

    // Nothing to translate before the project first builds (no locale, every key missing).
    let definitions = snapshot.datafileLocales.isEmpty ? [] : sources.screens.definitions
    for definition in definitions {
      for block in definition.blocks {
        // Values belong to the block: each key and value set is resolved once, and the first
        // block that shows a key also answers for the key (inspect, search, copy).
        for binding in block.bindings where texts[binding.contentKey] == nil {
          if block.optional && !present(binding.key) { continue }
          let resolved = resolve(
            binding.key, values: MessagevisorValues(binding.values.mapValues(evaluate)))
          texts[binding.contentKey] = resolved
          if texts[binding.key] == nil { texts[binding.key] = resolved }
        }
      }
    }

    // The built-in `messages` screen is the message browser: it resolves every message once per
    // engine version from the datafiles (`resolveMessages`), not through the engine here on
    // every redraw (10,000 translations, each posting its debug diagnostics to the panel).

    let direction = (snapshot.direction ?? composed?.direction) == "rtl"
    return PreviewContent(
      locale: locale, isRightToLeft: direction, currency: snapshot.currency ?? "USD",
      timeZone: snapshot.timeZone ?? configuration.timeZone, context: snapshot.context,
      loadedLocales: ordered(Array(Set(snapshot.datafileLocales + pendingLocales))),
      version: snapshot.version, texts: texts,
      screens: sources.screens, attributes: sources.attributes, projectSet: sources.projectSet,
      sets: sources.sets)
  }

  /// A relative-time unit name as a calendar component and its length in seconds.
  static func calendarUnit(_ name: String) -> (Calendar.Component, Double) {
    switch name {
    case "second": return (.second, 1)
    case "hour": return (.hour, 3600)
    case "day": return (.day, 86_400)
    case "week": return (.weekOfYear, 604_800)
    case "month": return (.month, 2_629_746)
    case "quarter": return (.quarter, 7_889_238)
    case "year": return (.year, 31_556_952)
    default: return (.minute, 60)
    }
  }

  /// Loaded locales in the configured order, the rest sorted after them.
  func ordered(_ locales: [String]) -> [String] {
    let order = sources.withLock { $0.localeOrder }
    let known = order.filter(locales.contains)
    return known + locales.filter { !order.contains($0) }.sorted()
  }

  /// A diagnostic as the panel keeps it.
  static func entry(_ diagnostic: MessagevisorDiagnostic) -> DiagnosticEntry {
    let level = DiagnosticLevel(rawValue: diagnostic.level.rawValue) ?? .info
    let details = diagnostic.details.keys.sorted().map { key in
      (key: key, value: PreviewContent.display(diagnostic.details[key] ?? .null))
    }
    return DiagnosticEntry(
      id: 0, level: level, code: diagnostic.code, message: diagnostic.message, details: details,
      module: diagnostic.module, originalError: diagnostic.originalError.map { "\($0)" })
  }

  /// An engine event as the events log keeps it.
  static func info(_ event: MessagevisorEvent) -> EngineEventInfo {
    var detail = ""
    var details = event.details
    if case .change(_, let inner) = details { details = inner }
    switch details {
    case .localeSet(let locale, let previous): detail = "\(previous ?? "–") → \(locale)"
    case .contextSet(let context, let previous, _):
      let changed = context.keys.filter { context[$0] != previous[$0] }.sorted()
      detail = changed.map { "\($0)=\(PreviewContent.display(context[$0] ?? .null))" }
        .joined(separator: " ")
    case .currencySet(let currency, let previous):
      detail = "\(previous ?? "–") → \(currency ?? "–")"
    case .timeZoneSet(let zone, let previous): detail = "\(previous ?? "–") → \(zone ?? "–")"
    case .datafileSet(let datafile, let locale, _, _, let replaced):
      detail = "\(locale) rev \(datafile.revision)\(replaced ? " (replaced)" : "")"
    case .error(let diagnostic): detail = diagnostic.code
    case .change: break
    }
    return EngineEventInfo(
      type: event.type.rawValue, source: event.source?.rawValue, version: event.version,
      detail: detail)
  }
}
