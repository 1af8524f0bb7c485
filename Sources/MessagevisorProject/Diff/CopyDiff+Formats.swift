import Messagevisor
import TerminalSafety

extension CopyDiff {
  /// The output formats of `diff`.
  public enum Format: String, Sendable, CaseIterable {
    /// Lines for a terminal (every text neutralized and quoted).
    case terminal
    /// Markdown for a pull-request comment.
    case markdown
    /// JSON: `{from, to, resolved, notes, summary, changes}`.
    case json
  }

  /// The one-line summary: `2 messages changed · 1 added, 3 modified translations · …`.
  public var summaryLine: String {
    let summary = summary
    guard !changes.isEmpty else { return "No copy changes." }
    func count(_ number: Int, _ singular: String, _ plural: String) -> String {
      "\(number) \(number == 1 ? singular : plural)"
    }
    func distinct(_ key: (CopyChange) -> String?) -> Int {
      Set(changes.compactMap { change in key(change).map { (change.set ?? "") + "\u{0}" + $0 } })
        .count
    }
    let messages = distinct(\.messageKey)
    let segments = distinct(\.segmentKey)
    var changed: [String] = []
    if messages > 0 { changed.append(count(messages, "message", "messages")) }
    if segments > 0 { changed.append(count(segments, "segment", "segments")) }
    var parts = [changed.joined(separator: ", ") + " changed"]
    if summary.messagesAdded + summary.messagesRemoved > 0 {
      var messages: [String] = []
      if summary.messagesAdded > 0 { messages.append("\(summary.messagesAdded) new") }
      if summary.messagesRemoved > 0 { messages.append("\(summary.messagesRemoved) deleted") }
      parts.append(
        messages.joined(separator: ", ") + " message"
          + (summary.messagesAdded + summary.messagesRemoved == 1 ? "" : "s"))
    }
    var translations: [String] = []
    if summary.added > 0 { translations.append("\(summary.added) added") }
    if summary.removed > 0 { translations.append("\(summary.removed) removed") }
    if summary.modified > 0 { translations.append("\(summary.modified) modified") }
    if !translations.isEmpty {
      let total = summary.added + summary.removed + summary.modified
      parts.append(
        translations.joined(separator: ", ") + (total == 1 ? " translation" : " translations"))
    }
    if summary.stateChanges > 0 {
      parts.append(count(summary.stateChanges, "workflow-state change", "workflow-state changes"))
    }
    if summary.routingChanges > 0 {
      parts.append(count(summary.routingChanges, "routing change", "routing changes"))
    }
    return parts.joined(separator: " · ")
  }

  /// The diff in `format`.
  public func rendered(_ format: Format, pretty: Bool = true) -> String {
    switch format {
    case .terminal: return terminalText()
    case .markdown: return markdown()
    case .json: return json(pretty: pretty)
    }
  }

  /// The changes grouped by set and entity, in order.
  var groups: [(set: String?, entity: String, changes: [CopyChange])] {
    var result: [(set: String?, entity: String, changes: [CopyChange])] = []
    for change in changes {
      if let last = result.last, last.set == change.set, last.entity == change.entityLabel {
        result[result.count - 1].changes.append(change)
      } else {
        result.append((change.set, change.entityLabel, [change]))
      }
    }
    return result
  }

  /// `override KEY · ` or nothing.
  static func ownerPrefix(_ change: CopyChange) -> String {
    change.overrideKey.map { "override \($0) · " } ?? ""
  }

  /// What a change says, without its text values (`override pro added`, `conditions of override
  /// pro changed`, …), for routing and message-level changes.
  static func headline(_ change: CopyChange) -> String {
    let override = change.overrideKey ?? ""
    switch change.kind {
    case .messageAdded: return "new message"
    case .messageRemoved: return "message deleted"
    case .overrideAdded: return "override \(override) added"
    case .overrideRemoved: return "override \(override) removed"
    case .overridesReordered: return "overrides reordered"
    case .conditionsChanged: return "conditions of override \(override) changed"
    case .segmentsChanged: return "segments of override \(override) changed"
    case .segmentAdded: return "new segment"
    case .segmentRemoved: return "segment deleted"
    case .segmentChanged: return "segment conditions changed"
    case .stateChanged:
      return ownerPrefix(change) + "workflow state \(change.locale ?? "")"
    case .added, .removed, .modified:
      return ownerPrefix(change) + (change.locale ?? "")
    }
  }

  /// `nl-NL (from nl)` when a resolved text is inherited.
  static func sourceNote(_ locale: String?, _ source: String?) -> String {
    guard let locale, let source, source != locale else { return "" }
    return " (from \(source))"
  }

