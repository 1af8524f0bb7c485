/// Why a review preview could not be made or applied. Nothing is written when one is thrown.
public enum ReviewError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The project has no `sourceLocale`: reviews hash the source text, so there is none to use.
  case noSourceLocale
  /// The locale is the source locale, whose copy is the reference and is never reviewed.
  case sourceLocale(String)
  /// The locale is not one of the project's (the set's, when named).
  case unknownLocale(String, known: [String], set: String?)
  /// A message file could not be read.
  case unreadable(String)
  /// The preview file is not a review preview: where and what is wrong.
  case invalidPreview(file: String, line: Int, column: Int, reason: String)
  /// Files the preview read changed since (`path (modified)`, `path (new)`, `path (gone)`), or
  /// the change derived today differs: nothing was written.
  case changedSince([String])
  /// An edit of a message file was refused.
  case edit(MessageEditError)

  /// A one-line message saying what to fix.
  public var description: String {
    switch self {
    case .noSourceLocale:
      return
        "the project has no sourceLocale in its config; reviews are recorded against the source text"
    case .sourceLocale(let locale):
      return "\(locale) is the source locale: its copy is the reference and is not reviewed"
    case .unknownLocale(let locale, let known, let set):
      return "\(locale) is not a locale of the project\(set.map { " (set \($0))" } ?? "")"
        + "; known: \(known.joined(separator: ", "))"
    case .unreadable(let path):
      return "\(path): cannot read the file"
    case .invalidPreview(let file, let line, let column, let reason):
      return "\(SourceLocation(file: file, line: line, column: column)): \(reason)"
    case .changedSince(let what):
      return
        "the project changed since the preview was made; nothing was written (make a new preview): "
        + what.joined(separator: ", ")
    case .edit(let error):
      return error.description
    }
  }
}
