/// Routes `messagevisor-swift ota …` to the ReRune helper's `OTACommand`
/// (`Sources/messagevisor-swift/OTA/OTACommand.swift`).
enum OTADispatch {
  /// Runs the OTA command with the arguments after `ota`.
  static func run(_ arguments: [String]) async -> Int32 {
    await OTACommand.run(arguments)
  }
}
