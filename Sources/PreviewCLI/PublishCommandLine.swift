import CommandLineKit
import ReRune

/// `messagevisor-preview publish`: its arguments, parsed with the previewer's declaration, as
/// ReRune's `OTAPublishArguments`.
public enum PublishCommandLine {
  /// The usage text (`publish --help`).
  public static var usage: String { PreviewCommandLine.route(["publish"]).command.helpText }

  /// Parses the arguments after `publish`; `nil` when help was asked for.
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError)
    -> OTAPublishArguments?
  {
    try request(arguments)?.edit
  }

  /// Parses the arguments after `publish` into a request (the edit, and whether `--site` and
  /// `--create` were given); `nil` when help was asked for.
  public static func request(_ arguments: [String]) throws(PreviewOptionsError) -> PublishRequest? {
    let spec = PreviewCommandLine.route(["publish"]).command
    let parsed: ParsedArguments
    do {
      parsed = try spec.parse(arguments)
    } catch {
      throw PreviewOptionsError(error)
    }
    if parsed.helpRequested { return nil }
    let site = parsed["site"] ?? OTAPublishArguments.defaultSite
    let remove = parsed.flag("remove")
    let value = parsed["value"]
    let format = parsed["format"].flatMap(OTAValueFormat.init(rawValue:)) ?? .icu
    if let addLocale = parsed["add-locale"], parsed["key"] == nil, value == nil, !remove {
      var result = OTAPublishArguments(
        site: site, locale: parsed["locale"] ?? addLocale, key: "", value: nil)
      result.addLocale = addLocale
      return PublishRequest(edit: result, siteGiven: parsed["site"] != nil)
    }
    func missing(_ what: String) -> PreviewOptionsError {
      .commandLine(CommandLineError(.missing(what), command: spec.fullName))
    }
    guard let locale = parsed["locale"] ?? parsed["add-locale"] else { throw missing("--locale") }
    guard let key = parsed["key"] else { throw missing("--key") }
    if remove, value != nil {
      throw .commandLine(CommandLineError(.conflict("--value", "--remove"), command: spec.fullName))
    }
    if !remove, value == nil { throw missing("--value (or --remove)") }
    var result = OTAPublishArguments(site: site, locale: locale, key: key, value: value)
    result.format = format
    result.addLocale = parsed["add-locale"]
    return PublishRequest(
      edit: result, siteGiven: parsed["site"] != nil, create: parsed.flag("create"))
  }
}
