import Foundation
import Messagevisor

/// The plan as the `import` command shows it: text (each change as `file:line:column old → new`)
/// or JSON (upstream's summary fields plus every change, error and warning with positions).
extension ImportPlan {
  /// A text report; `applied` says whether the files were written.
  public func text(input: String, applied: Bool) -> String {
    var lines: [String] = []
    lines.append(
      applied
        ? "Imported \(input): wrote \(files.count) file(s)"
        : "Import preview of \(input) (nothing written\(canApply ? "; pass --apply to write" : ""))"
    )
    for change in changes {
      let key = change.messageKey + (change.overrideKey.map { ":\($0)" } ?? "")
      let old = change.old.map(Self.quoted) ?? "(none)"
      let new = change.new.map(Self.quoted) ?? "(removed)"
      var line =
        "  \(change.location) \(key) \(change.locale) [\(change.kind.rawValue)]: \(old) → \(new)"
      if change.reviewReset { line += " (reviewed → translated)" }
      line += change.row > 0 ? " (row \(change.row))" : " (line \(change.line))"
      lines.append(line)
    }
    if !errors.isEmpty {
      lines.append("Errors (nothing is written while there is one):")
      lines += errors.map { "  error: \($0.description)" }
    }
    if !warnings.isEmpty {
      lines.append("Warnings:")
      lines += warnings.map { "  warning: \($0.description)" }
    }
    let s = summary
    lines.append(
      "Summary: rows \(s.rows), changed messages \(s.changedMessages), changed translations \(s.changedTranslations), pruned \(s.pruned), skipped rows \(s.skippedRows), warnings \(s.warnings), errors \(s.errors)"
    )
    return lines.joined(separator: "\n")
  }

  /// The JSON report.
  public func json(applied: Bool, pretty: Bool = false) -> String {
    func problem(_ error: ExchangeError) -> MessagevisorValue {
      [
        "filePath": .string(error.file), "line": .int(error.line),
        "column": .int(error.column), "row": .int(error.row),
        "message": .string(error.message),
      ]
    }
    let s = summary
    let counts: [String: MessagevisorValue] = [
      "rows": .int(s.rows), "changedMessages": .int(s.changedMessages),
      "changedTranslations": .int(s.changedTranslations), "pruned": .int(s.pruned),
      "skippedRows": .int(s.skippedRows), "warnings": .int(s.warnings), "errors": .int(s.errors),
    ]
    func optional(_ text: String?) -> MessagevisorValue { text.map { .string($0) } ?? .null }
    func entry(_ change: ImportChange) -> MessagevisorValue {
      var object: [String: MessagevisorValue] = [:]
      object["kind"] = .string(change.kind.rawValue)
      object["set"] = optional(change.set)
      object["messageKey"] = .string(change.messageKey)
      object["overrideKey"] = optional(change.overrideKey)
      object["locale"] = .string(change.locale)
      object["filePath"] = .string(change.location.file)
      object["line"] = .int(change.location.line)
      object["column"] = .int(change.location.column)
      object["old"] = optional(change.old)
      object["new"] = optional(change.new)
      object["reviewReset"] = .bool(change.reviewReset)
      object["row"] = .int(change.row)
      object["inputLine"] = .int(change.line)
      object["inputColumn"] = .int(change.column)
      return .object(object)
    }
    let value: MessagevisorValue = .object([
      "applied": .bool(applied), "summary": .object(counts),
      "changes": .array(changes.map(entry)), "errors": .array(errors.map(problem)),
      "warnings": .array(warnings.map(problem)),
    ])
    return JSONText.encode(value, pretty: pretty)
  }

  /// A text in double quotes with line breaks and tabs visible.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\""
      )
      .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
      .replacingOccurrences(of: "\t", with: "\\t") + "\""
  }
}
