import Messagevisor

extension ReadinessReport {
  /// The report as JSON with sorted keys (stable across runs): `{passed, summary, locales,
  /// failures, entries}`. A row has upstream's `resolution`, `status`, `reviewed`, `stale` and
  /// `issues`, plus `messageKey`, `overrideKey`, `locale`, `inheritedFrom`, `set`,
  /// `sourceLocale` and `filePath`/`line`/`column`; a failure has `code`, `message`, `count`,
  /// `limit` and the `entries` at fault (their keys, locale and position).
  public func json(pretty: Bool = false) -> String {
    JSONText.encode(jsonValue, pretty: pretty)
  }

  /// The value ``json(pretty:)`` encodes.
  public var jsonValue: MessagevisorValue {
    .object([
      "passed": .bool(passed),
      "summary": Self.value(summary),
      "locales": .array(
        localeSummaries.map { item in
          var object = Self.value(item.summary).objectValue ?? [:]
          object["locale"] = .string(item.locale)
          return .object(object)
        }),
      "failures": .array(
        failures.map { failure in
          .object([
            "code": .string(failure.code), "message": .string(failure.message),
            "count": .int(failure.entries.count),
            "limit": .int(failure.limit),
            "entries": .array(failure.entries.map { Self.reference($0) }),
          ])
        }),
      "entries": .array(entries.map(Self.value)),
    ])
  }

  static func value(_ summary: ReadinessSummary) -> MessagevisorValue {
    .object([
      "direct": .int(summary.direct), "inherited": .int(summary.inherited),
      "missing": .int(summary.missing), "reviewed": .int(summary.reviewed),
      "unreviewed": .int(summary.unreviewed), "stale": .int(summary.stale),
      "missingSource": .int(summary.missingSource),
      "total": .int(summary.total),
    ])
  }

  static func reference(_ entry: ReadinessEntry) -> MessagevisorValue {
    var object: [String: MessagevisorValue] = [
      "messageKey": .string(entry.messageKey), "locale": .string(entry.locale),
      "filePath": .string(entry.location.file), "line": .int(entry.location.line),
      "column": .int(entry.location.column),
    ]
    if let key = entry.overrideKey { object["overrideKey"] = .string(key) }
    if let set = entry.set { object["set"] = .string(set) }
    return .object(object)
  }

  static func value(_ entry: ReadinessEntry) -> MessagevisorValue {
    var object = reference(entry).objectValue ?? [:]
    object["resolution"] = .string(entry.resolution.rawValue)
    object["status"] = .string(entry.status.rawValue)
    object["reviewed"] = .bool(entry.reviewed)
    object["stale"] = .bool(entry.stale)
    object["sourceLocale"] = .bool(entry.isSourceLocale)
    object["issues"] = .array(entry.issues.map(MessagevisorValue.string))
    if let from = entry.inheritedFrom { object["inheritedFrom"] = .string(from) }
    return .object(object)
  }

  /// The report for a terminal: a line of counts per locale, each failed gate with its rows
  /// (`file:line:column  key  locale  why`), then the summary and the verdict. `verbose` also
  /// lists every row with an issue that no gate failed on.
  public func text(verbose: Bool = false) -> String {
    var lines: [String] = []
    var sets: [String?] = []
    for entry in entries where !sets.contains(entry.set) { sets.append(entry.set) }
    for set in sets {
      let part = ReadinessReport(entries: entries.filter { $0.set == set }, gates: gates)
      if let set {
        if !lines.isEmpty { lines.append("") }
        lines.append("Set \(set)")
      }
      let locales = part.localeSummaries
      let width = locales.map(\.locale.count).max() ?? 0
      for (locale, counts) in locales {
        lines.append(
          "\(locale.padding(toLength: width, withPad: " ", startingAt: 0))  "
            + Self.counts(counts))
      }
    }
    for failure in failures {
      lines.append("")
      lines.append("FAIL \(failure.code): \(failure.message)")
      for entry in failure.entries { lines.append("  " + Self.line(entry)) }
    }
    if verbose {
      let blocked = Set(failures.flatMap(\.entries).map(Self.identity))
      var rest: [String] = []
      for entry in entries
      where !entry.issues.isEmpty && !blocked.contains(Self.identity(entry)) {
        rest.append("  " + Self.line(entry))
      }
      if !rest.isEmpty {
        lines.append("")
        lines.append("Other issues:")
        lines += rest
      }
    }
    lines.append("")
    lines.append("Summary: " + Self.counts(summary))
    lines.append(
      passed
        ? "Ready: every gate passed"
        : "Not ready: \(failures.map(\.code).joined(separator: ", "))")
    return lines.joined(separator: "\n")
  }

  static func identity(_ entry: ReadinessEntry) -> String {
    "\(entry.set ?? "")\u{1}\(entry.displayKey)\u{1}\(entry.locale)"
  }

  static func counts(_ summary: ReadinessSummary) -> String {
    "direct \(summary.direct) · inherited \(summary.inherited) · missing \(summary.missing) · "
      + "reviewed \(summary.reviewed) · unreviewed \(summary.unreviewed) · stale \(summary.stale) · "
      + "missingSource \(summary.missingSource)"
  }

  static func line(_ entry: ReadinessEntry) -> String {
    var why: [String] = [
      entry.inheritedFrom.map { "inherited from \($0)" } ?? entry.resolution.rawValue
    ]
    if entry.resolution != .missing { why.append(entry.stale ? "stale" : entry.status.rawValue) }
    let set = entry.set.map { "[\($0)] " } ?? ""
    return "\(entry.location)  \(set)\(entry.displayKey)  \(entry.locale)  "
      + why.joined(separator: ", ")
      + (entry.issues.isEmpty ? "" : "  (\(entry.issues.joined(separator: ", ")))")
  }
}
