import Messagevisor
import MessagevisorProject
import TerminalUI

/// The detail view's text: a ``MessageDetail`` as styled lines (the view scrolls and clips them).
enum MessageDetailLines {
  /// One line: indentation, text and style.
  struct Line: Equatable {
    var indent: Int
    var text: String
    var style: CellStyle
  }

  /// The review state in words: `reviewed`, `reviewed · stale (the source changed since)`,
  /// `translated (not reviewed)`, `no review state`.
  static func reviewLabel(_ review: TranslationReview) -> String {
    guard let state = review.state else { return "no review state (R marks it reviewed)" }
    var text = state.status.rawValue
    if state.status != .reviewed { text += " (not reviewed; R marks it reviewed)" }
    if review.isStale { text += " · stale: the source text changed since the review" }
    if review.targetChanged { text += " · the translation changed since the review" }
    return text
  }

  /// The lines of `detail`; with `lintPending` (lint still running) the lint section says so.
  static func lines(_ detail: MessageDetail, compareLocale: String?, lintPending: Bool = false)
    -> [Line]
  {
    var lines: [Line] = []
    func add(_ text: String, _ style: CellStyle = PreviewTheme.primary, indent: Int = 0) {
      lines.append(Line(indent: indent, text: text, style: style))
    }
    let entry = detail.entry
    add(entry.key, PreviewTheme.title)
    if let file = detail.file { add(file, PreviewTheme.muted) }
    add("")
    add("\(detail.locale) · \(entry.origin.label)", PreviewTheme.secondary)
    if let location = entry.location { add(location.description, PreviewTheme.muted, indent: 2) }
    add(
      entry.text ?? "(missing: the engine returns the key)",
      entry.text == nil ? PreviewTheme.error : PreviewTheme.primary, indent: 2)
    if let review = entry.review {
      add("review: " + reviewLabel(review), PreviewTheme.secondary, indent: 2)
    }
    if let compareLocale {
      add("\(compareLocale) · \(entry.compareOrigin?.label ?? "—")", PreviewTheme.secondary)
      add(
        entry.compareText ?? "(missing)",
        entry.compareText == nil ? PreviewTheme.error : PreviewTheme.primary, indent: 2)
    }
    let flags = entry.flags.words
    if !flags.isEmpty { add("flags: " + flags.joined(separator: ", "), PreviewTheme.notice) }
    if entry.flags.contains(.deprecated) {
      add("deprecated: " + (detail.deprecationWarning ?? "(no note)"), PreviewTheme.notice)
    }
    if lintPending {
      add("")
      add(PreviewView.lintRunning, PreviewTheme.muted)
    }
    if !entry.lint.isEmpty {
      add("")
      add("Lint (\(entry.lint.count))", PreviewTheme.panelTitle)
      for finding in entry.lint {
        let style = finding.level == .error ? PreviewTheme.error : PreviewTheme.notice
        add("\(finding.level.rawValue) \(finding.code)", style, indent: 2)
        add(finding.message, PreviewTheme.primary, indent: 4)
        add("\(finding.filePath):\(finding.line):\(finding.column)", PreviewTheme.muted, indent: 4)
      }
    }

    add("")
    if detail.overrides.isEmpty {
      add("Overrides: none", PreviewTheme.panelTitle)
    } else {
      add("Overrides (first match wins)", PreviewTheme.panelTitle)
    }
    for override in detail.overrides {
      let verdict =
        override.chosen
        ? "✓ matched · used" : override.matched ? "✓ matched · an earlier one won" : "✗ no match"
      add(
        "\(override.key)  \(verdict)", override.matched ? PreviewTheme.success : PreviewTheme.error,
        indent: 2)
      add(override.translation, PreviewTheme.secondary, indent: 4)
      if let conditions = override.conditions {
        add("conditions", PreviewTheme.muted, indent: 4)
        explanationLines(conditions, indent: 6, into: &lines)
      }
      if let segments = override.segments {
        add("segments", PreviewTheme.muted, indent: 4)
        explanationLines(segments, indent: 6, into: &lines)
      }
    }

    add("")
    if let error = detail.icuError {
      add("ICU error: \(error)", PreviewTheme.error)
    } else if detail.arguments.isEmpty {
      add("ICU arguments: none", PreviewTheme.panelTitle)
    } else {
      add("ICU arguments", PreviewTheme.panelTitle)
      for argument in detail.arguments { add("{\(argument.name)}  \(argument.kind)", indent: 2) }
    }

    add("")
    add(
      detail.examples.isEmpty
        ? "Examples: none in the project" : "Examples (\(detail.examples.count))",
      PreviewTheme.panelTitle)
    for example in detail.examples {
      var head = example.locale ?? "any locale"
      if let description = example.description { head += " · " + description }
      add(head, PreviewTheme.primary, indent: 2)
      if !example.values.isEmpty {
        add("values " + render(.object(example.values)), PreviewTheme.secondary, indent: 4)
      }
      if !example.context.isEmpty {
        add("context " + render(.object(example.context)), PreviewTheme.secondary, indent: 4)
      }
    }
    return lines
  }

  /// An explanation tree, one node per line: `✓`/`✗`, what the node tests, and for predicates
  /// the value the context had.
  static func explanationLines(_ node: ConditionExplanation, indent: Int, into lines: inout [Line])
  {
    let mark = node.matched ? "✓ " : "✗ "
    let style = node.matched ? PreviewTheme.success : PreviewTheme.error
    var text: String
    switch node.node {
    case .all: text = "* (always)"
    case .list: text = "all of"
    case .and: text = "and"
    case .or: text = "or"
    case .not: text = "not (all of)"
    case .segment(let key): text = "segment \(key)"
    case .invalidJSON(let json): text = "unparsable \(json)"
    case .tooDeep: text = "nested too deep"
    case .predicate(let predicate): text = describe(predicate, actual: node.actual)
    }
    if let note = node.note { text += " (\(note))" }
    lines.append(Line(indent: indent, text: mark + text, style: style))
    for child in node.children { explanationLines(child, indent: indent + 2, into: &lines) }
  }

  /// `plan equals "pro" · context: "free"`.
  static func describe(_ predicate: ConditionPredicate, actual: MessagevisorValue?) -> String {
    if let attribute = predicate.attribute {
      var text = "\(attribute) \(predicate.operator.rawValue)"
      if let value = predicate.value { text += " " + render(value) }
      if let flags = predicate.regexFlags, !flags.isEmpty { text += " /\(flags)" }
      return text + " · context: " + (actual.map(render) ?? "missing")
    }
    if let feature = predicate.feature {
      let on = actual?.boolValue ?? false
      return "feature \(feature) \(predicate.operator.rawValue) · flag: \(on ? "on" : "off")"
    }
    if let experiment = predicate.experiment {
      return "experiment \(experiment) hasVariation "
        + (predicate.value.map(render) ?? "?") + " · variation: " + (actual.map(render) ?? "none")
    }
    return predicate.operator.rawValue
  }

  /// A value as JSON-like text (strings quoted).
  static func render(_ value: MessagevisorValue) -> String {
    switch value {
    case .string(let s): return "\"\(s)\""
    case .bool(let b): return b ? "true" : "false"
    case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
    case .object(let object):
      return "{"
        + object.keys.sorted().map { "\($0): \(render(object[$0] ?? .null))" }.joined(
          separator: ", ") + "}"
    default: return PreviewContent.display(value)
    }
  }
}
