/// A write that ``AtomicFileWriter`` made: the file's bytes before and after, which is what undo
/// needs (``AtomicFileWriter/undo(_:)`` restores ``before`` only while the file is ``after``).
public struct SavedFileChange: Sendable, Equatable {
  /// The file written.
  public var path: String
  /// The bytes the file held before the write.
  public var before: [UInt8]
  /// The bytes the write left in the file.
  public var after: [UInt8]

  /// Records a write of `path` from `before` to `after`.
  public init(path: String, before: [UInt8], after: [UInt8]) {
    self.path = path
    self.before = before
    self.after = after
  }

  /// The snapshot of the file as the write left it (to edit it again, or to check it is unchanged).
  public var written: FileSnapshot { FileSnapshot(path: path, bytes: after) }
}