  // MARK: Terminal

  /// Lines for a terminal: every value from the project quoted with hidden characters spelt out
  /// (`SafeText.quoted`), so a translation can neither emit an escape sequence nor hide a bidi
  /// control from the reviewer.
  public func terminalText() -> String {
    var lines = ["Copy changes \(from) → \(to)" + (resolved ? " (resolved after inheritance)" : "")]
    for note in notes { lines.append("note: \(note)") }
    var currentSet: String?? = .none
    for group in groups {
      if group.set != nil, currentSet != .some(group.set) {
        lines.append("")
        lines.append("Set \(group.set ?? "")")
        currentSet = .some(group.set)
      }
      lines.append("")
      lines.append(SafeText.neutralized(group.entity))
      for change in group.changes { lines.append("  " + Self.terminalLine(change)) }
    }
    lines.append("")
    lines.append(summaryLine)
    return lines.joined(separator: "\n")
  }

  static func terminalLine(_ change: CopyChange) -> String {
    let quoted = { (text: String?) in text.map(SafeText.quoted) ?? "(none)" }
    let newWhere = change.afterLocation.map { "  \($0)" } ?? ""
    let oldWhere = change.beforeLocation.map { "  (was \($0))" } ?? ""
    let label = SafeText.neutralized(headline(change))
    switch change.kind {
    case .modified:
      return
        "~ \(label): \(quoted(change.before))\(sourceNote(change.locale, change.beforeSourceLocale)) → "
        + "\(quoted(change.after))\(sourceNote(change.locale, change.afterSourceLocale))\(newWhere)"
    case .added:
      return
        "+ \(label): \(quoted(change.after))\(sourceNote(change.locale, change.afterSourceLocale))\(newWhere)"
    case .removed:
      return
        "- \(label): \(quoted(change.before))\(sourceNote(change.locale, change.beforeSourceLocale))\(oldWhere)"
    case .stateChanged:
      return
        "* \(label): \(change.before ?? "untracked") → \(change.after ?? "untracked")\(newWhere)"
    case .messageAdded, .segmentAdded, .overrideAdded:
      return "+ \(label)" + (change.after.map { " " + SafeText.neutralized($0) } ?? "") + newWhere
    case .messageRemoved, .segmentRemoved, .overrideRemoved:
      return "- \(label)" + (change.before.map { " " + SafeText.neutralized($0) } ?? "") + oldWhere
    case .overridesReordered, .conditionsChanged, .segmentsChanged, .segmentChanged:
      return "↕ \(label): \(SafeText.neutralized(change.before ?? "(none)")) → "
        + "\(SafeText.neutralized(change.after ?? "(none)"))\(newWhere)"
    }
  }

  // MARK: Markdown

