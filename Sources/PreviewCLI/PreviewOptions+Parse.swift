import CommandLineKit
import Foundation
import Messagevisor
import Preview

extension PreviewOptions {
  /// The usage text (`--help`), generated from ``PreviewCommandLine/program``.
  public static var usage: String { PreviewCommandLine.program.helpText }

  /// Parses the previewer's arguments (without the program name).
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError) -> PreviewOptions {
    let parsed: ParsedArguments
    do {
      parsed = try PreviewCommandLine.program.parse(arguments)
    } catch {
      throw PreviewOptionsError(error)
    }
    var options = PreviewOptions()
    options.help = parsed.helpRequested
    if parsed.helpRequested { return options }
    try options.apply(parsed)
    return options
  }

  /// Sets every option `parsed` has (the previewer's and the ones gallery shares), validating
  /// values.
  mutating func apply(_ parsed: ParsedArguments) throws(PreviewOptionsError) {
    if let value = parsed["project"] { project = value }
    if let value = parsed["target"] { target = value }
    if let value = parsed["set"] { projectSet = value }
    if let value = parsed["resources"] { resources = value }
    if let value = parsed["ota-site"] { otaSite = value }
    if let value = parsed["ota-base-url"] { otaBaseURL = value }
    if let value = parsed["ota-publish-id"] { otaPublishID = value }
    if let value = parsed["cache-dir"] { cacheDirectory = value }
    if let text = parsed["interval"] {
      guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
        throw .invalidValue("--interval", text, "a number of seconds ≥ 0")
      }
      interval = seconds
    }
    if let value = parsed["locale"] { locale = value }
    if let value = parsed["currency"] { currency = value }
    if let value = parsed["time-zone"] { timeZone = value }
    if let text = parsed["context"] {
      guard let data = text.data(using: .utf8),
        let decoded = try? JSONDecoder().decode(MessagevisorValue.self, from: data),
        let object = decoded.objectValue
      else {
        throw .invalidValue("--context", text, "a JSON object such as '{\"plan\":\"pro\"}'")
      }
      context = object
    }
    if parsed.has("print") { print = parsed.flag("print") }
    if let text = parsed["screen"] {
      guard !text.isEmpty, !text.contains("/") else {
        throw .invalidValue("--screen", text, "a screen name such as welcome or messages")
      }
      screen = PreviewScreen(rawValue: text)
    }
    if let text = parsed["width"] {
      guard let value = Int(text), (20...1000).contains(value) else {
        throw .invalidValue("--width", text, "a column count between 20 and 1000")
      }
      width = value
    }
    if let text = parsed["height"] {
      guard let value = Int(text), (5...1000).contains(value) else {
        throw .invalidValue("--height", text, "a row count between 5 and 1000")
      }
      height = value
    }
    if parsed.has("inspect") { inspect = parsed.flag("inspect") }
    if let value = parsed["export"] { export = value }
    if parsed.has("ascii") { ascii = parsed.flag("ascii") }
    if parsed.has("no-watch") { watch = !parsed.flag("no-watch") }
    if parsed.has("no-mouse") { mouse = !parsed.flag("no-mouse") }
    if let text = parsed["osc52"] {
      guard let choice = ClipboardSupport.Choice(rawValue: text) else {
        throw .invalidValue("--osc52", text, "on, off or auto")
      }
      osc52 = choice
    }
  }
}
