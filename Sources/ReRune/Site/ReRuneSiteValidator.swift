import Foundation

/// Checks a local OTA site and collects every problem (used by `messagevisor-swift ota validate`).
///
/// Checks: the manifest parses strictly; every locale key is safe; every payload URL is a relative path
/// inside the site and resolves, after symlinks, to a regular file inside the site within the size
/// limit (see ``ReRuneDirectoryTransport/readContained(_:)``); every payload exists, parses as a String
/// Catalog and has a localization for its locale, and that locale's entries (only those: each locale is
/// checked as the client reads it) have valid format specifiers and plural rules. A locale version
/// above the manifest version is a
/// warning.
public enum ReRuneSiteValidator {
  /// The validation result.
  public struct Report: Sendable, Equatable {
    /// The site directory.
    public var site: String
    /// Everything that makes the site unusable or partly unusable.
    public var problems: [String] = []
    /// Suspicious but usable things.
    public var warnings: [String] = []
    /// Keys per valid locale.
    public var keyCounts: [String: Int] = [:]
  }

  /// Validates the site in `directory`.
  public static func validate(_ directory: URL) -> Report {
    let root = directory.standardizedFileURL
    var report = Report(site: root.path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      report.problems.append("\(root.path): not a directory")
      return report
    }
    let manifestURL = root.appendingPathComponent("manifest.json")
    let transport = ReRuneDirectoryTransport(directory: root)
    let data: Data
    do {
      data = try transport.readContained(manifestURL)
    } catch {
      report.problems.append(
        error.kind == .notFound
          ? "\(manifestURL.path): missing" : "\(manifestURL.path): \(error.message)")
      return report
    }
    let manifest: ReRuneManifest
    do {
      manifest = try ReRuneManifest.parse(data)
    } catch {
      report.problems += error.problems.map { "manifest.json: \($0)" }
      return report
    }
    if manifest.locales.isEmpty { report.warnings.append("manifest.json: no locales") }
    let limit = ReRuneConfiguration.defaultMaxManifestLocales
    if manifest.locales.count > limit {
      report.problems.append(
        "manifest.json: \(manifest.locales.count) locales, more than the \(limit) clients accept by default (ReRuneConfiguration.maxManifestLocales)"
      )
    }
    for locale in manifest.locales.keys.sorted() {
      guard let entry = manifest.locales[locale] else { continue }
      let label = "locale \(locale.debugDescription)"
      guard ReRuneDiskCache.isSafeLocaleKey(locale) else {
        report.problems.append(
          "\(label): unsafe locale key (\(ReRuneDiskCache.localeKeyRule))")
        continue
      }
      if entry.version > manifest.version {
        report.warnings.append(
          "\(label): version \(entry.version) is greater than the manifest version \(manifest.version)"
        )
      }
      let path: URL
      do {
        path = try transport.localePath(locale, url: entry.url)
      } catch {
        report.problems.append("\(label): \(error.message) (\(error.location))")
        continue
      }
      let payload: Data
      do {
        payload = try transport.readContained(path)
      } catch {
        report.problems.append(
          error.kind == .notFound
            ? "\(label): payload \(path.path) is missing"
            : "\(label): payload \(path.path): \(error.message)")
        continue
      }
      do {
        // As the client reads it: only this locale's localizations are read and validated.
        let document = try XCStringsDocument.parse(payload, file: path.path)
        if document.localeTags.isEmpty {
          report.keyCounts[locale] = 0
          report.warnings.append("\(label): payload has no usable localizations")
        } else if let read = try document.entries(
          forLocale: locale, options: .init(invalidEntries: .skip))
        {
          report.keyCounts[locale] = read.entries.count
          for diagnostic in read.diagnostics {
            switch diagnostic.reason {
            case .invalid: report.problems.append("\(label): \(diagnostic.message)")
            case .withheld: report.warnings.append("\(label): \(diagnostic.message)")
            }
          }
        } else {
          report.problems.append(
            "\(label): payload \(path.lastPathComponent) has no localization for \(locale) (it has \(document.localeTags.joined(separator: ", ")))"
          )
        }
      } catch {
        report.problems.append("\(label): \(error.description)")
      }
    }
    return report
  }
}
