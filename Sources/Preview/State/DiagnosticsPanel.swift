/// The diagnostics panel's part of the state: the diagnostics kept, how they are filtered and
/// the selected row.
public struct DiagnosticsPanel: Sendable, Equatable {
  /// Diagnostics, oldest first, bounded by ``PreviewState/diagnosticsLimit``.
  public var entries: [DiagnosticEntry] = []
  /// The next diagnostic id.
  public var nextID: Int = 1
  /// Finds a repeat of a new diagnostic among ``entries`` by its signature.
  var index = DiagnosticIndex()
  /// Only diagnostics at least this severe are listed (`nil`: all).
  public var filter: DiagnosticLevel?
  /// Whether DEBUG rows are hidden from the list (`h`).
  public var hideDebug = false
  /// The selected row (index into ``visible``, newest first).
  public var selection: Int = 0
  /// Whether the selected diagnostic shows its details.
  public var expanded: Bool = false

  /// Creates an empty panel.
  public init() {}

  /// The diagnostics the filter lets through, newest first.
  public var visible: [DiagnosticEntry] {
    entries.reversed().filter { entry in
      if hideDebug && entry.level == .debug { return false }
      guard let filter else { return true }
      return entry.level <= filter
    }
  }
}
