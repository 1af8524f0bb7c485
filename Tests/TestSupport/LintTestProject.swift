import Foundation

/// A small project for lint tests: source locale `en`, locales `en`, `en-GB` (inherits `en`),
/// `nl` (inherits `en`), `ru`, `ja`; one target building them all; messages added per test.
public enum LintTestProject {
  public static func make(config extra: String = "") -> TempProject {
    let project = TempProject()
    project.write(
      "messagevisor.config.yml", "sourceLocale: en\nmodules:\n  - icu\n" + extra)
    project.write("attributes/platform.yml", "type: string\n")
    project.write("attributes/beta.yml", "type: boolean\n")
    project.write(
      "locales/en.yml", "formats:\n  number:\n    money: {style: currency, currency: USD}\n")
    project.write("locales/en-GB.yml", "inheritTranslationsFrom: en\ninheritFormatsFrom: en\n")
    project.write("locales/nl.yml", "inheritTranslationsFrom: en\ninheritFormatsFrom: en\n")
    project.write("locales/ru.yml", "inheritFormatsFrom: en\n")
    project.write("locales/ja.yml", "inheritFormatsFrom: en\n")
    project.write(
      "segments/web.yml",
      "conditions:\n  - attribute: platform\n    operator: equals\n    value: web\n")
    project.write("targets/app.yml", "includeMessages: '*'\n")
    return project
  }

  /// Writes `messages/<key>.yml` with base translations (and any extra YAML).
  public static func message(
    _ project: TempProject, _ key: String, _ translations: [String: String], extra: String = ""
  ) {
    var text = "translations:\n"
    for locale in translations.keys.sorted() {
      text += "  \(locale): \(quote(translations[locale] ?? ""))\n"
    }
    project.write("messages/\(key).yml", text + extra)
  }

  /// A YAML double-quoted scalar.
  public static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || scalar.properties.generalCategory == .format
        {
          result += String(format: "\\u%04X", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Every locale translated the same way for messages that are not about translation.
  public static func all(_ text: String) -> [String: String] {
    ["en": text, "nl": text, "ru": text, "ja": text]
  }
}
