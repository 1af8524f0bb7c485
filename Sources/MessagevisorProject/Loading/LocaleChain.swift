import Messagevisor

/// Locale inheritance chains (`inheritTranslationsFrom`, `inheritFormatsFrom`), cycle-checked.
public enum LocaleChain {
  /// `[locale, parent, grandparent, …]` along `inheritTranslationsFrom`.
  public static func translations(for locale: String, in project: Project) throws(ProjectError)
    -> [String]
  {
    try chain(locale, project, field: "inheritTranslationsFrom") { $0.inheritTranslationsFrom }
  }

  /// `[locale, parent, …]` along `inheritFormatsFrom`.
  public static func formats(for locale: String, in project: Project) throws(ProjectError)
    -> [String]
  {
    try chain(locale, project, field: "inheritFormatsFrom") { $0.inheritFormatsFrom }
  }

  static func chain(
    _ start: String, _ project: Project, field: String, next: (ProjectLocale) -> String?
  ) throws(ProjectError) -> [String] {
    var result: [String] = []
    var current: String? = start
    while let key = current {
      if result.contains(key) {
        let file = project.locales[start]?.file ?? "locales/\(start)"
        throw ProjectError(
          file: file,
          message: "\(field) cycle: \((result + [key]).joined(separator: " → "))",
          code: "locale_inheritance_cycle")
      }
      result.append(key)
      guard let locale = project.locales[key] else {
        throw ProjectError(
          file: "locales/\(key)", message: "unknown locale \"\(key)\"", code: "unknown_locale")
      }
      current = next(locale)
    }
    return result
  }
}
