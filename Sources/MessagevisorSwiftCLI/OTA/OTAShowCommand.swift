import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorICU
import ReRune
import TerminalSafety

/// `messagevisor-swift ota show`: one OTA string exactly as the client renders it (after the cache
/// restore and one sync), or the keys of a locale with their state, written by ``ota``.
struct OTAShowCommand {
  /// Writes through the `ota` commands' terminal-safe output.
  let ota: OTACommand

  /// Runs `ota show` with the arguments after `show`; returns the exit status.
  func run(_ command: OTAShowCommandLine) async -> Int32 {
    var policy = CatalogStatePolicy.xcode
    var timeout: TimeInterval = 10
    if let v = command.serve {
      guard let parsed = CatalogStatePolicy(parsing: v) else {
        ota.printError(
          "error: --serve must be xcode, reviewed, excluding-new or a list of states (translated, needs_review, new, stale), got '\(Self.safe(v))'"
        )
        return 2
      }
      policy = parsed
    }
    if let v = command.timeout {
      guard let t = TimeInterval(v), t > 0 else {
        ota.printError(
          "error: --timeout needs a positive number of seconds, got '\(Self.safe(v))'")
        return 2
      }
      timeout = t
    }
    guard let locale = command.locale else {
      ota.printError("error: --locale L is required; see messagevisor-swift ota show --help")
      return 2
    }
    guard command.list != (command.key != nil) else {
      ota.printError(
        "error: give exactly one of --key K or --list; see messagevisor-swift ota show --help")
      return 2
    }
    guard let source = ota.source(site: command.site, baseURL: command.baseURL) else {
      return 2
    }
    var publishId = command.publishId
    if case .directory(let url) = source, publishId == nil {
      publishId = "local-site:" + url.path
    }
    guard let publishId else {
      ota.printError(
        "error: --base-url needs --publish-id ID; see messagevisor-swift ota show --help")
      return 2
    }
    let cache: ReRuneConfiguration.CacheLocation =
      command.noCache
      ? .disabled
      : command.cache.map { .directory(URL(fileURLWithPath: $0, isDirectory: true)) }
        ?? .standard
    var configuration = ReRuneConfiguration(
      otaPublishId: publishId, updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
      requestTimeout: timeout, source: source, cache: cache,
      preferredLanguages: [locale], device: command.device, usesMainBundle: false)
    configuration.statePolicy = policy
    let client: ReRuneClient
    do {
      client = try ReRuneClient(configuration)
    } catch {
      ota.printError("error: \(error.description)")
      return 2
    }
    let result = await client.checkForUpdates()
    if result.status == .failed, client.otaLocales.isEmpty {
      ota.printError(
        "error: the sync failed and nothing is cached: \(Self.safe(result.errorMessage ?? "unknown error"))"
      )
      return 1
    }
    if command.list {
      return list(client: client, locale: locale, json: command.json)
    }
    return show(
      client: client, locale: locale, key: command.key ?? "", argsJSON: command.args,
      json: command.json)
  }

  // MARK: - One key

