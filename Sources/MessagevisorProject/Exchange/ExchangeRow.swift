/// One row of an export: a message, or one of its overrides (keyed `key:override`), with the
/// text and status of each exported locale.
public struct ExchangeRow: Sendable, Equatable {
  /// The set the message belongs to (projects with sets only).
  public var set: String?
  /// The message key.
  public var messageKey: String
  /// The override key, for an override row.
  public var overrideKey: String?
  /// The override's index in the message's `overrides`, for an override row.
  public var overrideIndex: Int?
  /// The message's (or override's) `description`, empty when it has none.
  public var description: String
  /// The message file (relative to the project root).
  public var file: String
  /// The cells by locale.
  public var cells: [String: ExchangeCell]

  /// Creates a row.
  public init(
    set: String?, messageKey: String, overrideKey: String? = nil, overrideIndex: Int? = nil,
    description: String, file: String, cells: [String: ExchangeCell]
  ) {
    self.set = set
    self.messageKey = messageKey
    self.overrideKey = overrideKey
    self.overrideIndex = overrideIndex
    self.description = description
    self.file = file
    self.cells = cells
  }

  /// The row's key as exported: `key`, or `key<separator>override` for an override row.
  public func exportKey(separator: String) -> String {
    overrideKey.map { messageKey + separator + $0 } ?? messageKey
  }

  /// Which translation of the message file the row's cells are.
  public func path(locale: String) -> TranslationPath {
    TranslationPath(owner: overrideIndex.map { .override($0) } ?? .message, locale: locale)
  }
}
