import Foundation

/// A deterministic, seeded Messagevisor project of `messages` messages × `locales` locales, laid
/// out as a real app's project: `messages/<feature>/<screen>/<component>_<n>.yml`, one file per
/// message, a source locale and up to 39 more in several scripts, three segments, one target.
///
/// The mix is the one issue 32 measures: about 10 % of the messages are ICU plurals (only the
/// `other` branch in locales whose CLDR rules have no `one`), 10 % take arguments (`{name}`,
/// `{count, number}`), and 10 % carry an override behind a segment, translated in every locale.
/// Each message's text is a pure function of (seed, message index, locale), so two runs with the
/// same parameters write byte-identical projects and a message can be rewritten on its own.
public struct ScaleProject: Sendable {
  /// The 40 locales, the source locale first.
  public static let allLocales = [
    "en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "es-MX", "it-IT", "pt-BR", "pt-PT", "nl-NL",
    "sv-SE", "da-DK", "nb-NO", "fi-FI", "pl-PL", "cs-CZ", "sk-SK", "hu-HU", "ro-RO", "bg-BG",
    "hr-HR", "sl-SI", "el-GR", "tr-TR", "ru-RU", "uk-UA", "he-IL", "ar", "fa-IR", "hi-IN",
    "bn-BD", "th-TH", "vi-VN", "id-ID", "ms-MY", "ja-JP", "ko-KR", "zh-Hans", "zh-Hant", "ca-ES",
  ]
  /// The generator's format version: part of the marker of a finished project, so a project
  /// written by an older generator is written again.
  public static let formatVersion = 1
  /// The one target, building every message.
  public static let target = "app"
  /// The features (first folder level under `messages/`).
  public static let features = [
    "auth", "checkout", "feed", "help", "notifications", "onboarding", "payments", "profile",
    "search", "settings",
  ]
  /// The screens of a feature (second folder level).
  public static let screens = [
    "banner", "detail", "dialog", "edit", "empty", "error", "list", "sheet", "summary", "toolbar",
  ]
  /// The components of a screen (the file name's stem).
  public static let components = ["title", "body", "button", "label", "hint", "caption"]
  /// The segments overrides stand behind.
  public static let segments = ["plan-pro", "plan-enterprise", "beta-ios"]

  /// The number of messages.
  public var messages: Int
  /// The number of locales (1 … 40).
  public var locales: Int
  /// The seed every text is drawn from.
  public var seed: UInt64
  /// Messages shown on a preview screen `previews/main.yml` (a heading, then paragraphs), so that
  /// the previewer opens on a screen instead of the message browser; none: no screen.
  public var screenMessages: [Int] = []

  /// A project of `messages` messages × `locales` locales drawn from `seed`.
  public init(messages: Int, locales: Int, seed: UInt64, screenMessages: [Int] = []) {
    self.messages = messages
    self.locales = locales
    self.seed = seed
    self.screenMessages = screenMessages
  }

  /// The number of translations (messages × locales).
  public var translations: Int { messages * locales }

  /// The locale codes used, the source locale first.
  public var localeCodes: [String] { Array(Self.allLocales.prefix(locales)) }

  /// Parameters the generator rejects before writing anything, or a directory it cannot write.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// Checks the parameters: 1 … 10,000,000 messages, 1 … 40 locales.
  public func validate() throws {
    guard (1...10_000_000).contains(messages) else {
      throw Failure(description: "--messages must be between 1 and 10000000")
    }
    guard (1...Self.allLocales.count).contains(locales) else {
      throw Failure(
        description: "--locales must be between 1 and \(Self.allLocales.count)")
    }
  }

  /// The marker written last into a finished project (parameters and format version).
  public var marker: String {
    "scale-project v\(Self.formatVersion) messages=\(messages) locales=\(locales) seed=\(seed)"
      + (screenMessages.isEmpty
        ? "" : " screen=" + screenMessages.map(String.init).joined(separator: ","))
      + "\n"
  }

  /// Whether `directory` holds a finished project with exactly these parameters.
  public func isWritten(at directory: String) -> Bool {
    let text = try? String(contentsOfFile: directory + "/.scale-project", encoding: .utf8)
    return text == marker
  }