  func show(
    client: ReRuneClient, locale: String, key: String, argsJSON: String, json: Bool
  ) -> Int32 {
    guard let hit = client.otaEntry(forKey: key, locale: locale) else {
      let chain = client.localeChain(for: locale)
      let skipped = client.skippedEntries
      for tag in chain {
        if let note = skipped[tag]?.first(where: { $0.key == key }) {
          let verb = note.reason == .withheld ? "withheld" : "skipped"
          ota.printError(
            "error: '\(Self.safe(key))' is in the \(Self.safe(tag)) payload but was \(verb); the app shows its bundled text:\n  \(Self.safe(note.message))"
          )
          return 1
        }
      }
      let available = chain.compactMap { client.otaLocales[$0] }.first
      let hint =
        available.map { "the \(Self.safe(locale)) payload has \($0.count) keys; see --list" }
        ?? "no applied payload serves \(Self.safe(locale)) (locales: \(client.otaLocales.keys.sorted().map(Self.safe).joined(separator: ", ")))"
      ota.printError(
        "error: no OTA string for '\(Self.safe(key))' in \(Self.safe(locale)): \(hint)")
      return 1
    }
    let values: MessagevisorValues
    do {
      values = try OTAShowArguments.values(argsJSON, kinds: hit.entry.arguments)
    } catch {
      ota.printError("error: \(Self.safe(error.description))")
      return 1
    }
    // Warnings and errors only (neutralized on standard error): the engine's `info` start-up
    // diagnostic is not output of this command.
    let engine = createMessagevisor(
      MessagevisorOptions(locale: hit.locale, logLevel: .warn, modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(engine: engine)
    bridge.applyOverlays(
      client.otaLocales, revision: client.revision, skipped: client.skippedEntries)
    let text: String
    do {
      text = try bridge.translate(key, values: values, locale: hit.locale)
    } catch {
      ota.printError(
        "error: the engine cannot render '\(Self.safe(key))': \(Self.safe("\(error)"))")
      return 1
    }
    if json {
      var object: [String: Any] = [
        "key": key, "locale": locale, "payloadLocale": hit.locale, "text": text,
        "icu": hit.entry.icuMessage, "value": hit.entry.value, "kind": hit.entry.kind.rawValue,
        "arguments": hit.entry.arguments.map(\.rawValue), "revision": client.revision,
      ]
      if let state = hit.entry.state { object["state"] = state }
      print(Self.terminalSafeJSON(OTACommand.jsonText(object)))
    } else {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      print(lines.map { Self.safe(String($0)) }.joined(separator: "\n"))
    }
    return 0
  }

  // MARK: - List

  func list(client: ReRuneClient, locale: String, json: Bool) -> Int32 {
    let chain = client.localeChain(for: locale)
    guard let tag = chain.first(where: { client.otaLocales[$0] != nil }),
      let entries = client.otaLocales[tag]
    else {
      ota.printError(
        "error: no applied payload serves \(Self.safe(locale)) (locales: \(client.otaLocales.keys.sorted().map(Self.safe).joined(separator: ", ")))"
      )
      return 1
    }
    let skipped = client.skippedEntries[tag] ?? []
    if json {
      let keys = entries.keys.sorted().map { key -> [String: Any] in
        let entry = entries[key]
        var item: [String: Any] = ["key": key, "kind": entry?.kind.rawValue ?? ""]
        if let state = entry?.state { item["state"] = state }
        return item
      }
      let notes = skipped.map { note -> [String: Any] in
        var item: [String: Any] = [
          "key": note.key, "reason": note.reason.rawValue, "message": note.message,
        ]
        if let line = note.line { item["line"] = line }
        if let file = note.file { item["file"] = file }
        return item
      }
      print(
        Self.terminalSafeJSON(
          OTACommand.jsonText([
            "locale": locale, "payloadLocale": tag, "keys": keys, "skipped": notes,
            "revision": client.revision,
          ])))
      return 0
    }
    let width = min(entries.keys.map(\.count).max() ?? 0, 48)
    for key in entries.keys.sorted() {
      guard let entry = entries[key] else { continue }
      let shown = Self.safe(key)
      let padded =
        shown.count < width ? shown.padding(toLength: width, withPad: " ", startingAt: 0) : shown
      print("\(padded)  \(entry.state ?? "-")  \(entry.kind.rawValue)")
    }
    for note in skipped {
      print(
        "\(note.reason == .withheld ? "withheld" : "skipped"): \(Self.safe(note.key)): \(Self.safe(note.message))"
      )
    }
    print("\(entries.count) key(s) in \(Self.safe(tag)), \(skipped.count) not applied")
    return 0
  }

  /// JSON text with every scalar a terminal could act on written as a `\uXXXX` escape: the same
  /// JSON value, inert on screen (`SafeText.escapingJSON`, the package's one implementation).
  static func terminalSafeJSON(_ json: String) -> String { SafeText.escapingJSON(json) }

  /// Text from a payload or a user, made safe for a terminal.
  static func safe(_ text: String) -> String { SafeText.neutralized(text) }

  /// Every `print` of this command goes through ``OTACommand/print(_:)`` (the terminal-safety
  /// function), like the other `ota` subcommands.
  func print(_ text: String) { ota.print(text) }
}
