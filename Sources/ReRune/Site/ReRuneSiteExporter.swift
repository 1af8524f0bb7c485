import Foundation

/// Lays a local OTA site out as the static files that answer the ReRune endpoints, for any static
/// host, object store or CDN (used by `messagevisor-swift ota export`).
///
/// A site directory (`manifest.json` plus one `.xcstrings` payload per locale) becomes:
///
/// ```
/// OUT/sdk/translations/manifest                  ← GET {base}/sdk/translations/manifest?platform=ios_xcstrings
/// OUT/sdk/translations/ios_xcstrings/<locale>    ← GET {base}/sdk/translations/ios_xcstrings/<locale>
/// ```
///
/// The exported manifest carries no `url` fields, so clients fetch every payload from its default
/// endpoint below the same base URL. The site is validated first (strict manifest, safe locale keys,
/// payloads inside the site that parse as String Catalogs with a localization of their locale); an
/// export with problems writes nothing.
///
/// Files whose bytes did not change are left alone, so their ETags (which static servers derive
/// from modification time and size) stay the same and clients keep getting 304.
///
/// Atomicity: every file is written to a temporary file beside it and renamed into place, payloads
/// first and the manifest last, and payloads of locales the new manifest no longer lists are removed
/// only after the manifest is in place. A server serving `OUT` while an export runs therefore never
/// serves a half-written file, and a client that reads the new manifest finds every payload it names.
/// Upload to an object store in the same order (payloads, then the manifest).
public enum ReRuneSiteExporter {
  /// What an export wrote.
  public struct Report: Sendable, Equatable {
    /// The output directory.
    public var output: String
    /// The manifest revision exported.
    public var revision: Int
    /// Exported locales, sorted.
    public var locales: [String]
    /// Payload files of locales no longer in the manifest that were removed.
    public var removed: [String]
  }

  /// Why an export wrote nothing (or stopped).
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Each problem, as `ota validate` reports it.
    public var problems: [String]
    /// The problems, one per line.
    public var description: String { problems.joined(separator: "\n") }
  }

  /// The manifest file below `output`.
  public static func manifestPath(in output: URL) -> URL {
    output.appendingPathComponent("sdk/translations/manifest")
  }

  /// The payload file of `locale` below `output`.
  public static func payloadPath(_ locale: String, in output: URL) -> URL {
    output.appendingPathComponent("sdk/translations/ios_xcstrings").appendingPathComponent(locale)
  }

  /// Exports the site in `site` to `output` (created when missing).
  public static func export(site: URL, to output: URL) throws(Failure) -> Report {
    let root = site.standardizedFileURL
    let out = output.standardizedFileURL
    let validation = ReRuneSiteValidator.validate(root)
    guard validation.problems.isEmpty else { throw Failure(problems: validation.problems) }
    let outPath = out.path.hasSuffix("/") ? out.path : out.path + "/"
    let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
    if outPath.hasPrefix(rootPath) || rootPath.hasPrefix(outPath) {
      throw Failure(problems: [
        "the output directory \(out.path) must not contain the site \(root.path) or lie inside it"
      ])
    }
    let manifestData: Data
    let manifest: ReRuneManifest
    do {
      manifestData = try PublisherFileIO.read(root.appendingPathComponent("manifest.json"))
      manifest = try ReRuneManifest.parse(manifestData)
    } catch {
      throw Failure(problems: ["\(root.path)/manifest.json: \(error)"])
    }
    let transport = ReRuneDirectoryTransport(directory: root)
    let payloadDirectory = payloadPath("x", in: out).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: payloadDirectory, withIntermediateDirectories: true)
    } catch {
      throw Failure(problems: [
        "\(payloadDirectory.path): cannot create (\(error.localizedDescription))"
      ])
    }
    let locales = manifest.locales.keys.sorted()
    do {
      for locale in locales {
        guard let entry = manifest.locales[locale] else { continue }
        let source = try transport.localePath(locale, url: entry.url)
        try place(try PublisherFileIO.read(source), at: payloadPath(locale, in: out))
      }
      // The same manifest (extra fields kept) without `url`s: every payload is at its default path.
      var exported = try PublisherManifest(data: manifestData, path: "manifest.json")
      for tag in exported.locales.keys { exported.locales[tag]?.url = nil }
      try place(try exported.encoded(), at: manifestPath(in: out))
    } catch let error as ReRuneTransportError {
      throw Failure(problems: [error.description])
    } catch let error as OTASitePublisherError {
      throw Failure(problems: [error.description])
    } catch {
      throw Failure(problems: ["\(error)"])
    }
    var removed: [String] = []
    let present =
      (try? FileManager.default.contentsOfDirectory(atPath: payloadDirectory.path)) ?? []
    for name in present.sorted() where !name.hasPrefix(".") && manifest.locales[name] == nil {
      if (try? FileManager.default.removeItem(at: payloadDirectory.appendingPathComponent(name)))
        != nil
      {
        removed.append(name)
      }
    }
    return Report(output: out.path, revision: manifest.version, locales: locales, removed: removed)
  }

  /// Writes `data` at `url` atomically, unless the file already holds exactly these bytes.
  ///
  /// Static servers derive ETags from the modification time and size (nginx: `"<mtime hex>-<size
  /// hex>"`, in whole seconds). An unchanged file keeps its time, so clients keep getting 304; a
  /// changed file gets a time at least one second after the old one, so a same-size edit exported
  /// within the same second still gets a new ETag.
  static func place(_ data: Data, at url: URL) throws(OTASitePublisherError) {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let modified = attributes[.modificationDate] as? Date
    else {
      try PublisherFileIO.write(data, to: url)
      return
    }
    if (attributes[.size] as? Int) == data.count, (try? Data(contentsOf: url)) == data { return }
    let now = Int(Date().timeIntervalSince1970)
    let previous = Int(modified.timeIntervalSince1970.rounded(.down))
    try PublisherFileIO.write(data, to: url, modifiedAt: max(now, previous + 1))
  }
}
