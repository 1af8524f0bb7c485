#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes a module's format hook reacts to: a text with none of them is returned unchanged by
/// the hook, which then reports nothing (e.g. ICU MessageFormat's `{` and `'`).
///
/// A module that declares its syntax (``MessagevisorModule/literalTextSyntax``) is not run for a
/// text without any of these bytes when every module of the root declares one and no call passes
/// module options: a plain translation then costs what it costs without modules.
@_spi(MessagevisorModules) public struct ModuleSyntax: Sendable, Equatable {
  /// The most bytes one syntax holds (each is searched for separately, with `memchr`); a syntax
  /// of more bytes is taken to occur in every text, so the module always runs.
  public static let maximumBytes = 8

  /// Up to ``maximumBytes`` distinct bytes, packed low byte first.
  private let packed: UInt64
  /// How many bytes `packed` holds; `nil` for more than ``maximumBytes`` (every text matches).
  private let count: Int?

  /// The syntax of `bytes` (duplicates ignored).
  public init(_ bytes: some Sequence<UInt8>) {
    var distinct: [UInt8] = []
    for byte in bytes where !distinct.contains(byte) { distinct.append(byte) }
    guard distinct.count <= Self.maximumBytes else {
      packed = 0
      count = nil
      return
    }
    packed = distinct.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    count = distinct.count
  }

  /// The declared bytes, in the order given; `nil` when there are more than ``maximumBytes``.
  public var bytes: [UInt8]? {
    count.map { count in (0..<count).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) } }
  }

  /// The syntax of both.
  public func union(_ other: ModuleSyntax) -> ModuleSyntax {
    guard let mine = bytes, let theirs = other.bytes else { return ModuleSyntax(0...255) }
    return ModuleSyntax(mine + theirs)
  }

  /// Whether `text` contains one of the bytes.
  @inline(__always)
  public func occurs(in text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable({ occurs(inBytes: $0) }) {
      return found
    }
    guard let bytes else { return true }
    return text.utf8.contains { byte in bytes.contains(byte) }
  }

  /// Whether `buffer` contains one of the bytes.
  public func occurs(inBytes buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let count else { return true }
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
    var rest = packed
    for _ in 0..<count {
      if memchr(base, Int32(rest & 0xFF), buffer.count) != nil { return true }
      rest >>= 8
    }
    return false
  }
}
