import Foundation
import Messagevisor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let directory = url.deletingLastPathComponent().path
    let temporary =
      directory + "/." + url.lastPathComponent
      + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw .ioFailed(path: temporary, reason: "cannot create (\(errnoText()))")
    }
    var failure: String?
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var written = 0
      while written < buffer.count {
        let result = Foundation.write(descriptor, base + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          failure = "cannot write (\(errnoText()))"
          return
        }
        written += result
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush (\(errnoText()))" }
    if close(descriptor) != 0, failure == nil { failure = "cannot close (\(errnoText()))" }
    if failure == nil, let modifiedAt {
      var times = [
        timespec(tv_sec: modifiedAt, tv_nsec: 0), timespec(tv_sec: modifiedAt, tv_nsec: 0),
      ]
      if utimensat(AT_FDCWD, temporary, &times, 0) != 0 {
        failure = "cannot set the modification time (\(errnoText()))"
      }
    }
    if let failure {
      unlink(temporary)
      throw .ioFailed(path: temporary, reason: failure)
    }
    guard rename(temporary, url.path) == 0 else {
      let reason = "cannot rename over \(url.lastPathComponent) (\(errnoText()))"
      unlink(temporary)
      throw .ioFailed(path: url.path, reason: reason)
    }
  }

  static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
