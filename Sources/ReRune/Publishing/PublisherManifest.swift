import Foundation
import Messagevisor

/// A ReRune 0.4.0 manifest as the publisher edits it: strict on the fields the contract defines,
/// preserving every other field as it was.
struct PublisherManifest: Sendable {
  /// One locale entry.
  struct Entry: Sendable {
    var version: Int
    var url: String?
    /// The entry's other fields, kept as they were (`sha256` is recomputed after an edit).
    var extra: [String: MessagevisorValue]
  }

  var version: Int
  var locales: [String: Entry]
  var extra: [String: MessagevisorValue]

  init(data: Data, path: String) throws(OTASitePublisherError) {
    let root: MessagevisorValue
    do {
      root = try JSONDecoder().decode(MessagevisorValue.self, from: data)
    } catch {
      throw .manifestMalformed(path: path, reason: "not valid JSON (\(error.localizedDescription))")
    }
    guard case .object(var object) = root else {
      throw .manifestMalformed(path: path, reason: "the top level is not a JSON object")
    }
    guard case .int(let version)? = object["version"], version >= 0 else {
      throw .manifestMalformed(path: path, reason: "\"version\" must be a non-negative integer")
    }
    guard case .object(let localeObjects)? = object["locales"] else {
      throw .manifestMalformed(
        path: path, reason: "\"locales\" must be an object keyed by locale tag")
    }
    var locales: [String: Entry] = [:]
    for (tag, value) in localeObjects {
      guard case .object(var fields) = value else {
        throw .manifestMalformed(path: path, reason: "locales.\(tag) is not an object")
      }
      guard case .int(let localeVersion)? = fields["version"], localeVersion >= 0 else {
        throw .manifestMalformed(
          path: path, reason: "locales.\(tag).version must be a non-negative integer")
      }
      var url: String?
      if let rawURL = fields["url"] {
        guard case .string(let text) = rawURL else {
          throw .manifestMalformed(path: path, reason: "locales.\(tag).url must be a string")
        }
        url = text
      }
      fields.removeValue(forKey: "version")
      fields.removeValue(forKey: "url")
      locales[tag] = Entry(version: localeVersion, url: url, extra: fields)
    }
    object.removeValue(forKey: "version")
    object.removeValue(forKey: "locales")
    self.version = version
    self.locales = locales
    self.extra = object
  }

  func encoded() throws(OTASitePublisherError) -> Data {
    var object = extra
    object["version"] = .int(version)
    var localeObjects: [String: MessagevisorValue] = [:]
    for (tag, entry) in locales {
      var fields = entry.extra
      fields["version"] = .int(entry.version)
      if let url = entry.url { fields["url"] = .string(url) }
      localeObjects[tag] = .object(fields)
    }
    object["locales"] = .object(localeObjects)
    return try PublisherFileIO.encodeJSON(.object(object), path: "manifest.json")
  }
}
