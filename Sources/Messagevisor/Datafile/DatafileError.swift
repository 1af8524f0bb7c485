/// Why a datafile could not be read: the JSON path of the offending field and what is wrong with it.
///
/// `setDatafile` never throws; it reports `invalid_datafile` with this error as `originalError`.
/// ``DatafileContent/fromJSON(_:)`` and ``DatafileContent/fromData(_:)`` throw it.
public struct DatafileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The JSON path of the offending field, such as `$.translations.home` (`$` is the document root).
  public var path: String
  /// What is wrong and, for syntax errors, the line and column.
  public var message: String

  /// Creates an error for `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `"<path>: <message>"`.
  public var description: String { "\(path): \(message)" }
}
