/// The counts of an import (upstream's summary fields).
public struct ImportSummary: Sendable, Equatable {
  /// Data rows read (CSV rows after the header; XLIFF units).
  public var rows = 0
  /// Messages with at least one changed translation.
  public var changedMessages = 0
  /// Translations changed, added or deleted.
  public var changedTranslations = 0
  /// Translations removed by `--prune`.
  public var pruned = 0
  /// Rows that change nothing (same text, an inherited text left alone, skipped empty cells).
  public var skippedRows = 0
  /// Warnings (not blocking).
  public var warnings = 0
  /// Errors (any error blocks the whole import).
  public var errors = 0

  /// Creates an empty summary.
  public init() {}
}
