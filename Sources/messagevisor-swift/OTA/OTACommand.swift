import Foundation
import ReRune
import TerminalSafety

/// `messagevisor-swift ota …`: run one OTA check, or validate a local OTA site.
enum OTACommand {
  static let usage = """
    USAGE: messagevisor-swift ota <subcommand> [options]

    Subcommands:
      check      Run one ReRune OTA update check and print the result.
      show       Render one OTA string exactly as the client does (or --list a locale's keys).
      validate   Validate a local OTA site directory (manifest + payloads).
      export     Write a local site as static files for any web server, object store or CDN.

    Run `messagevisor-swift ota <subcommand> --help` for details.

    Examples:
      messagevisor-swift ota check --site Demo/ota
      messagevisor-swift ota check --base-url https://rerune.io/api --publish-id pub_123 --json
      messagevisor-swift ota show --site Demo/ota --locale de --key items --args '[3]'
      messagevisor-swift ota validate Demo/ota
    """

  static let checkUsage = """
    USAGE: messagevisor-swift ota check (--site DIR | --base-url URL --publish-id ID) [options]

    Runs one update check exactly like an app would (strict manifest, If-None-Match with cached ETags,
    soft locale failures) and prints the status, updated locales, revision, per-locale outcome and errors.

    Exit status:
      0  updated or noChange (locales that failed softly are listed with their reason)
      1  the check failed: the manifest could not be fetched, parsed or used (nothing changed)
      2  usage error
      3  every locale payload of the manifest failed (nothing was fetched or revalidated)

    Options:
      --site DIR           Read the manifest and payloads from a local site directory.
      --base-url URL       API base URL (manifest at <URL>/sdk/translations/manifest?platform=ios_xcstrings).
      --publish-id ID      OTA publish id (required with --base-url; optional with --site).
      --cache DIR          Cache directory (default: $XDG_DATA_HOME/ReRune/<sha256 of the publish id>).
      --no-cache           Do not read or write a cache (every locale is fetched in full).
      --locale TAG         Only report these locales (repeatable, or comma-separated).
      --timeout SECONDS    Per-request timeout (default 10).
      --check-timeout SECONDS
                           Deadline of the whole check, manifest and payloads (default 30).
      --json               Print the result as JSON.
      -h, --help           Show this help.

    Examples:
      messagevisor-swift ota check --site Demo/ota --cache /tmp/ota-cache
      messagevisor-swift ota check --base-url http://127.0.0.1:8080/api --publish-id demo --locale de,fr
      messagevisor-swift ota check --site Demo/ota --no-cache --json | jq .status
    """

  static let validateUsage = """
    USAGE: messagevisor-swift ota validate SITE [--json]

    Checks a local OTA site: the manifest parses strictly (integer versions, keyed locales, optional url),
    every locale key is safe, every payload URL is a relative path inside the site that resolves (after
    symlinks) to a regular file inside the site within the size limit, every payload exists,
    parses as a String Catalog (all format specifiers and plural rules valid) and has a localization for
    its locale. Lists every problem; exit status 0 when there are none, 1 otherwise.

    Examples:
      messagevisor-swift ota validate Demo/ota
      messagevisor-swift ota validate /srv/ota --json
    """

