import Foundation

/// One line of the events log: an engine event, an OTA revision or a check result.
public struct EventEntry: Sendable, Equatable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// An engine event: its type, the source event for `change`, and the snapshot version.
    case engine(type: String, source: String?, version: Int)
    /// The OTA client emitted a revision (every emission means "rebind", even when it repeats).
    case otaRevision(Int)
    /// An OTA check finished.
    case check(CheckOutcome)
    /// The project's sources were reloaded (datafiles, screens, attributes).
    case sources(String)
    /// The translation editor wrote a file (a save or an undo); the text says what.
    case edit(String)
  }

  /// A sequence number.
  public var id: Int
  /// What happened.
  public var kind: Kind
  /// Extra text (e.g. `en-US → nl-NL`).
  public var detail: String
  /// When it (last) arrived.
  public var at: Date
  /// How many times in a row it arrived (repeated periodic "no change" checks are folded).
  public var repeats: Int = 1

  /// Creates an entry.
  public init(id: Int, kind: Kind, detail: String = "", at: Date) {
    self.id = id
    self.kind = kind
    self.detail = detail
    self.at = at
  }

  /// The log line without the time, e.g. `#41 change ← locale_set v7  en-US → nl-NL`.
  public var line: String {
    switch kind {
    case .engine(let type, let source, let version):
      let head = source.map { "\(type) ← \($0)" } ?? type
      return "#\(id) \(head) v\(version)" + (detail.isEmpty ? "" : "  \(detail)")
    case .otaRevision(let revision):
      return "#\(id) OTA revision \(revision)" + (detail.isEmpty ? "" : "  \(detail)")
    case .sources(let what), .edit(let what):
      return "#\(id) \(what)"
    case .check(let outcome):
      let times = repeats > 1 ? " ×\(repeats)" : ""
      return
        "#\(id) OTA check (\(outcome.trigger)) \(outcome.summary)\(times)"
    }
  }
}
