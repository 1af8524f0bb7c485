/// The command line of `welcome-cli`.
struct WelcomeOptions: Sendable {
  /// A directory of datafiles (`messagevisor-swift build --datafilesDirectoryPath DIR`).
  var datafiles: String
  /// A local ReRune site: `manifest.json` plus one `.xcstrings` payload per locale.
  var otaSite: String
  /// The catalogs the app bundles (`*.xcstrings`, `*.lproj/Localizable.strings`), if any.
  var resources: String?
  /// The user's preferred language: `NSLocalizedString` answers in it.
  var language = "nl-NL"
  /// Where ReRune keeps its cache; nil keeps nothing between runs.
  var cacheDirectory: String?

  static let usage = """
    usage: welcome-cli --datafiles DIR --ota-site DIR [--resources DIR] [--language TAG] [--cache DIR]

      --datafiles DIR   datafiles built with `messagevisor-swift build --datafilesDirectoryPath DIR`
      --ota-site DIR    a local ReRune site (manifest.json + <locale>.xcstrings), e.g. Demo/ota
      --resources DIR   the catalogs the app bundles, e.g. Demo/Resources
      --language TAG    the preferred language of NSLocalizedString (default nl-NL)
      --cache DIR       keep ReRune's cache there (default: no cache, every run starts at revision 0)
    """

  /// Parses `arguments` (without the program name); `--name VALUE` and `--name=VALUE` are accepted.
  init(arguments: [String]) throws(WelcomeError) {
    var values: [String: String] = [:]
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--"), argument.count > 2 else {
        throw .usage("unexpected argument \(argument)")
      }
      let name: String
      let value: String
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
        value = remaining.popFirst() ?? ""
      }
      guard Self.names.contains(name) else { throw .usage("unknown option \(name)") }
      guard !value.isEmpty else { throw .usage("\(name) needs a value") }
      values[name] = value
    }
    guard let datafiles = values["--datafiles"] else {
      throw .usage("--datafiles is required")
    }
    guard let otaSite = values["--ota-site"] else { throw .usage("--ota-site is required") }
    self.datafiles = datafiles
    self.otaSite = otaSite
    resources = values["--resources"]
    language = values["--language"] ?? language
    cacheDirectory = values["--cache"]
  }

  private static let names: Set = [
    "--datafiles", "--ota-site", "--resources", "--language", "--cache",
  ]
}
