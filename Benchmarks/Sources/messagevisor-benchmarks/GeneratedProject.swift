import Foundation

/// Writes a synthetic Messagevisor project: `messages` messages in 20 namespaces, each translated
/// into 6 locales (every 10th an ICU plural, every 20th with a segment override), one target
/// `app` building every message. Used to measure builds at a size project-1 does not reach.
enum GeneratedProject {
  static let locales = ["en-US", "de-DE", "fr-FR", "nl-NL", "ja-JP", "ar"]
  static let target = "app"

  /// Creates the project under `directory` (which must not exist yet).
  static func write(to directory: String, messages: Int) throws {
    func put(_ relative: String, _ text: String) throws {
      let path = directory + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: false, encoding: .utf8)
    }
    try put("messagevisor.config.yml", "sourceLocale: en-US\nparser: yml\nmodules:\n  - icu\n")
    try put("attributes/plan.yml", "type: string\n")
    try put("attributes/platform.yml", "type: string\n")
    try put(
      "segments/plan-pro.yml",
      "conditions:\n  - attribute: plan\n    operator: equals\n    value: pro\n")
    for locale in locales {
      try put(
        "locales/\(locale).yml",
        "description: \(locale)\n" + (locale == "ar" ? "direction: rtl\n" : ""))
    }
    try put(
      "targets/\(target).yml",
      "includeMessages: \"*\"\nlocales:\n" + locales.map { "  - \($0)\n" }.joined())
    for index in 0..<messages {
      try put(path(of: index), text(of: index, edit: nil))
    }
    // A screen of its own, as a project would have: the previewer shows it first (instead of
    // the message browser over all 10,000 keys).
    let shown = [1_234 % messages, 1, 2, 3]
    try put(
      "previews/main.yml",
      "title: Main\norder: 1\nblocks:\n  - heading: \(key(of: shown[0]))\n"
        + shown.dropFirst().map { "  - paragraph: \(key(of: $0))\n" }.joined())
  }

  /// The relative path of message `index`.
  static func path(of index: Int) -> String {
    "messages/area\(index % 20)/message\(index).yml"
  }

  /// The message key of message `index`.
  static func key(of index: Int) -> String {
    "area\(index % 20).message\(index)"
  }

  /// The file text of message `index`; with `edit`, every translation says so.
  static func text(of index: Int, edit: Int?) -> String {
    var text = "description: Generated message \(index)\ntranslations:\n"
    for locale in locales {
      let words =
        edit.map { "edit \($0) of message \(index) (\(locale))" }
        ?? "Message \(index) in \(locale)"
      if index % 10 == 0 && edit == nil {
        text +=
          "  \(locale): \"{count, plural, one {# item for \(words)} other {# items for \(words)}}\"\n"
      } else {
        text += "  \(locale): \"\(words)\"\n"
      }
    }
    if index % 20 == 5 {
      text +=
        "overrides:\n  - key: pro\n    segments: [plan-pro]\n    translations:\n"
        + "      en-US: \"Pro: message \(index)\"\n"
    }
    return text
  }
}
