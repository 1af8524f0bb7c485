import Foundation
import MessagevisorProject

/// `messagevisor-swift init [DIR]`: writes a minimal project that passes `test` and `lint` and
/// opens in the previewer.
enum InitCommand {
  /// The files of the new project: relative path and contents, in writing order.
  static let files: [(path: String, text: String)] = [
    (
      "messagevisor.config.yml",
      """
      # A Messagevisor project, created by `messagevisor-swift init`.
      # Next: `messagevisor-swift test`, `messagevisor-swift lint`, `messagevisor-preview --project .`
      sourceLocale: en
      parser: yml
      namespaceCharacter: "."
      modules:
        - icu

      """
    ),
    (
      "locales/en.yml",
      """
      description: English, the source locale
      direction: ltr

      """
    ),
    (
      "locales/nl.yml",
      """
      description: Dutch
      direction: ltr
      inheritFormatsFrom: en

      """
    ),
    (
      "attributes/platform.yml",
      """
      description: The platform the app runs on
      type: string
      enum:
        - ios
        - android
        - web

      """
    ),
    (
      "segments/web.yml",
      """
      description: Readers on the web
      conditions:
        - attribute: platform
          operator: equals
          value: web

      """
    ),
    (
      "messages/home/title.yml",
      """
      description: Title of the Home screen
      translations:
        en: Welcome
        nl: Welkom

      """
    ),
    (
      "messages/cart/items.yml",
      """
      description: How many items are in the cart (value `count`); the web says basket.
      translations:
        en: "{count, plural, one {# item in your cart} other {# items in your cart}}"
        nl: "{count, plural, one {# artikel in je winkelwagen} other {# artikelen in je winkelwagen}}"
      overrides:
        - key: web
          segments:
            - web
          translations:
            en: "{count, plural, one {# item in your basket} other {# items in your basket}}"
            nl: "{count, plural, one {# artikel in je mandje} other {# artikelen in je mandje}}"

      """
    ),
    (
      "targets/swift.yml",
      """
      description: The Swift app (the target test uses by default), with every message in every locale
      includeMessages:
        - "*"

      """
    ),
    (
      "previews/home.yml",
      """
      # A screen for messagevisor-preview (schema: docs/preview-screens.md in messagevisor-swift).
      title: Home
      order: 1
      blocks:
        - heading: home.title
        - paragraph: cart.items
          style: primary
          values:
            count: 3

      """
    ),
    (
      "tests/messages/cart/items.spec.yml",
      """
      message: cart.items
      assertions:
        - description: One item takes the plural category one
          locale: en
          target: swift
          values:
            count: 1
          expectedTranslation: 1 item in your cart
        - description: Three items take the plural category other
          locale: en
          target: swift
          values:
            count: 3
          expectedTranslation: 3 items in your cart
        - description: On the web (segment web) the override applies
          locale: en
          target: swift
          context:
            platform: web
          values:
            count: 3
          expectedTranslation: 3 items in your basket
        - locale: nl
          target: swift
          values:
            count: 1
          expectedTranslation: 1 artikel in je winkelwagen

      """
    ),
  ]

  /// Writes the project; returns the exit status (0 written, 1 the directory is not empty or a
  /// file cannot be written).
  static func run(_ command: InitCommandLine, output: CLIOutput) -> Int32 {
    let manager = FileManager.default
    let path = command.directory ?? manager.currentDirectoryPath
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        output.error("error: \(path): is a file, not a directory")
        return 1
      }
      let entries = (try? manager.contentsOfDirectory(atPath: path)) ?? []
      guard entries.isEmpty else {
        output.error(
          "error: \(path): the directory is not empty (\(entries.count) entr\(entries.count == 1 ? "y" : "ies")); init writes only into an empty or new directory"
        )
        return 1
      }
    }
    do {
      for file in files {
        try BuildCommand.write(file.text, to: (path as NSString).appendingPathComponent(file.path))
      }
    } catch {
      output.error("error: \(error)")
      return 1
    }
    output.line("Created a Messagevisor project in \(path):")
    for file in files { output.line("  \(file.path)") }
    output.line()
    output.line("Next:")
    output.line("  messagevisor-swift test --projectDirectoryPath \(path)")
    output.line("  messagevisor-swift lint --projectDirectoryPath \(path)")
    output.line("  messagevisor-preview --project \(path)")
    return 0
  }
}
