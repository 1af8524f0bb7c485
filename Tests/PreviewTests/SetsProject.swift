import Foundation

/// A project with `sets: true` and three sets (dev, production, staging) whose message names
/// overlap: `app.title` and `app.body` in every set, each set with its own text (`Dev title`,
/// `Production title`, `Staging title`); one screen in the project's `previews/` serves them all.
enum SetsProject {
  /// The sets, in the order the previewer lists them.
  static let sets = ["dev", "production", "staging"]

  /// The title each set shows in en-US.
  static func title(_ set: String) -> String {
    set.prefix(1).uppercased() + set.dropFirst() + " title"
  }

  /// Writes the project into a new temporary directory and returns its path.
  static func write(_ name: String = "sets-project") throws -> String {
    let root = DemoFixture.temporaryDirectory(name)
    try put(root, "messagevisor.config.yml", "sets: true\n")
    try put(
      root, "previews/home.yml",
      "title: Home\nblocks:\n  - heading: app.title\n  - paragraph: app.body\n")
    for set in sets {
      try put(root, "sets/\(set)/locales/en-US.yml", "description: English\n")
      try put(root, "sets/\(set)/locales/nl-NL.yml", "description: Dutch\n")
      try put(root, "sets/\(set)/messages/app/title.yml", message(title(set)))
      try put(root, "sets/\(set)/messages/app/body.yml", message("Body of \(set)"))
      try put(root, "sets/\(set)/targets/terminal.yml", "includeMessages: '*'\n")
    }
    return root
  }

  /// A message file with `english` in en-US and a Dutch text.
  static func message(_ english: String) -> String {
    "description: Text\ntranslations:\n  en-US: \"\(english)\"\n  nl-NL: \"NL \(english)\"\n"
  }

  /// Writes `text` to `relative` under `root` in place (as most editors do).
  static func put(_ root: String, _ relative: String, _ text: String) throws {
    let url = URL(fileURLWithPath: root + "/" + relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: false, encoding: .utf8)
  }
}
