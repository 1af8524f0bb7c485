/// The `lint:` section of `messagevisor.config.yml`:
///
/// ```yaml
/// lint:
///   severity: {fit: error, unused_message: off}   # a level per code, or off
///   ignoreKeys: ["legacy_*"]                       # message key globs lint skips
///   allowIdentical: [ReRune, OK]                   # texts that may equal the source
///   identicalMinimumLength: 4                      # shorter texts may equal the source
/// ```
public struct LintConfig: Sendable, Equatable {
  /// The level per code; `nil` turns a code off.
  public var severities: [String: LintLevel?] = [:]
  /// Message key globs whose findings are dropped.
  public var ignoreKeys = GlobList([])
  /// Texts (brand names, `OK`) that may be identical to the source text.
  public var allowIdentical: [String] = []
  /// Texts with fewer graphemes than this may be identical to the source text.
  public var identicalMinimumLength = 4

  /// The defaults: every code at its rule's level, nothing ignored.
  public init() {}
}