  /// Runs `ota` with the arguments that follow it; returns the exit status.
  static func run(_ arguments: [String]) async -> Int32 {
    guard let subcommand = arguments.first else {
      printError(usage)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    switch subcommand {
    case "-h", "--help", "help":
      print(usage)
      return 0
    case "check":
      return await check(rest)
    case "show":
      return await OTAShowCommand.run(rest)
    case "validate":
      return validate(rest)
    case "export":
      return export(rest)
    default:
      printError("error: unknown ota subcommand '\(subcommand)'\n\n\(usage)")
      return 2
    }
  }

  /// Writes a line to standard output through the terminal-safety function
  /// (`SafeText.neutralized`, line breaks kept). It shadows Swift's `print` inside this type, so
  /// every `print(…)` of the command is safe: manifest locale keys, server errors, cache problems
  /// and catalog keys in validation problems can never emit an escape sequence (issue 16,
  /// finding 5). JSON goes through ``jsonText(_:)``, which escapes instead.
  static func print(_ text: String) {
    Swift.print(SafeText.neutralized(text, keepingLineBreaks: true))
  }

  /// Writes a line to standard error through the terminal-safety function.
  static func printError(_ text: String) {
    let safe = SafeText.neutralized(text, keepingLineBreaks: true)
    FileHandle.standardError.write(Data((safe + "\n").utf8))
  }

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
  static func source(site: String?, baseURL: String?) -> ReRuneConfiguration.Source? {
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

  static func check(_ arguments: [String]) async -> Int32 {
    var site: String?
    var baseURL: String?
    var publishId: String?
    var cacheDir: String?
    var noCache = false
    var locales: [String] = []
    var timeout: TimeInterval = 10
    var checkTimeout: TimeInterval = 30
    var json = false
    var index = 0
    func value(_ flag: String) -> String? {
      index += 1
      guard index < arguments.count else {
        printError("error: \(flag) needs a value\n\n\(checkUsage)")
        return nil
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-h", "--help":
        print(checkUsage)
        return 0
      case "--site":
        guard let v = value(argument) else { return 2 }
        site = v
      case "--base-url":
        guard let v = value(argument) else { return 2 }
        baseURL = v
      case "--publish-id":
        guard let v = value(argument) else { return 2 }
        publishId = v
      case "--cache":
        guard let v = value(argument) else { return 2 }
        cacheDir = v
      case "--no-cache": noCache = true
      case "--locale":
        guard let v = value(argument) else { return 2 }
        locales += v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      case "--timeout":
        guard let v = value(argument) else { return 2 }
        guard let t = TimeInterval(v), t > 0 else {
          printError("error: --timeout needs a positive number of seconds, got '\(v)'")
          return 2
        }
        timeout = t
      case "--check-timeout":
        guard let v = value(argument) else { return 2 }
        guard let t = TimeInterval(v), t > 0, t.isFinite else {
          printError("error: --check-timeout needs a positive number of seconds, got '\(v)'")
          return 2
        }
        checkTimeout = t
      case "--json": json = true
      default:
        printError("error: unknown option '\(argument)'\n\n\(checkUsage)")
        return 2
      }
      index += 1
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
        printError("error: --base-url needs --publish-id ID\n\n\(checkUsage)")
        return 2
      }
      source = .remote(baseURL: url)
    default:
      printError("error: give exactly one of --site DIR or --base-url URL\n\n\(checkUsage)")
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
    let result = await client.checkForUpdates()
    let applied = client.otaLocales
    let reported = result.localeOutcomes.keys.sorted().filter {
      locales.isEmpty || locales.contains($0)
    }
    // A --locale the manifest does not have would otherwise report nothing and exit 0.
    let unknown = locales.filter { result.localeOutcomes[$0] == nil }
    if result.status != .failed, !unknown.isEmpty {
      printError(
        "error: --locale \(unknown.joined(separator: ",")): not a locale of this manifest; its locales: "
          + result.localeOutcomes.keys.sorted().joined(separator: ", "))
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
        if let skipped = result.skippedEntries[locale] { item["skipped"] = skippedJSON(skipped) }
        perLocale[locale] = item
      }
      var object: [String: Any] = [
        "status": result.status.rawValue, "revision": result.revision,
        "updatedLocales": result.updatedLocales.sorted(), "locales": perLocale,
        "manifest": client.transport.manifestLocation,
      ]
      if let message = result.errorMessage { object["errorMessage"] = message }
      if !client.cacheProblems.isEmpty { object["cacheProblems"] = client.cacheProblems }
      print(jsonText(object))
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
      for problem in client.cacheProblems { print("cache problem: \(problem)") }
      if let message = result.errorMessage { print("error: \(message)") }
    }
    if result.status == .failed { return 1 }
    return result.everyLocaleFailed ? 3 : 0
  }

  // MARK: - validate

  static func validate(_ arguments: [String]) -> Int32 {
    var json = false
    var site: String?
    for argument in arguments {
      switch argument {
      case "-h", "--help":
        print(validateUsage)
        return 0
      case "--json": json = true
      default:
        if argument.hasPrefix("-") || site != nil {
          printError("error: unexpected argument '\(argument)'\n\n\(validateUsage)")
          return 2
        }
        site = argument
      }
    }
    guard let site else {
      printError("error: missing SITE directory\n\n\(validateUsage)")
      return 2
    }
    let report = ReRuneSiteValidator.validate(URL(fileURLWithPath: site, isDirectory: true))
    if json {
      print(
        jsonText([
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