  /// `text` as a Markdown code span that shows it literally, also inside a table: a fence longer
  /// than any run of backticks in it, pipes escaped, hidden characters and line breaks shown as
  /// symbols (`SafeText.neutralized`).
  static func codeSpan(_ text: String) -> String {
    let visible = SafeText.neutralized(text).replacingOccurrences(of: "|", with: "\\|")
    var longest = 0
    var run = 0
    for character in visible {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded =
      visible.hasPrefix("`") || visible.hasSuffix("`") || visible.isEmpty
      ? " \(visible) " : visible
    return fence + padded + fence
  }

  /// Markdown shaped for a pull-request comment: a heading, the summary line, then per message a
  /// table of its translation changes and a list of its state and routing changes.
  public func markdown() -> String {
    var lines = [
      "### Copy changes: \(Self.codeSpan(from)) → \(Self.codeSpan(to))"
        + (resolved ? " (resolved after inheritance)" : ""),
      "",
      "**\(summaryLine)**",
    ]
    for note in notes { lines += ["", "> " + SafeText.neutralized(note)] }
    for group in groups {
      lines.append("")
      var title =
        "#### "
        + (group.entity.hasPrefix("segment ")
          ? "segment " + Self.codeSpan(String(group.entity.dropFirst(8)))
          : Self.codeSpan(group.entity))
      if let set = group.set { title += " · set " + Self.codeSpan(set) }
      lines.append(title)
      let translations = group.changes.filter(\.kind.isTranslation)
      let others = group.changes.filter { !$0.kind.isTranslation }
      if !translations.isEmpty {
        lines.append("")
        lines.append("| | translation | before | after | where |")
        lines.append("|---|---|---|---|---|")
        for change in translations {
          let symbol = change.kind == .added ? "➕" : change.kind == .removed ? "➖" : "✏️"
          let place =
            (change.afterLocation ?? change.beforeLocation).map { Self.codeSpan($0.description) }
            ?? ""
          let before =
            change.before.map(Self.codeSpan).map {
              $0 + Self.sourceNote(change.locale, change.beforeSourceLocale)
            } ?? ""
          let after =
            change.after.map(Self.codeSpan).map {
              $0 + Self.sourceNote(change.locale, change.afterSourceLocale)
            } ?? ""
          let owner = change.overrideKey.map { "override " + Self.codeSpan($0) + " · " } ?? ""
          lines.append(
            "| \(symbol) | \(owner)\(Self.codeSpan(change.locale ?? "")) | \(before) | \(after) | \(place) |"
          )
        }
      }
      if !others.isEmpty {
        lines.append("")
        for change in others { lines.append("- " + Self.markdownItem(change)) }
      }
    }
    return lines.joined(separator: "\n")
  }

  static func markdownItem(_ change: CopyChange) -> String {
    let place =
      (change.afterLocation ?? change.beforeLocation).map { " (" + codeSpan($0.description) + ")" }
      ?? ""
    let override = change.overrideKey.map(codeSpan) ?? ""
    switch change.kind {
    case .messageAdded: return "new message" + place
    case .messageRemoved: return "message deleted" + place
    case .segmentAdded: return "new segment: " + codeSpan(change.after ?? "") + place
    case .segmentRemoved: return "segment deleted" + place
    case .segmentChanged:
      return "segment conditions: " + codeSpan(change.before ?? "") + " → "
        + codeSpan(change.after ?? "") + place
    case .stateChanged:
      let owner = change.overrideKey.map { "override " + codeSpan($0) + " · " } ?? ""
      return owner + "workflow state " + codeSpan(change.locale ?? "") + ": "
        + codeSpan(change.before ?? "untracked") + " → " + codeSpan(change.after ?? "untracked")
        + place
    case .overrideAdded:
      return "override \(override) added: " + codeSpan(change.after ?? "") + place
    case .overrideRemoved:
      return "override \(override) removed: " + codeSpan(change.before ?? "") + place
    case .overridesReordered:
      return "overrides reordered (first match wins): " + codeSpan(change.before ?? "") + " → "
        + codeSpan(change.after ?? "") + place
    case .conditionsChanged:
      return "conditions of override \(override): " + codeSpan(change.before ?? "none") + " → "
        + codeSpan(change.after ?? "none") + place
    case .segmentsChanged:
      return "segments of override \(override): " + codeSpan(change.before ?? "none") + " → "
        + codeSpan(change.after ?? "none") + place
    case .added, .removed, .modified: return headline(change)
    }
  }

  // MARK: JSON

  /// `{from, to, resolved, notes, summary, changes: [{type, set, messageKey, overrideKey,
  /// segmentKey, locale, before, after, beforeLocation, afterLocation, …}]}`; locations are
  /// `{filePath, line, column}`.
  public func json(pretty: Bool = false) -> String {
    func text(_ value: String?) -> MessagevisorValue { value.map { .string($0) } ?? .null }
    func location(_ value: SourceLocation?) -> MessagevisorValue {
      guard let value else { return .null }
      return .object([
        "filePath": .string(value.file), "line": .int(value.line), "column": .int(value.column),
      ])
    }
    let summary = summary
    let items: [MessagevisorValue] = changes.map { change in
      var object: [String: MessagevisorValue] = [
        "type": .string(change.kind.rawValue), "set": text(change.set),
        "messageKey": text(change.messageKey), "overrideKey": text(change.overrideKey),
        "locale": text(change.locale), "before": text(change.before), "after": text(change.after),
        "beforeLocation": location(change.beforeLocation),
        "afterLocation": location(change.afterLocation),
        "routing": .bool(change.kind.isRouting),
      ]
      if let segmentKey = change.segmentKey { object["segmentKey"] = .string(segmentKey) }
      if resolved {
        object["beforeSourceLocale"] = text(change.beforeSourceLocale)
        object["afterSourceLocale"] = text(change.afterSourceLocale)
      }
      return .object(object)
    }
    let value: MessagevisorValue = .object([
      "from": .string(from), "to": .string(to), "resolved": .bool(resolved),
      "notes": .array(notes.map { .string($0) }),
      "summary": .object([
        "entities": .int(summary.entities), "messagesAdded": .int(summary.messagesAdded),
        "messagesRemoved": .int(summary.messagesRemoved), "added": .int(summary.added),
        "removed": .int(summary.removed), "modified": .int(summary.modified),
        "stateChanges": .int(summary.stateChanges), "routingChanges": .int(summary.routingChanges),
      ]),
      "changes": .array(items),
    ])
    return JSONText.encode(value, pretty: pretty)
  }
}
