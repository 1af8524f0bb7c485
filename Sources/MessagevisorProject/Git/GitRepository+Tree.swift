import Foundation

extension GitRepository {
  /// The top-level names a project is read from; other files (datafiles, previews, docs) are
  /// not copied out of history.
  static let projectEntries: Set<String> = [
    "attributes", "locales", "messages", "segments", "targets", "tests", "sets",
  ]

  /// Writes the project files (config and entity directories) of the project directory as they
  /// are at `commit` into `destination` (an empty directory), so the project loader can read
  /// them. Only regular files are written; symbolic links and submodules are skipped.
  /// - Returns: The number of files written.
  public func writeProjectTree(at commit: String, into destination: String) throws(GitError)
    -> Int
  {
    let prefix = try prefix()
    let listing = try succeed(["ls-tree", "-r", "-z", "--full-name", commit, "--", "."])
    var blobs: [(object: String, path: String)] = []
    for record in listing.output.split(separator: 0) {
      let line = String(decoding: record, as: UTF8.self)
      guard let tab = line.firstIndex(of: "\t") else { continue }
      let fields = line[..<tab].split(separator: " ")
      guard fields.count == 3, fields[1] == "blob", fields[0] == "100644" || fields[0] == "100755"
      else { continue }
      let fullPath = String(line[line.index(after: tab)...])
      guard fullPath.hasPrefix(prefix) else { continue }
      let path = String(fullPath.dropFirst(prefix.count))
      let components = path.split(separator: "/", omittingEmptySubsequences: false)
      guard let first = components.first,
        Self.projectEntries.contains(String(first))
          || (components.count == 1 && first.hasPrefix("messagevisor.config")),
        !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
      else { continue }
      blobs.append((String(fields[2]), path))
    }
    guard !blobs.isEmpty else { return 0 }
    let request = blobs.map { $0.object + "\n" }.joined()
    let batch = try succeed(["cat-file", "--batch"], input: Array(request.utf8))
    var offset = 0
    let bytes = batch.output
    for blob in blobs {
      guard let headerEnd = bytes[offset...].firstIndex(of: 0x0A) else {
        throw .failed(command: "cat-file", message: "truncated output for \(blob.path)")
      }
      let header = String(decoding: bytes[offset..<headerEnd], as: UTF8.self).split(separator: " ")
      guard header.count == 3, let size = Int(header[2]), headerEnd + 1 + size <= bytes.count
      else {
        throw .failed(command: "cat-file", message: "unexpected output for \(blob.path)")
      }
      let content = Data(bytes[(headerEnd + 1)..<(headerEnd + 1 + size)])
      offset = headerEnd + 1 + size + 1
      let target = (destination as NSString).appendingPathComponent(blob.path)
      do {
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent,
          withIntermediateDirectories: true)
        try content.write(to: URL(fileURLWithPath: target))
      } catch {
        throw .failed(command: "cat-file", message: "cannot write \(target): \(error)")
      }
    }
    return blobs.count
  }
}
