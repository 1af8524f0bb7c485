/// Routes `messagevisor-swift ota …` to the ReRune helper's `OTACommand`
/// (`Sources/messagevisor-swift/OTA/OTACommand.swift`).
enum OTADispatch {
  /// Runs the OTA command with the arguments after `ota`.
  static func run(_ arguments: [String]) async -> Int32 {
    // OTACommand is not merged yet; replace this body with `await OTACommand.run(arguments)`.
    FileHandleOutput.error(
      "error: the ota command is not part of this build yet (the ReRune CLI is merged separately)")
    return 2
  }
}
