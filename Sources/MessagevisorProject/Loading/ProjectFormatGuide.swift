/// What errors about a project file add so that the reader can fix it without searching: the
/// smallest valid content of that kind of file and the section of `docs/project-format.md` (in
/// the messagevisor-swift repository) that lists every field.
public enum ProjectFormatGuide {
  /// The document that describes every file kind (a path in the messagevisor-swift repository).
  public static let document = "docs/project-format.md"

  /// What to do about a project without targets, for every program that finds none.
  public static let noTargetsAdvice =
    "add one, e.g. targets/app.yml with the line includeMessages: [\"*\"] (every message in every locale; its fields: \(document)#targets)"

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

  /// ` (docs/project-format.md#locales)` for a kind the guide knows, else `""`.
  static func link(for kind: String) -> String {
    kinds[kind].map { " (\(document)#\($0.section))" } ?? ""
  }

  /// ` (a minimal locale file: `description: Dutch`; every field: docs/project-format.md#locales)`
  /// for a kind the guide knows, else `""`.
  static func hint(for kind: String) -> String {
    guard let entry = kinds[kind] else { return "" }
    let name = kind.hasPrefix("the ") ? String(kind.dropFirst(4)) : kind
    let what = kind == "override" ? "a minimal overrides list" : "a minimal \(name) file"
    return " (\(what): `\(entry.minimal)`; every field: \(document)#\(entry.section))"
  }
}
