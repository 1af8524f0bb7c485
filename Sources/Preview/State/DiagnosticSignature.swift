/// What makes two diagnostics the same for the panel (every field of a ``DiagnosticEntry`` but
/// its id and count), as a hashable key.
struct DiagnosticSignature: Sendable, Hashable {
  let level: DiagnosticLevel
  let code: String
  let message: String
  /// The details as key, value, key, value….
  let details: [String]
  let module: String?
  let originalError: String?

  init(_ entry: DiagnosticEntry) {
    level = entry.level
    code = entry.code
    message = entry.message
    var details: [String] = []
    details.reserveCapacity(entry.details.count * 2)
    for detail in entry.details {
      details.append(detail.key)
      details.append(detail.value)
    }
    self.details = details
    module = entry.module
    originalError = entry.originalError
  }
}
