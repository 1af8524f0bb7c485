/// Why an edit of a message file was refused. Nothing is written when one is thrown, and the
/// text the user typed stays with the caller.
public enum MessageEditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is not valid YAML (before the edit).
  case invalidYAML(YAMLError)
  /// The path does not lead to a place in this file (for example override 3 of a message with
  /// two, or a review state of a locale that has none).
  case notFound(file: String, line: Int, column: Int, what: String)
  /// A node on the path is not the shape a message file has (for example `translations` is a list).
  case unexpectedShape(file: String, line: Int, column: Int, what: String)
  /// A construct on the path that cannot be changed by replacing one scalar safely: an anchor,
  /// alias, merge key, tag, or flow mapping or sequence. Edit the file in a text editor instead.
  case unsupportedConstruct(file: String, line: Int, column: Int, construct: String)
  /// The edited text, parsed again, did not give exactly the new value at the path and the old
  /// values elsewhere (a bug guard: the file is left as it was).
  case verificationFailed(file: String, detail: String)
  /// Marking a translation reviewed needs the source locale's text of the same message or
  /// override, and there is none.
  case missingSourceText(file: String, locale: String)
  /// The file on disk is no longer what was read (someone else changed it): nothing was written.
  case conflict(path: String)
  /// The file is read-only.
  case readOnly(path: String)
  /// The file does not exist (any more).
  case missingFile(path: String)
  /// Reading or writing failed.
  case ioFailed(path: String, reason: String)

  /// A one-line message with the file and, where it applies, `line:column`.
  public var description: String {
    switch self {
    case .invalidYAML(let error):
      return "\(error.description) (fix the file before editing it here)"
    case .notFound(let file, let line, let column, let what):
      return "\(file):\(line):\(column): \(what) not found"
    case .unexpectedShape(let file, let line, let column, let what):
      return "\(file):\(line):\(column): \(what)"
    case .unsupportedConstruct(let file, let line, let column, let construct):
      return
        "\(file):\(line):\(column): \(construct) on the edited path cannot be changed in place; "
        + "open the file in a text editor instead"
    case .verificationFailed(let file, let detail):
      return "\(file): the edit did not read back as written (\(detail)); the file was not changed"
    case .missingSourceText(let file, let locale):
      return "\(file): no source text in \(locale) to review against"
    case .conflict(let path):
      return
        "\(path): the file changed on disk since it was read; nothing was written (reload and edit again)"
    case .readOnly(let path):
      return "\(path): the file is read-only; nothing was written"
    case .missingFile(let path):
      return "\(path): the file does not exist (deleted or moved?); nothing was written"
    case .ioFailed(let path, let reason):
      return "\(path): \(reason)"
    }
  }
}
