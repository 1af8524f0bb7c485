#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an ``AtomicFile`` write failed: the step and its error number. Each caller words it in its
/// own error type.
package struct AtomicFileError: Error, Sendable, Equatable {
  /// The step of a write.
  package enum Step: Sendable, Equatable {
    /// Creating the temporary file.
    case create
    /// Writing the bytes.
    case write
    /// Setting the permission bits.
    case permissions
    /// Flushing the file (`fsync`).
    case flush
    /// Closing the file.
    case close
    /// Setting the modification time.
    case modificationTime
    /// `beforeCommit` said no.
    case abandoned
    /// Renaming or linking the temporary file to the destination.
    case commit
  }

  /// The step that failed.
  package var step: Step
  /// Its error number (`errno`; 0 for ``Step/abandoned``).
  package var code: Int32
  /// The temporary file (already removed).
  package var temporaryPath: String

  /// The error number in words (`strerror`).
  package var reason: String { String(cString: strerror(code)) }
}