  /// Writes the project into `directory`, which must be absent or empty.
  public func write(to directory: String) throws {
    try validate()
    let manager = FileManager.default
    if manager.fileExists(atPath: directory) {
      let names: [String]
      do {
        names = try manager.contentsOfDirectory(atPath: directory)
      } catch {
        throw Failure(description: "\(directory) is not a readable directory")
      }
      guard names.isEmpty else {
        throw Failure(description: "\(directory) exists and is not empty")
      }
    }
    var created = Set<String>()
    func put(_ relative: String, _ text: String) throws {
      let path = directory + "/" + relative
      let parent = (path as NSString).deletingLastPathComponent
      if created.insert(parent).inserted {
        do {
          try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
          throw Failure(description: "cannot create the directory \(parent): \(Self.reason(error))")
        }
      }
      guard manager.createFile(atPath: path, contents: Data(text.utf8)) else {
        throw Failure(description: "cannot write the file \(path)")
      }
    }
    let codes = localeCodes
    try put(
      "messagevisor.config.yml",
      "# Generated by messagevisor-benchmarks generate-project (\(marker.dropLast())).\n"
        + "sourceLocale: \(codes[0])\nparser: yml\nnamespaceCharacter: \".\"\nmodules:\n  - icu\n")
    try put("attributes/plan.yml", "description: The reader's plan\ntype: string\n")
    try put("attributes/platform.yml", "description: The app's platform\ntype: string\n")
    try put(
      "segments/plan-pro.yml",
      "conditions:\n  - attribute: plan\n    operator: equals\n    value: pro\n")
    try put(
      "segments/plan-enterprise.yml",
      "conditions:\n  - attribute: plan\n    operator: equals\n    value: enterprise\n")
    try put(
      "segments/beta-ios.yml",
      "conditions:\n  and:\n    - attribute: platform\n      operator: equals\n      value: ios\n"
        + "    - attribute: plan\n      operator: in\n      value: [pro, enterprise]\n")
    for code in codes {
      let rtl = ["ar", "fa-IR", "he-IL"].contains(code)
      try put("locales/\(code).yml", "description: \(code)\n" + (rtl ? "direction: rtl\n" : ""))
    }
    try put(
      "targets/\(Self.target).yml",
      "description: The app\nincludeMessages: \"*\"\nlocales:\n"
        + codes.map { "  - \($0)\n" }.joined())
    for index in 0..<messages {
      try put(path(of: index), text(of: index))
    }
    if let heading = screenMessages.first {
      try put(
        "previews/main.yml",
        "title: Main\norder: 1\nblocks:\n  - heading: \(key(of: heading))\n"
          + screenMessages.dropFirst().map { "  - paragraph: \(key(of: $0))\n" }.joined())
    }
    try put(".scale-project", marker)
  }

  /// Why a file operation failed, in words (`No such file or directory`).
  public static func reason(_ error: Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }

  /// The relative path of message `index`.
  public func path(of index: Int) -> String {
    let (feature, screen, component) = place(of: index)
    return "messages/\(feature)/\(screen)/\(component)_\(index).yml"
  }

  /// The message key of message `index`.
  public func key(of index: Int) -> String {
    let (feature, screen, component) = place(of: index)
    return "\(feature).\(screen).\(component)_\(index)"
  }

  /// The feature, screen and component of message `index`.
  public func place(of index: Int) -> (String, String, String) {
    let features = Self.features
    let screens = Self.screens
    let components = Self.components
    return (
      features[index % features.count], screens[(index / features.count) % screens.count],
      components[(index / (features.count * screens.count)) % components.count]
    )
  }

  /// What kind of message `index` is.
  public enum Kind: Sendable {
    /// Text only.
    case plain
    /// An ICU plural.
    case plural
    /// Text with `{name}` and `{count, number}`.
    case arguments
  }

  /// The kind of message `index` and whether it has an override (10 % each, seeded).
  public func shape(of index: Int) -> (kind: Kind, override: Int?) {
    var random = SeededGenerator(seed: seed, stream: UInt64(index))
    let roll = random.below(10)
    let kind: Kind = roll == 0 ? .plural : roll == 1 ? .arguments : .plain
    let override = random.below(10) == 0 ? random.below(Self.segments.count) : nil
    return (kind, override)
  }

