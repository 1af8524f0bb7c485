import Foundation
import Messagevisor
import MessagevisorSystem

/// File reading and atomic replacement for the publisher.
enum PublisherFileIO {
  static func read(_ url: URL) throws(OTASitePublisherError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .ioFailed(path: url.path, reason: "cannot read (\(error.localizedDescription))")
    }
  }

  /// Pretty, key-sorted JSON with a trailing newline (stable diffs for a site kept in Git).
  static func encodeJSON(_ value: MessagevisorValue, path: String) throws(OTASitePublisherError)
    -> Data
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      var data = try encoder.encode(value)
      data.append(0x0A)
      return data
    } catch {
      throw .ioFailed(path: path, reason: "cannot encode JSON (\(error.localizedDescription))")
    }
  }

  /// Writes `data` to a new temporary file next to `url`, flushes it, then renames it over `url`.
  /// Readers see either the old file or the complete new one, never a partial write.
  /// - Parameter modifiedAt: when given, the new file's modification time (seconds since 1970), set
  ///   before the rename, so the file appears with it.
  static func write(_ data: Data, to url: URL, modifiedAt: Int? = nil) throws(OTASitePublisherError)
  {
    var options = AtomicFile.Options()
    options.creationMode = 0o644
    options.modifiedAt = modifiedAt
    do {
      try AtomicFile.write(data, to: url.path, options: options)
    } catch {
      let temporary = error.temporaryPath
      switch error.step {
      case .create:
        throw .ioFailed(path: temporary, reason: "cannot create (\(error.reason))")
      case .write, .permissions, .abandoned:
        throw .ioFailed(path: temporary, reason: "cannot write (\(error.reason))")
      case .flush: throw .ioFailed(path: temporary, reason: "cannot flush (\(error.reason))")
      case .close: throw .ioFailed(path: temporary, reason: "cannot close (\(error.reason))")
      case .modificationTime:
        throw .ioFailed(
          path: temporary, reason: "cannot set the modification time (\(error.reason))")
      case .commit:
        throw .ioFailed(
          path: url.path,
          reason: "cannot rename over \(url.lastPathComponent) (\(error.reason))")
      }
    }
  }
}
