/// The `/` search of the previewer: one query for the view on display, typed in the status bar.
public struct SearchState: Sendable, Equatable {
  /// The query being typed (or kept), with its cursor.
  public var editor = LineEditor()
  /// Whether `/` is taking keys for the query.
  public var editing: Bool = false

  /// Creates an empty search.
  public init() {}

  /// The text searched for (case- and diacritic-insensitive).
  public var query: String { editor.text }
}
