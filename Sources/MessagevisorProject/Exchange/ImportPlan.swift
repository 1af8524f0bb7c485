import Foundation

/// What an import would do: every change with its place in the project and in the input, the
/// problems found, and the new bytes of each message file (already spliced and verified).
///
/// Nothing is half-applied: a plan with any error cannot be applied at all, and ``apply()``
/// writes every file atomically, putting back the files already written when a later one fails
/// (for example because it changed on disk since it was read).
public struct ImportPlan: Sendable {
  /// The counts.
  public var summary = ImportSummary()
  /// The changes, in input order.
  public var changes: [ImportChange] = []
  /// Problems that block the import (bad rows, invalid texts, unknown keys).
  public var errors: [ExchangeError] = []
  /// Problems that do not block it.
  public var warnings: [ExchangeError] = []
  /// Per message file (absolute path): the bytes read and the bytes to write.
  var edits: [(snapshot: FileSnapshot, bytes: [UInt8])] = []
  /// New message files (`--create-missing`): absolute path and bytes.
  var creations: [(path: String, bytes: [UInt8])] = []

  /// Creates an empty plan.
  public init() {}

  /// Whether ``apply()`` may run (no error).
  public var canApply: Bool { errors.isEmpty }

  /// The files the import writes (absolute paths).
  public var files: [String] { edits.map(\.snapshot.path) + creations.map(\.path) }

  /// Writes every changed file. Returns the writes.
  /// - Throws: ``ExchangeError`` when the plan has errors (nothing is written) or a write fails
  ///   (the files written before it are put back).
  @discardableResult
  public func apply() throws(ExchangeError) -> [SavedFileChange] {
    guard canApply else {
      throw ExchangeError(
        file: errors.first?.file ?? "<import>",
        message: "the import has \(errors.count) error(s); nothing was written")
    }
    var written: [SavedFileChange] = []
    var created: [String] = []
    func putBack() -> Bool {
      var restored = true
      for change in written.reversed() {
        do { try AtomicFileWriter.undo(change) } catch { restored = false }
      }
      for path in created.reversed() where unlink(path) != 0 { restored = false }
      return restored
    }
    for creation in creations {
      do throws(MessageEditError) {
        try AtomicFileWriter.create(creation.bytes, at: creation.path)
        created.append(creation.path)
      } catch {
        let restored = putBack()
        throw ExchangeError(
          file: creation.path,
          message: error.description
            + (restored
              ? "; the files written before it were put back"
              : "; some files written before it could not be put back"))
      }
    }
    for edit in edits {
      do throws(MessageEditError) {
        written.append(try AtomicFileWriter.write(edit.bytes, replacing: edit.snapshot))
      } catch {
        let restored = putBack()
        throw ExchangeError(
          file: edit.snapshot.path,
          message: error.description
            + (restored
              ? "; the files written before it were put back"
              : "; some files written before it could not be put back"))
      }
    }
    return written
  }
}
