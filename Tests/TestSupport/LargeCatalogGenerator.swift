/// Generates a large, realistic String Catalog in Xcode's layout (the shape of a big SwiftUI app's
/// `Localizable.xcstrings`): 19 languages, plain strings, plural variations in every language's CLDR
/// categories, substitutions, device variations without `other`, `needs_review` / `stale` states and
/// the two patterns Xcode accepts that used to be rejected:
/// - `"%#@followers@"` selecting its plural on argument 1 (`formatSpecifier: lld`) while the branches
///   print only argument 2 (`"%2$@ Follower"`), and a Korean plain unit `"%2$@ 팔로워"`;
/// - device variations with `iphone`, `ipad`, `mac`, `applevision` and no `other`.
///
/// `broken` entries are really unusable (a reference to an undefined substitution); they are listed
/// in ``Catalog/broken`` so a test can expect exactly those diagnostics.
public enum LargeCatalogGenerator {
  /// The 19 languages, source first.
  public static let languages = [
    "en", "ar", "be", "cy", "de", "es", "fr", "it", "ja", "ko", "lv", "nl", "pl", "pt-BR", "ru",
    "sv", "tr", "uk", "zh-Hans",
  ]

  /// The CLDR cardinal categories each language uses.
  public static func categories(_ language: String) -> [String] {
    switch language {
    case "ar", "cy": return ["zero", "one", "two", "few", "many", "other"]
    case "be", "ru", "uk", "pl": return ["one", "few", "many", "other"]
    case "lv": return ["zero", "one", "other"]
    case "ja", "ko", "zh-Hans": return ["other"]
    case "fr", "es", "it", "pt-BR": return ["one", "many", "other"]
    default: return ["one", "other"]
    }
  }

  /// The key of the followers pattern (`%#@followers@`, arguments: count, name).
  public static let followersKey = "%lld %@ followers"
  /// The key of the device variations without `other`.
  public static let deviceKey = "tap_to_open"

  /// A generated catalog.
  public struct Catalog: Sendable {
    /// The catalog text (UTF-8 JSON in Xcode's layout).
    public var text: String
    /// The number of keys.
    public var keyCount: Int
    /// `(key, locale)` of every entry generated to be unusable.
    public var broken: [(key: String, locale: String)]
  }

  /// Generates a catalog of about `targetBytes` (at least 733 keys), with `brokenEntries` unusable
  /// localizations spread over the languages.
  public static func generate(targetBytes: Int = 2_100_000, brokenEntries: Int = 6) -> Catalog {
    // The size grows linearly with the padding: measure two points and pick the padding.
    let small = make(padding: 0, brokenEntries: brokenEntries)
    let base = small.text.utf8.count
    if base >= targetBytes { return small }
    let step = make(padding: 1, brokenEntries: brokenEntries).text.utf8.count - base
    let padding = (targetBytes - base + step - 1) / max(step, 1)
    return make(padding: padding, brokenEntries: brokenEntries)
  }

  static func words(_ language: String, _ index: Int, _ padding: Int) -> String {
    let base: String
    switch language {
    case "ar": base = "نص الواجهة"
    case "be": base = "Тэкст інтэрфейсу"
    case "ja": base = "インターフェースの文字列"
    case "ko": base = "인터페이스 문자열"
    case "ru": base = "Текст интерфейса"
    case "uk": base = "Текст інтерфейсу"
    case "zh-Hans": base = "界面文字"
    default: base = "Interface text (\(language))"
    }
    return base + " \(index)" + String(repeating: " ·", count: padding)
  }

  static func make(padding: Int, brokenEntries: Int) -> Catalog {
    typealias W = XcodeCatalogWriter
    var strings: [String: XcodeJSON] = [:]
    var broken: [(key: String, locale: String)] = []
    let total = 733
    for index in 0..<total {
      let key: String
      var localizations: [String: XcodeJSON] = [:]
      // As in a real app's catalog: a few keys carry variations (about 12 × 19 plural variations,
      // 5 × 19 substitutions, 1 × 19 device variations), the rest are plain or formatted units.
      let pattern: Int
      switch index {
      case 0..<12: pattern = 0
      case 12..<14: pattern = 3
      case 14..<17: pattern = 5
      case 17: pattern = 4
      case 18..<60: pattern = 6
      default: pattern = 7 + index % 4
      }
      for (position, language) in languages.enumerated() {
        let text = words(language, index, padding)
        let state = (index + position) % 17 == 0 ? "needs_review" : "translated"
        switch pattern {
        case 0:  // plural variation
          var forms: [String: String] = [:]
          for category in categories(language) { forms[category] = "%lld " + text + " " + category }
          localizations[language] = W.plural(forms, state: state)
        case 3:  // substitution whose selector is not printed (the followers pattern)
          if language == "ko" {
            localizations[language] = W.unit("%2$@ 팔로워 " + text, state: state)
          } else {
            var forms: [String: String] = [:]
            for category in categories(language) {
              forms[category] = "%2$@ Follower " + category + " " + text
            }
            localizations[language] = W.substituted(
              "%#@followers@", state: state,
              substitutions: ["followers": W.substitution(argNum: 1, forms: forms, state: state)])
          }
        case 4:  // device variations without "other"
          localizations[language] = W.device([
            "iphone": W.unit("Tap " + text, state: state),
            "ipad": W.unit("Tap (iPad) " + text, state: state),
            "mac": W.unit("Click " + text, state: state),
            "applevision": W.unit("Look " + text, state: state),
          ])
        case 5:  // two substitutions and a leading object argument
          var files: [String: String] = [:]
          var folders: [String: String] = [:]
          for category in categories(language) {
            files[category] = "%arg file " + category
            folders[category] = "%arg folder " + category
          }
          localizations[language] = W.substituted(
            "%@: %#@files@ in %#@folders@ " + text, state: state,
            substitutions: [
              "files": W.substitution(argNum: 2, forms: files, state: state),
              "folders": W.substitution(argNum: 3, forms: folders, state: state),
            ])
        case 6:
          localizations[language] = W.unit(
            "%1$@ %2$lld %3$.2f " + text, state: index % 3 == 0 ? "stale" : state)
        default:
          localizations[language] = W.unit(text, state: state)
        }
      }
      key = index == 12 ? followersKey : index == 17 ? deviceKey : "key.\(index).pattern\(pattern)"
      if broken.count < brokenEntries, pattern == 7, index % 7 == 1 {
        let language = languages[1 + (broken.count * 5) % (languages.count - 1)]
        localizations[language] = W.unit("%#@undefined@ " + words(language, index, 0))
        broken.append((key, language))
      }
      strings[key] = W.entry(comment: "Generated string \(index)", localizations: localizations)
    }
    return Catalog(
      text: W.catalog(strings: strings), keyCount: total, broken: broken)
  }
}
