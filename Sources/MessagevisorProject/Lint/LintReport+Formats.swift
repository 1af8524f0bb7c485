@_spi(MessagevisorModules) import Messagevisor
import TerminalSafety

extension LintReport {
  /// The findings as upstream's JSON array (plus `line`, `column`, `locale`).
  public func json(pretty: Bool = false) -> String {
    guard findings.count > 256 else {
      return JSONText.encode(.array(findings.map(\.json)), pretty: pretty)
    }
    // What `JSONText.encode` writes for the array, its elements written on every core in
    // slices and joined in order.
    let findings = findings
    let size = 256
    let slices = stride(from: 0, to: findings.count, by: size).map {
      $0..<min($0 + size, findings.count)
    }
    let parts = ParallelMap.map(slices) { range -> [UInt8] in
      var output: [UInt8] = []
      for index in range {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { output.append(contentsOf: "\n  ".utf8) }
        JSONWriter.write(findings[index].json, pretty: pretty, indent: 1, into: &output)
      }
      return output
    }
    var output: [UInt8] = [UInt8(ascii: "[")]
    output.reserveCapacity(parts.reduce(2) { $0 + $1.count })
    for part in parts { output += part }
    if pretty { output.append(UInt8(ascii: "\n")) }
    output.append(UInt8(ascii: "]"))
    return String(decoding: output, as: UTF8.self)
  }

  /// The findings as a SARIF 2.1.0 log: one run whose `tool.driver.rules` lists every rule (id,
  /// descriptions, help, default level) and whose results carry `ruleId`, `ruleIndex`, `level`,
  /// `message` and a `physicalLocation` with its `region`.
  public func sarif(pretty: Bool = true) -> String {
    let rules = LintRule.all
    func level(_ level: LintLevel) -> MessagevisorValue {
      switch level {
      case .error: return "error"
      case .warning: return "warning"
      case .info: return "note"
      }
    }
    let ruleObjects: [MessagevisorValue] = rules.map { rule in
      [
        "id": .string(rule.code), "name": .string(rule.code),
        "shortDescription": ["text": .string(rule.help)],
        "fullDescription": ["text": .string(rule.help)],
        "help": ["text": .string(rule.help)],
        "defaultConfiguration": ["level": level(rule.level)],
        "properties": ["upstream": .bool(rule.upstream)],
      ]
    }
    let results: [MessagevisorValue] = findings.map { finding in
      var region: [String: MessagevisorValue] = ["startLine": .int(max(finding.line, 1))]
      if finding.column > 0 { region["startColumn"] = .int(finding.column) }
      var properties: [String: MessagevisorValue] = [
        "entityType": .string(finding.entityType), "entityKey": .string(finding.entityKey),
        "path": .string(finding.path),
      ]
      if let locale = finding.locale { properties["locale"] = .string(locale) }
      return [
        "ruleId": .string(finding.code),
        "ruleIndex": .int(rules.firstIndex { $0.code == finding.code } ?? 0),
        "level": level(finding.level),
        "message": ["text": .string(finding.message)],
        "locations": [
          [
            "physicalLocation": [
              "artifactLocation": ["uri": .string(finding.filePath), "uriBaseId": "PROJECTROOT"],
              "region": .object(region),
            ]
          ]
        ],
        "properties": .object(properties),
      ]
    }
    let log: MessagevisorValue = [
      "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
      "version": "2.1.0",
      "runs": [
        [
          "tool": [
            "driver": [
              "name": "messagevisor-swift lint",
              "informationUri": "https://github.com/messagevisor/messagevisor",
              "rules": .array(ruleObjects),
            ]
          ],
          "results": .array(results),
        ]
      ],
    ]
    return JSONText.encode(log, pretty: pretty)
  }

  /// The findings as text grouped by file: a file line, then `  line:column  level  code
  /// message [locale]` per finding, then a summary. Every string from the project passes through
  /// `SafeText`; with `color`, levels and positions get ANSI colours (added after neutralizing).
  public func text(color: Bool) -> String {
    func paint(_ text: String, _ code: String) -> String {
      color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    func safe(_ text: String) -> String { SafeText.neutralized(text) }
    var lines: [String] = []
    var currentFile: String?
    for finding in findings {
      if finding.filePath != currentFile {
        if currentFile != nil { lines.append("") }
        currentFile = finding.filePath
        lines.append(paint(safe(finding.filePath), "1;4"))
      }
      let position = finding.line > 0 ? "\(finding.line):\(finding.column)" : "-"
      let padded = position.padding(toLength: max(position.count, 7), withPad: " ", startingAt: 0)
      let levelText = finding.level.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
      let levelColor: String
      switch finding.level {
      case .error: levelColor = "31"
      case .warning: levelColor = "33"
      case .info: levelColor = "36"
      }
      var line = "  \(paint(padded, "2")) \(paint(levelText, levelColor)) "
      line += paint(safe(finding.code), "2") + "  " + safe(finding.message)
      line +=
        "  "
        + paint("(\(safe(finding.entityKey))\(finding.locale.map { ", " + safe($0) } ?? ""))", "2")
      lines.append(line)
    }
    if !findings.isEmpty { lines.append("") }
    let summary =
      "\(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), \(count(.info)) info"
    lines.append(findings.isEmpty ? "No problems found." : summary)
    return lines.joined(separator: "\n")
  }
}
