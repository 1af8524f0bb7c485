import CommandLineKit
import Foundation
import ReRune
import TerminalSafety

/// `messagevisor-swift ota …`: run one OTA check, or validate a local OTA site, writing to
/// ``output``.
struct OTACommand {
  /// Where the command writes.
  let output: CLIOutput

  /// Writes a line to standard output through the terminal-safety function
  /// (`SafeText.neutralized`, line breaks kept, by ``CLIOutput/line(_:)``). It shadows Swift's
  /// `print` inside this type, so every `print(…)` of the command is safe: manifest locale keys,
  /// server errors, cache problems and catalog keys in validation problems can never emit an
  /// escape sequence (issue 16, finding 5). JSON goes through `jsonText(_:)`, which escapes
  /// instead.
  func print(_ text: String) { output.line(text) }

  /// Writes a line to standard error through the terminal-safety function.
  func printError(_ text: String) { output.error(text) }

  /// `object` as pretty JSON, terminal-safe: unsafe scalars in strings become `\uXXXX` escapes
  /// (`SafeText.escapingJSON`), so the JSON keeps its meaning.
  static func jsonText(_ object: Any) -> String {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return "{}" }
    return SafeText.escapingJSON(String(decoding: data, as: UTF8.self))
  }

  /// The source for `--site DIR` or `--base-url URL` (exactly one), or nil after printing why.
  func source(site: String?, baseURL: String?) -> ReRuneConfiguration.Source? {
    switch (site, baseURL) {
    case (let site?, nil):
      return .directory(URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL)
    case (nil, let base?):
      guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https"
      else {
        printError("error: --base-url must be an http(s) URL, got '\(base)'")
        return nil
      }
      return .remote(baseURL: url)
    default:
      printError("error: give exactly one of --site DIR or --base-url URL")
      return nil
    }
  }

  /// The JSON of `notes` for `--json` output (key, locale, reason, file, line, message).
  static func skippedJSON(_ notes: [CatalogDiagnostic]) -> [[String: Any]] {
    notes.map { note in
      var item: [String: Any] = [
        "key": note.key, "reason": note.reason.rawValue, "message": note.message,
      ]
      if let locale = note.locale { item["locale"] = locale }
      if let file = note.file { item["file"] = file }
      if let line = note.line { item["line"] = line }
      return item
    }
  }

  // MARK: - check

  func check(_ command: OTACheckCommandLine) async -> Int32 {
    let site = command.site
    let baseURL = command.baseURL
    var publishId = command.publishId
    let cacheDir = command.cache
    let noCache = command.noCache
    let locales = command.locales.flatMap {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    var timeout: TimeInterval = 10
    var checkTimeout: TimeInterval = 30
    let json = command.json
    if let v = command.timeout {
      guard let t = TimeInterval(v), t > 0 else {
        printError("error: --timeout needs a positive number of seconds, got '\(v)'")
        return 2
      }
      timeout = t
    }
    if let v = command.checkTimeout {
      guard let t = TimeInterval(v), t > 0, t.isFinite else {
        printError("error: --check-timeout needs a positive number of seconds, got '\(v)'")
        return 2
      }
      checkTimeout = t
    }
    let source: ReRuneConfiguration.Source
    switch (site, baseURL) {
    case (let site?, nil):
      let url = URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL
      source = .directory(url)
      if publishId == nil { publishId = "local-site:" + url.path }
    case (nil, let base?):
      guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https"
      else {
        printError("error: --base-url must be an http(s) URL, got '\(base)'")
        return 2
      }
      guard publishId != nil else {
        printError(
          "error: --base-url needs --publish-id ID; see messagevisor-swift ota check --help")
        return 2
      }
      source = .remote(baseURL: url)
    default:
      printError(
        "error: give exactly one of --site DIR or --base-url URL; see messagevisor-swift ota check --help"
      )
      return 2
    }
    let cache: ReRuneConfiguration.CacheLocation =
      noCache
      ? .disabled
      : cacheDir.map { .directory(URL(fileURLWithPath: $0, isDirectory: true)) } ?? .standard
    let client: ReRuneClient
    do {
      client = try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: publishId ?? "", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
          requestTimeout: timeout, checkTimeout: checkTimeout, source: source, cache: cache,
          usesMainBundle: false))
    } catch {
      printError("error: \(error.description)")
      return 2
    }
    let result = await Self.withProgress(
      "ota check: \(client.transport.manifestLocation)", json: json
    ) {
      await client.checkForUpdates()
    }
    let applied = client.otaLocales
    let reported = result.localeOutcomes.keys.sorted().filter {
      locales.isEmpty || locales.contains($0)
    }
    // A --locale the manifest does not have would otherwise report nothing and exit 0.
    let unknown = locales.filter { result.localeOutcomes[$0] == nil }
    if result.status != .failed, !unknown.isEmpty {
      let known = result.localeOutcomes.keys.sorted()
      printError(
        "error: --locale \(unknown.joined(separator: ",")): not a locale of this manifest"
          + (unknown.count == 1 ? Suggestion.didYouMean(unknown[0], in: known) : "")
          + "; its locales: " + known.joined(separator: ", "))
      return 2
    }
    if json {
      var perLocale: [String: Any] = [:]
      for locale in reported {
        guard let outcome = result.localeOutcomes[locale] else { continue }
        var item: [String: Any] = [:]
        switch outcome {
        case .updated: item["outcome"] = "updated"
        case .notModified: item["outcome"] = "notModified"
        case .failed(let reason):
          item["outcome"] = "failed"
          item["error"] = reason
        }
        if let keys = applied[locale]?.count { item["keys"] = keys }
        if let skipped = result.skippedEntries[locale] {
          item["skipped"] = Self.skippedJSON(skipped)
        }
        perLocale[locale] = item
      }
      var object: [String: Any] = [
        "status": result.status.rawValue, "revision": result.revision,
        "updatedLocales": result.updatedLocales.sorted(), "locales": perLocale,
        "manifest": client.transport.manifestLocation,
      ]
      if let message = result.errorMessage { object["errorMessage"] = message }
      let cacheProblems = client.cacheProblems + result.cacheProblems
      if !cacheProblems.isEmpty { object["cacheProblems"] = cacheProblems }
      print(Self.jsonText(object))
    } else {
      print("manifest: \(client.transport.manifestLocation)")
      print("status: \(result.status.rawValue)")
      print("revision: \(result.revision)")
      print(
        "updated locales: \(result.updatedLocales.isEmpty ? "(none)" : result.updatedLocales.sorted().joined(separator: ", "))"
      )
      if !reported.isEmpty {
        print("locales:")
        let width = reported.map(\.count).max() ?? 0
        for locale in reported {
          guard let outcome = result.localeOutcomes[locale] else { continue }
          let keys = applied[locale].map { " (\($0.count) keys)" } ?? ""
          let skipped = result.skippedEntries[locale].map { ", \($0.count) not applied" } ?? ""
          print(
            "  \(locale.padding(toLength: width, withPad: " ", startingAt: 0))  \(outcome)\(keys)\(skipped)"
          )
          for note in result.skippedEntries[locale] ?? [] {
            let verb = note.reason == .withheld ? "withheld" : "skipped"
            print("    \(verb): \(OTAShowCommand.safe(note.message))")
          }
        }
      }
      for problem in client.cacheProblems + result.cacheProblems {
        print("cache problem: \(problem)")
      }
      if let message = result.errorMessage { print("error: \(message)") }
    }
    if result.status == .failed { return 1 }
    if result.everyLocaleFailed { return 3 }
    return result.cacheProblems.isEmpty ? 0 : 4
  }

  /// Runs `work`, showing `label` with the elapsed time on standard error while it lasts, when
  /// that is a terminal, without `--json`, after the first second (`ProgressReporter`).
  static func withProgress<T: Sendable>(
    _ label: String, json: Bool, _ work: () async -> T
  ) async -> T {
    let progress = ProgressReporter.standardError(json: json)
    let ticker = Task {
      while !Task.isCancelled {
        progress.update(label)
        try? await Task.sleep(nanoseconds: 100_000_000)
      }
    }
    let result = await work()
    ticker.cancel()
    _ = await ticker.value
    progress.finish()
    return result
  }

  // MARK: - validate

  func validate(_ command: OTAValidateCommandLine) -> Int32 {
    let json = command.json
    let site = command.site
    let report = ReRuneSiteValidator.validate(URL(fileURLWithPath: site, isDirectory: true))
    if json {
      print(
        Self.jsonText([
          "site": report.site, "valid": report.problems.isEmpty, "problems": report.problems,
          "warnings": report.warnings, "locales": report.keyCounts,
        ]))
    } else {
      for problem in report.problems { print("problem: \(problem)") }
      for warning in report.warnings { print("warning: \(warning)") }
      if report.problems.isEmpty {
        let keys = report.keyCounts.values.reduce(0, +)
        print("site OK: \(report.keyCounts.count) locale(s), \(keys) key(s) in \(report.site)")
      } else {
        print("\(report.problems.count) problem(s) in \(report.site)")
      }
    }
    return report.problems.isEmpty ? 0 : 1
  }
}
