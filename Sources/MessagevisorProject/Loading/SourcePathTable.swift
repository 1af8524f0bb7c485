import MessagevisorLocking

/// The file paths of every ``SourceLocation`` in the process, interned: a location keeps a 32-bit
/// number instead of a `String` (a project keeps one location per translation, 800,000 of them at
/// scale, nearly all in a few thousand files).
///
/// Paths are told apart by their exact UTF-8 bytes (two files whose names differ only in Unicode
/// normalization are two files), so a path reads back byte for byte as it was given. The table
/// only grows: it holds each distinct path the process has seen once (project-relative paths,
/// bounded by the project's files).
enum SourcePathTable {
  private struct Table {
    var numbers: [ExactText: UInt32] = [ExactText(""): 0]
    var paths: [String] = [""]
  }

  private static let table = Locked(Table())

  /// The number of `path` (0 for the empty path), made on first use.
  static func number(of path: String) -> UInt32 {
    if path.isEmpty { return 0 }
    let key = ExactText(path)
    return table.withLock { table in
      if let known = table.numbers[key] { return known }
      // 2³² distinct paths cannot be held in memory anyway; past that the last number is
      // shared rather than trapping.
      guard table.paths.count <= Int(UInt32.max) else { return UInt32.max }
      let number = UInt32(table.paths.count)
      table.paths.append(path)
      table.numbers[key] = number
      return number
    }
  }

  /// The path numbered `number`.
  static func path(_ number: UInt32) -> String {
    if number == 0 { return "" }
    return table.withLock { table in
      Int(number) < table.paths.count ? table.paths[Int(number)] : ""
    }
  }
}
