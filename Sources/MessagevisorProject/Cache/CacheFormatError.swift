/// Why a cache file was not used: it is an input like any other file, so anything unexpected
/// (truncated, another format or tool version, a checksum mismatch, a foreign file) makes it be
/// ignored and rebuilt.
public struct CacheFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public var reason: String

  /// An error saying `reason`.
  public init(_ reason: String) { self.reason = reason }

  /// The reason.
  public var description: String { reason }
}
