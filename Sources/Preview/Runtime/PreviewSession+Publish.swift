import Foundation
import Messagevisor
import ReRune

extension PreviewSession {
  /// Publishes the text `translate` reads for `key` in `locale` now (an override's, the base
  /// translation, …: the engine's trace) to the local OTA site as an OTA edit, with the checks of
  /// `messagevisor-preview publish`: the key must be one the target has (the previewer never
  /// creates keys), the text must parse as ICU MessageFormat and the locale must be declared by
  /// the site. Posts the outcome (``PreviewMessage/failure(_:)`` carries the note either way;
  /// nothing is written on failure).
  public func publish(key: String, locale: String) {
    guard let site = configuration.publishSite else {
      inbox.post(.failure("no local OTA site to publish to (start with --ota-site DIR)"))
      return
    }
    let layers = currentLayers
    let known = layers.locales.contains { locale in
      guard let datafile = layers.compose(locale) else { return false }
      return datafile.hasEntry(forKey: key)
    }
    guard known else {
      inbox.post(
        .failure("‹\(key)› is not a key of the target: not published (publish --create adds keys)"))
      return
    }
    guard let trace = try? engine.traceTranslation(key, options: TranslateOptions(locale: locale)),
      !trace.source.isMissing
    else {
      inbox.post(.failure("‹\(key)› has no \(locale) text to publish"))
      return
    }
    do {
      let result = try OTASitePublisher(sitePath: site).publish(
        locale: locale, key: key, value: trace.text)
      inbox.post(
        .failure(
          "published ‹\(key)› (\(locale)) to the OTA site: manifest version \(result.manifestVersion)"
        ))
    } catch {
      inbox.post(.failure("cannot publish ‹\(key)› (\(locale)): \(error)"))
    }
  }
}