  /// The file text of message `index`; with `edit`, every base translation carries the marker
  /// (for edit benchmarks: the file changes, its shape does not).
  public func text(of index: Int, edit: String? = nil) -> String {
    let (kind, override) = shape(of: index)
    let (feature, screen, component) = place(of: index)
    var text = "description: \(component.capitalized) on the \(screen) screen of \(feature)\n"
    if index % 7 == 0 {
      text += "meta:\n  screen: \(feature)-\(screen)\n  component: \(component)\n"
    }
    text += "translations:\n"
    for (localeIndex, code) in localeCodes.enumerated() {
      let base =
        phrase(index: index, locale: localeIndex, variant: 0) + (edit.map { " \($0)" } ?? "")
      text += "  \(code): \"\(Self.icu(base, kind: kind, locale: code, index: index))\"\n"
    }
    if let override {
      text +=
        "overrides:\n  - key: \(Self.segments[override])\n    segments: [\(Self.segments[override])]\n"
        + "    translations:\n"
      for (localeIndex, code) in localeCodes.enumerated() {
        let words = phrase(index: index, locale: localeIndex, variant: 1)
        text += "      \(code): \"\(Self.icu(words, kind: kind, locale: code, index: index))\"\n"
      }
    }
    return text
  }

  /// Locales whose CLDR cardinal rules have no `one` category (a plural there has `other` only).
  public static let withoutOne: Set<String> = [
    "ja-JP", "ko-KR", "zh-Hans", "zh-Hant", "th-TH", "vi-VN", "id-ID", "ms-MY",
  ]

  /// `words` as the ICU message of `kind`.
  public static func icu(_ words: String, kind: Kind, locale: String, index: Int) -> String {
    switch kind {
    case .plain:
      return words
    case .arguments:
      return "{name}: \(words) ({count, number})"
    case .plural:
      let other = "other {# \(words)}"
      return withoutOne.contains(locale)
        ? "{count, plural, \(other)}" : "{count, plural, one {# \(words)} \(other)}"
    }
  }

  /// 3 to 12 words of the locale's script, seeded by (message, locale, variant).
  public func phrase(index: Int, locale: Int, variant: Int) -> String {
    var random = SeededGenerator(
      seed: seed, stream: UInt64(index) << 8 | UInt64(locale) << 1 | UInt64(variant))
    let words = Self.vocabulary(for: localeCodes[locale])
    let count = 3 + random.below(10)
    var result = ""
    for position in 0..<count {
      if position > 0 { result += words.separator }
      result += words.list[random.below(words.list.count)]
    }
    return result
  }

  /// Words in the script of `locale` and how they are joined.
  public static func vocabulary(for locale: String) -> (list: [String], separator: String) {
    let language = locale.split(separator: "-").first.map(String.init) ?? locale
    switch language {
    case "ru", "uk", "bg":
      return (["новый", "файл", "список", "готово", "открыть", "сохранить", "план", "поиск"], " ")
    case "el":
      return (["νέο", "αρχείο", "λίστα", "έτοιμο", "άνοιγμα", "αποθήκευση", "σχέδιο"], " ")
    case "he":
      return (["חדש", "קובץ", "רשימה", "מוכן", "פתח", "שמור", "תוכנית", "חיפוש"], " ")
    case "ar", "fa":
      return (["جديد", "ملف", "قائمة", "جاهز", "افتح", "احفظ", "خطة", "بحث"], " ")
    case "hi":
      return (["नया", "फ़ाइल", "सूची", "तैयार", "खोलें", "सहेजें", "योजना", "खोज"], " ")
    case "bn":
      return (["নতুন", "ফাইল", "তালিকা", "প্রস্তুত", "খুলুন", "সংরক্ষণ", "পরিকল্পনা"], " ")
    case "th":
      return (["ใหม่", "ไฟล์", "รายการ", "พร้อม", "เปิด", "บันทึก", "แผน", "ค้นหา"], "")
    case "ja":
      return (["新しい", "ファイル", "一覧", "完了", "開く", "保存", "プラン", "検索"], "")
    case "ko":
      return (["새", "파일", "목록", "완료", "열기", "저장", "요금제", "검색"], " ")
    case "zh":
      return (["新", "文件", "列表", "完成", "打开", "保存", "方案", "搜索"], "")
    default:
      return (
        [
          "new", "file", "list", "ready", "open", "save", "plan", "search", "account", "order",
          "payment", "message", "settings", "profile", "update", "review", "share", "draft",
        ], " "
      )
    }
  }
}
