import Foundation

/// The OTA manifest (0.4.0 contract, strict): `{"version": Int, "locales": {tag: {"version": Int, "url"?: String}}}`.
///
/// Unknown extra fields are ignored. Any malformed locale entry rejects the whole manifest.
public struct ReRuneManifest: Sendable, Equatable {
  /// One locale of the manifest.
  public struct Locale: Sendable, Equatable {
    /// The locale's payload version.
    public var version: Int
    /// The payload URL (absolute, or relative to the manifest URL / site directory); nil → default path.
    public var url: String?

    /// Creates a locale entry.
    public init(version: Int, url: String? = nil) {
      self.version = version
      self.url = url
    }
  }

  /// The manifest revision (surfaced as the client's revision once a payload of it is applied).
  public var version: Int
  /// Locale key (exactly as published) → entry.
  public var locales: [String: Locale]

  /// Creates a manifest.
  public init(version: Int, locales: [String: Locale]) {
    self.version = version
    self.locales = locales
  }

  /// Parses manifest JSON strictly, throwing every problem found.
  public static func parse(_ data: Data) throws(ReRuneManifestError) -> ReRuneManifest {
    let root: JSONNode
    do {
      root = try JSONNode.parse(data)
    } catch {
      let (line, column) = JSONNode.lineColumn(of: error.offset, in: data)
      throw ReRuneManifestError(
        problems: ["manifest is not valid JSON: \(error.message) at line \(line), column \(column)"]
      )
    }
    guard root.members != nil else {
      throw ReRuneManifestError(
        problems: ["manifest root must be a JSON object (found \(root.typeDescription))"])
    }
    var problems: [String] = []
    var version = 0
    if let raw = root["version"] {
      if let v = raw.integer, v >= 0 {
        version = v
      } else {
        problems.append(
          "\"version\" must be a non-negative JSON integer (found \(raw.typeDescription))")
      }
    } else {
      problems.append("missing root \"version\" (an integer manifest revision)")
    }
    var locales: [String: Locale] = [:]
    if let raw = root["locales"] {
      if let members = raw.members {
        for (key, entry) in members {
          let path = "locales[\(XCStringsReader.quoted(key))]"
          if key.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("\(path): a locale key must not be empty")
            continue
          }
          if let problem = localeKeyProblem(key) {
            problems.append("locales: \(problem)")
            continue
          }
          guard entry.members != nil else {
            problems.append(
              "\(path) must be an object with an integer \"version\" (found \(entry.typeDescription))"
            )
            continue
          }
          var entryVersion: Int?
          if let v = entry["version"] {
            if let n = v.integer, n >= 0 {
              entryVersion = n
            } else {
              problems.append(
                "\(path).version must be a non-negative JSON integer (found \(v.typeDescription))")
            }
          } else {
            problems.append("\(path) lacks the required integer \"version\"")
          }
          var url: String?
          if let u = entry["url"], !u.isNull {
            if let s = u.string, !s.isEmpty {
              url = s
            } else {
              problems.append("\(path).url must be a non-empty string (found \(u.typeDescription))")
            }
          }
          if let entryVersion { locales[key] = Locale(version: entryVersion, url: url) }
        }
      } else {
        problems.append(
          "\"locales\" must be an object keyed by locale tag (found \(raw.typeDescription))")
      }
    } else {
      let legacy = ["translations", "bundles", "revision"].filter { root[$0] != nil }
      problems.append(
        legacy.isEmpty
          ? "missing \"locales\" object"
          : "missing \"locales\" object (legacy key(s) \(legacy.joined(separator: ", ")) are no longer accepted)"
      )
    }
    guard problems.isEmpty else { throw ReRuneManifestError(problems: problems) }
    return ReRuneManifest(version: version, locales: locales)
  }
}

/// A manifest that failed strict parsing; lists every problem.
public struct ReRuneManifestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Each problem, with its JSON path.
  public var problems: [String]

  /// Creates an error.
  public init(problems: [String]) { self.problems = problems }

  /// The problems joined with "; ".
  public var description: String { "invalid OTA manifest: " + problems.joined(separator: "; ") }
}
