import Foundation
import Messagevisor

extension ProjectConfig {
  /// Reads the config in `directory`: `messagevisor.config.yml`, `.yaml` or `.json` are parsed;
  /// `messagevisor.config.js` cannot be executed, so known options are scanned from its text and
  /// reported in `notes`. A missing config gives the defaults.
  public static func load(directory: String) throws(ProjectError) -> ProjectConfig {
    let manager = FileManager.default
    for name in ["messagevisor.config.yml", "messagevisor.config.yaml", "messagevisor.config.json"]
    {
      let path = (directory as NSString).appendingPathComponent(name)
      if manager.fileExists(atPath: path) { return try parseStructured(path: path, name: name) }
    }
    for name in ["messagevisor.config.js", "messagevisor.config.cjs", "messagevisor.config.mjs"] {
      let path = (directory as NSString).appendingPathComponent(name)
      if manager.fileExists(atPath: path) { return try scanJavaScript(path: path, name: name) }
    }
    var config = ProjectConfig()
    config.notes.append(
      "no messagevisor.config file: using defaults (parser yml, namespace \".\", ICU module on)")
    return config
  }

  static func parseStructured(path: String, name: String) throws(ProjectError) -> ProjectConfig {
    let root: YAMLNode
    do { root = try YAMLParser().parseFile(at: path) } catch { throw ProjectError(error) }
    guard let entries = root.entries else {
      throw ProjectError(
        file: name, line: root.line,
        message: "the config must be a mapping" + ProjectFormatGuide.hint(for: "the config"))
    }
    var config = ProjectConfig()
    config.file = name
    config.icuModule = false
    for entry in entries {
      guard knownKeys.contains(entry.key) else {
        throw ProjectError(
          file: name, line: entry.line, column: entry.column,
          message:
            "unknown config option \"\(entry.key)\"; known options: \(knownKeys.sorted().joined(separator: ", "))"
        )
      }
      func string() throws(ProjectError) -> String {
        guard let text = entry.value.string else {
          throw ProjectError(
            file: name, line: entry.value.line, column: entry.value.column,
            message: "\"\(entry.key)\" must be a string")
        }
        return text
      }
      switch entry.key {
      case "namespaceCharacter": config.namespaceCharacter = try string()
      case "exportOverrideKeySeparator": config.exportOverrideKeySeparator = try string()
      case "sourceLocale": config.sourceLocale = try string()
      case "datafileNamePattern": config.datafileNamePattern = try string()
      case "revisionFileName": config.revisionFileName = try string()
      case "parser":
        guard let parser = Parser(rawValue: try string()) else {
          throw ProjectError(
            file: name, line: entry.value.line, column: entry.value.column,
            message: "parser must be \"yml\" or \"json\"")
        }
        config.parser = parser
      case "sets": config.sets = entry.value.scalar?.boolValue ?? false
      case "promotionFlows":
        config.promotionFlows = try parsePromotionFlows(entry.value, file: name)
      case "icuSkeleton": config.icuSkeleton = entry.value.scalar?.boolValue ?? false
      case "lintIcu": config.lintIcu = entry.value.scalar?.boolValue ?? true
      case "lint": config.lint = try LintConfig.parse(entry.value, file: name)
      case "modules":
        let names = (entry.value.items ?? []).compactMap { item in
          item.string ?? item["name"]?.string
        }
        config.icuModule = names.contains { $0.lowercased().contains("icu") }
        config.interpolationModule = names.contains { $0.lowercased().contains("interpolation") }
      default:
        if entry.key.hasSuffix("DirectoryPath") { config.directoryPaths[entry.key] = try string() }
      }
    }
    try config.validate(file: name)
    return config
  }

  static func scanJavaScript(path: String, name: String) throws(ProjectError) -> ProjectConfig {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ProjectError(file: name, message: "cannot read the config file")
    }
    let text = String(decoding: data, as: UTF8.self)
    var config = ProjectConfig()
    config.file = name
    func quoted(_ key: String) -> String? {
      guard
        let regex = try? NSRegularExpression(
          pattern: "\\b\(key)\\s*:\\s*[\"'`]([^\"'`]*)[\"'`]")
      else { return nil }
      let range = NSRange(text.startIndex..., in: text)
      guard let match = regex.firstMatch(in: text, range: range),
        let capture = Range(match.range(at: 1), in: text)
      else { return nil }
      return String(text[capture])
    }
    var inferred: [String] = []
    if let value = quoted("namespaceCharacter") {
      config.namespaceCharacter = value
      inferred.append("namespaceCharacter \"\(value)\"")
    }
    if let value = quoted("parser"), let parser = Parser(rawValue: value) {
      config.parser = parser
      inferred.append("parser \(value)")
    }
    if let value = quoted("sourceLocale") {
      config.sourceLocale = value
      inferred.append("sourceLocale \(value)")
    }
    if let value = quoted("datafileNamePattern") { config.datafileNamePattern = value }
    if let value = quoted("revisionFileName") { config.revisionFileName = value }
    config.icuModule = text.contains("createICUModule")
    config.interpolationModule = text.contains("createInterpolationModule")
    if text.range(of: "sets\\s*:\\s*true", options: .regularExpression) != nil {
      config.sets = true
    }
    inferred.append("ICU module \(config.icuModule ? "on" : "off")")
    inferred.append("interpolation module \(config.interpolationModule ? "on" : "off")")
    config.notes.append(
      "\(name) is JavaScript and is not executed; inferred: \(inferred.joined(separator: ", ")). "
        + "Override with --withIcuModule / --withInterpolationModule if this is wrong.")
    try config.validate(file: name)
    return config
  }

  func validate(file: String) throws(ProjectError) {
    guard namespaceCharacter.count == 1, namespaceCharacter != "/", namespaceCharacter != "\\"
    else {
      throw ProjectError(
        file: file, message: "namespaceCharacter must be one character other than / and \\")
    }
    guard namespaceCharacter != exportOverrideKeySeparator else {
      throw ProjectError(
        file: file, message: "exportOverrideKeySeparator must differ from namespaceCharacter")
    }
  }
}
