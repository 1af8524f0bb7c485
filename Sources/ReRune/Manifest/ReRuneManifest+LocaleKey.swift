import TerminalSafety

extension ReRuneManifest {
  /// Why `key` cannot be a manifest locale key, or `nil` when it can.
  ///
  /// A locale key is shown in the previewer's OTA panel, in `ota check` output and in error
  /// messages, and names a cache file: it must be shown exactly as it is. Keys holding a control
  /// character (C0, DEL, C1: `nl\u{1B}[2J` would clear the screen), a bidi control (U+202E would
  /// reorder the text around it), a line or paragraph separator, an invisible format character
  /// or a joiner outside a shaping position (every scalar `SafeText.neutralized` would change)
  /// are rejected. The message names the key with `SafeText.quoted`, so it is safe to print.
  public static func localeKeyProblem(_ key: String) -> String? {
    var seen: Set<UInt32> = []
    let unsafe = SafeText.unsafeScalars(in: key).filter { seen.insert($0.value).inserted }
    guard !unsafe.isEmpty else { return nil }
    let codes = unsafe.prefix(6).map { scalar -> String in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return SafeText.isBidiControl(scalar) ? code + " (a bidi control)" : code
    }
    let more = unsafe.count > 6 ? " and \(unsafe.count - 6) more" : ""
    return "locale key \(SafeText.quoted(key)) contains "
      + "\(codes.joined(separator: ", "))\(more); a locale key must not contain control, "
      + "bidi-control, separator or invisible characters"
  }
}
