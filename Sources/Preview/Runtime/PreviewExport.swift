import Foundation

/// The diagnostics and events as JSON (`--export FILE`, or `X` in the previewer): what a bug
/// report or a script needs, without copying text off the screen.
public enum PreviewExport {
  /// The default file `X` writes when no `--export FILE` was given.
  public static let defaultFile = "messagevisor-preview-export.json"

  /// `{"diagnostics": [...], "events": [...]}`, oldest first, keys sorted, dates in ISO 8601.
  public static func json(_ state: PreviewState) -> Data {
    let iso = ISO8601DateFormatter()
    let diagnostics: [[String: Any]] = state.diagnostics.entries.map { entry in
      var item: [String: Any] = [
        "id": entry.id, "level": entry.level.rawValue, "code": entry.code,
        "message": entry.message, "count": entry.count,
        "details": Dictionary(entry.details.map { ($0.key, $0.value) }) { _, last in last },
      ]
      if let module = entry.module { item["module"] = module }
      if let error = entry.originalError { item["originalError"] = error }
      return item
    }
    let events: [[String: Any]] = state.events.entries.map { event in
      [
        "id": event.id, "at": iso.string(from: event.at), "line": event.line,
        "repeats": event.repeats,
      ]
    }
    let object: [String: Any] = [
      "locale": state.content?.locale ?? "", "diagnostics": diagnostics, "events": events,
    ]
    return
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
  }

  /// Writes the export to `path`; returns a one-line report, or why it failed.
  public static func write(_ state: PreviewState, to path: String) -> String {
    do {
      try json(state).write(to: URL(fileURLWithPath: path), options: .atomic)
      return
        "exported \(state.diagnostics.entries.count) diagnostics and \(state.events.entries.count) events to \(path)"
    } catch {
      return "cannot export to \(path): \(error.localizedDescription)"
    }
  }
}
