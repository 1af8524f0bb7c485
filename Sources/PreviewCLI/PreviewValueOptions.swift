import CommandLineKit
import Foundation
import Messagevisor
import Preview

/// The starting currency, time zone and context, shared by the previewer and `gallery`.
struct PreviewValueOptions: ParsableArguments, Sendable {
  @Option(name: "currency", value: "CODE", help: "initial currency (e.g. EUR)")
  var currency: String?
  @Option(name: "time-zone", value: "ZONE", help: "initial time zone (e.g. Europe/Amsterdam)")
  var timeZone: String?
  @Option(
    name: "context", value: "JSON",
    help: "initial context over the defaults, e.g. '{\"plan\":\"pro\",\"beta\":true}'")
  var context: String?

  /// Sets the options that were given; `--context` must be a JSON object.
  func apply(to options: inout PreviewOptions) throws(CommandLineError) {
    if let currency { options.currency = currency }
    if let timeZone { options.timeZone = timeZone }
    if let context {
      guard let data = context.data(using: .utf8),
        let decoded = try? JSONDecoder().decode(MessagevisorValue.self, from: data),
        let object = decoded.objectValue
      else {
        throw CommandLineError(
          .invalidValue(
            "--context", context, expected: "a JSON object such as '{\"plan\":\"pro\"}'"))
      }
      options.context = object
    }
  }
}
