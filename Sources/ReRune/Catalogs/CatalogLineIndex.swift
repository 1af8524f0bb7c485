import Foundation

/// The byte offsets of a document's line starts, built once, so that many diagnostics in a big
/// catalog each find their line by binary search instead of rescanning the file.
struct CatalogLineIndex {
  /// Byte offset of the first byte of each line (line 1 starts at 0).
  private var starts: [Int] = [0]

  init(_ data: Data) {
    data.withUnsafeBytes { buffer in
      for position in 0..<buffer.count where buffer[position] == 0x0A {
        starts.append(position + 1)
      }
    }
  }

  /// 1-based line and column (in characters) of byte `offset` in `data`.
  func lineColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
    let clamped = max(0, min(offset, data.count))
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    let lineStart = starts[low]
    let prefix = data.subdata(in: lineStart..<clamped)
    return (low + 1, String(decoding: prefix, as: UTF8.self).count + 1)
  }
}
