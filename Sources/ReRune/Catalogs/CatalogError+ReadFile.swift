import Foundation

extension CatalogError {
  /// The bytes of the catalog file at `url`, or a syntax error naming the file when it cannot be
  /// read (the catalog readers' shared first step).
  static func contents(of url: URL) throws(CatalogError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw CatalogError(
        kind: .syntax, file: url.path,
        message: "cannot read the file: \(error.localizedDescription)")
    }
  }
}
