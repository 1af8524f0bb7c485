import Foundation
internal import ReRune

/// A file's bytes as they were read, with their SHA-256: what an edit starts from and what a
/// write checks the disk against (content, not modification time).
public struct FileSnapshot: Sendable, Equatable {
  /// The file's path.
  public var path: String
  /// The bytes read.
  public var bytes: [UInt8]
  /// Lowercase hex SHA-256 of ``bytes``.
  public var digest: String

  /// A snapshot of `bytes` read from `path`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    self.digest = Self.digest(of: bytes)
  }

  /// Lowercase hex SHA-256 of `bytes`.
  public static func digest(of bytes: [UInt8]) -> String {
    SHA256Digest.hex(Data(bytes))
  }
}
