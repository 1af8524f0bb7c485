/// What errors about a project file add so that the reader can fix it without searching: the
/// smallest valid content of that kind of file and the section of `docs/project-format.md` (in
/// the messagevisor-swift repository) that lists every field.
enum ProjectFormatGuide {
  /// The document that describes every file kind.
  static let document = "docs/project-format.md"

  /// The smallest valid content and the document's section, by the name errors use for the kind.
  static let kinds: [String: (minimal: String, section: String)] = [
    "the config": ("sourceLocale: en", "config"),
    "attribute": ("type: string", "attributes"),
    "locale": ("description: Dutch", "locales"),
    "segment": ("conditions: [{attribute: platform, operator: equals, value: web}]", "segments"),
    "message": ("translations: {en: Welcome, nl: Welkom}", "messages"),
    "override": ("- {key: web, segments: [web], translations: {en: Hello web}}", "overrides"),
    "target": ("includeMessages: [\"*\"]", "targets"),
    "test spec": (
      "{message: home.title, assertions: [{locale: en, expectedTranslation: Welcome}]}", "tests"
    ),
  ]

  /// ` (a minimal locale file: `description: Dutch`; every field: docs/project-format.md#locales)`
  /// for a kind the guide knows, else `""`.
  static func hint(for kind: String) -> String {
    guard let entry = kinds[kind] else { return "" }
    let name = kind.hasPrefix("the ") ? String(kind.dropFirst(4)) : kind
    let what = kind == "override" ? "a minimal overrides list" : "a minimal \(name) file"
    return " (\(what): `\(entry.minimal)`; every field: \(document)#\(entry.section))"
  }
}
