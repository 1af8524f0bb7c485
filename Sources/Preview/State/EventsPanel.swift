/// The events log's part of the state: the events kept, the scroll and the selected row.
public struct EventsPanel: Sendable, Equatable {
  /// Events, oldest first, bounded by ``PreviewState/eventsLimit``.
  public var entries: [EventEntry] = []
  /// The next event id.
  public var nextID: Int = 1
  /// The scroll offset of the log (rows from the newest).
  public var scroll: Int = 0
  /// The selected row (index from the newest), set by a click or a search match; `y` copies it
  /// (else the top row).
  public var selection: Int?

  /// Creates an empty log.
  public init() {}
}
