import Foundation
import Messagevisor

extension PreviewSession {
  /// Translates every visible key in the active locale and records where each string came from.
  ///
  /// Origins come from the engine and the layers, not guesses: a `message_override_matched`
  /// diagnostic names the override; a `missing_translation`/`missing_datafile` diagnostic means the
  /// key itself was returned; otherwise the topmost layer holding the key's translation wins, and a
  /// string no layer holds came from the engine's default translations.
  public func resolveContent(lastSynced: Date?) -> PreviewContent {
    let snapshot = engine.getSnapshot()
    let locale = snapshot.locale ?? configuration.locale ?? "en-US"
    let stack = layers.withLock { $0 }
    let composed = applied.withLock { $0[locale] }
    let now = configuration.now()
    let synced = lastSynced ?? now
    var texts: [String: ResolvedText] = [:]

    func resolve(_ key: String, values: MessagevisorValues = [:]) -> ResolvedText {
      capture.withLock { $0 = [] }
      let text: String
      var failure: String?
      do {
        text = try engine.translate(key, values: values)
      } catch {
        text = key
        failure = "\(error)"
      }
      let seen = capture.withLock { captured -> [MessagevisorDiagnostic] in
        defer { captured = nil }
        return captured ?? []
      }
      let mine = seen.filter { $0.details["messageKey"]?.stringValue == key }
      let origin: TextOrigin
      if let override = mine.first(where: { $0.code == "message_override_matched" }) {
        origin = .override(key: override.details["overrideKey"]?.stringValue ?? "?")
      } else if mine.contains(where: {
        $0.code == "missing_translation" || $0.code == "missing_datafile"
      }) || failure != nil {
        origin = .fallbackToKey
      } else if let layer = stack.origin(of: key, locale: locale) {
        origin = layer
      } else {
        origin = .defaultTranslation
      }
      return ResolvedText(key: key, text: text, origin: origin)
    }

    for key in VisibleKeys.core { texts[key] = resolve(key) }

    // Extras: where the project (any layer except pure bundle/OTA) defines them, or the active
    // locale has them.
    // Lookups, not sets of every key: a project of 10,000 messages resolves in microseconds.
    let projectLayers = stack.bases.filter { $0.name.hasPrefix("project") }
    func defined(_ key: String) -> Bool {
      if composed?.translations[key] != nil || composed?.messages[key] != nil { return true }
      return projectLayers.contains { layer in
        layer.datafiles.values.contains { $0.translations[key] != nil || $0.messages[key] != nil }
      }
    }
    let context = snapshot.context
    let samples = configuration.sampleValues
    for key in VisibleKeys.extras where defined(key) {
      var values: MessagevisorValues = [:]
      switch key {
      case "welcome_last_synced_value": values["when"] = .date(synced)
      case "welcome_plan_summary": values["plan"] = context["plan"] ?? "free"
      case "welcome_price": values["price"] = .double(samples.price)
      case "welcome_new_stories": values["count"] = .int(samples.newStories)
      case "welcome_visit_ordinal": values["visit"] = .int(samples.visit)
      case "story_next_chapter": values["when"] = .date(samples.nextChapter)
      case "welcome_synced_ago":
        let minutes = (synced.timeIntervalSince(now) / 60).rounded()
        let ago =
          (try? engine.formatRelativeTime(
            minutes == 0 ? 0 : minutes, unit: .minute, preset: "ago")) ?? ""
        values["ago"] = .string(ago)
      case "story_topics":
        let items = VisibleKeys.storyTopics.map { (try? engine.translate($0)) ?? $0 }
        values["topics"] = .string((try? engine.formatList(items)) ?? items.joined(separator: ", "))
      default: break
      }
      texts[key] = resolve(key, values: values)
    }

    // A project without the demo's `welcome_last_synced_value` message still gets the sync time,
    // formatted by the engine in the active locale and time zone (medium date, short time).
    if texts["welcome_last_synced_value"] == nil {
      let date = (try? engine.formatDate(synced, formatOptions: ["dateStyle": "medium"])) ?? ""
      let time = (try? engine.formatTime(synced, formatOptions: ["timeStyle": "short"])) ?? ""
      texts["welcome_last_synced_value"] = ResolvedText(
        key: "welcome_last_synced_value",
        text: [date, time].filter { !$0.isEmpty }.joined(separator: " "),
        origin: .computed("formatDate + formatTime"))
    }

    let direction = (snapshot.direction ?? composed?.direction) == "rtl"
    return PreviewContent(
      locale: locale, isRightToLeft: direction, currency: snapshot.currency ?? "USD",
      timeZone: snapshot.timeZone ?? configuration.timeZone, context: snapshot.context,
      loadedLocales: ordered(snapshot.datafileLocales), version: snapshot.version, texts: texts)
  }

  /// Loaded locales in the configured order, the rest sorted after them.
  func ordered(_ locales: [String]) -> [String] {
    let order = configuration.localeOrder
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
