import Foundation

/// Everything a ``ReRuneClient`` needs.
public struct ReRuneConfiguration: Sendable {
  /// Where manifests and payloads come from.
  public enum Source: Sendable {
    /// HTTP(S) below an API base URL (default `https://rerune.io/api`).
    case remote(baseURL: URL)
    /// A local site directory (`manifest.json` + payloads).
    case directory(URL)
    /// A custom transport.
    case custom(any ReRuneTransport)
  }

  /// Where the OTA cache lives.
  public enum CacheLocation: Sendable, Equatable {
    /// `$XDG_DATA_HOME/ReRune/<sha256 of the publish id>/`.
    case standard
    /// A given directory.
    case directory(URL)
    /// No persistence (content lives only in memory).
    case disabled
  }

  /// The OTA publish id (trimmed of whitespace; must not be blank).
  public var otaPublishId: String
  /// When to check automatically.
  public var updatePolicy: ReRuneUpdatePolicy
  /// Per-request timeout in seconds (default 10): one fetch (manifest or payload, redirects
  /// included) ends within this time, counted from when its request starts (not while it waits for a
  /// free connection slot).
  public var requestTimeout: TimeInterval
  /// The deadline of a whole check in seconds (default 30): manifest and payload fetches end by then
  /// (a server that trickles bytes cannot extend it); payloads not fetched by then fail softly.
  public var checkTimeout: TimeInterval
  /// Manifest/payload source.
  public var source: Source
  /// Cache location.
  public var cache: CacheLocation
  /// Largest accepted manifest or payload body in bytes (default 8 MiB), enforced while the body
  /// arrives, on the wire and after decoding.
  public var maxPayloadBytes: Int
  /// The most locales a manifest may list (default ``defaultMaxManifestLocales``); a manifest with
  /// more fails the check.
  public var maxManifestLocales: Int
  /// The default of ``maxManifestLocales``: 1,000.
  public static let defaultMaxManifestLocales = 1_000
  /// How many payloads a check fetches at the same time (default 6; at least 1).
  public var maxConcurrentFetches: Int
  /// The most OTA payload bytes kept (in memory and in the disk cache) over all locales (default
  /// 64 MiB), counting each distinct payload body once: 19 locales served from one 2 MB catalog
  /// count 2 MB (the cache stores that body once). A payload that would pass it fails softly; at
  /// start, cached locales beyond it are not loaded.
  public var maxCacheBytes: Int
  /// Preferred languages, most preferred first; nil → `Locale.preferredLanguages` (or `en`).
  public var preferredLanguages: [String]?
  /// Device variation picked from String Catalogs (`other` by default; `iphone`, `ipad`, `mac`,
  /// `applevision`, `applewatch`, `appletv`, `ipod`). When a string has neither this device nor
  /// `other`, ``XCStringsReader/deviceFallbackOrder`` decides.
  public var device: String
  /// Which `stringUnit.state` values are served (default ``CatalogStatePolicy/xcode``: all, as
  /// Xcode's build does).
  public var statePolicy: CatalogStatePolicy = .xcode
  /// Bundled strings of the default table (locale → key → entry), consulted after OTA values.
  public var bundled: [String: [String: CatalogEntry]]
  /// Whether lookups finally ask `Bundle.main` (`.lproj/Localizable.strings`) before returning the
  /// value/key.
  public var usesMainBundle: Bool
  /// Receives human-readable notes (manifest failures, soft locale failures, cache problems). ReRune
  /// never prints.
  public var onDiagnostic: (@Sendable (String) -> Void)?

  /// Creates a configuration.
  public init(
    otaPublishId: String, updatePolicy: ReRuneUpdatePolicy = ReRuneUpdatePolicy(),
    requestTimeout: TimeInterval = 10, checkTimeout: TimeInterval = 30,
    source: Source = .remote(baseURL: ReRuneHTTPTransport.defaultBaseURL),
    cache: CacheLocation = .standard, maxPayloadBytes: Int = 8 * 1024 * 1024,
    maxManifestLocales: Int = ReRuneConfiguration.defaultMaxManifestLocales,
    maxConcurrentFetches: Int = 6,
    maxCacheBytes: Int = 64 * 1024 * 1024,
    preferredLanguages: [String]? = nil, device: String = "other",
    bundled: [String: [String: CatalogEntry]] = [:], usesMainBundle: Bool = true,
    onDiagnostic: (@Sendable (String) -> Void)? = nil
  ) {
    self.otaPublishId = otaPublishId
    self.updatePolicy = updatePolicy
    self.requestTimeout = requestTimeout
    self.checkTimeout = checkTimeout
    self.source = source
    self.cache = cache
    self.maxPayloadBytes = maxPayloadBytes
    self.maxManifestLocales = maxManifestLocales
    self.maxConcurrentFetches = maxConcurrentFetches
    self.maxCacheBytes = maxCacheBytes
    self.preferredLanguages = preferredLanguages
    self.device = device
    self.bundled = bundled
    self.usesMainBundle = usesMainBundle
    self.onDiagnostic = onDiagnostic
  }
}

extension ReRuneConfiguration {
  /// The catalog reader options this configuration implies (device, serving policy, skip policy).
  public var readerOptions: XCStringsReader.Options {
    XCStringsReader.Options(device: device, invalidEntries: .skip, statePolicy: statePolicy)
  }
}

/// A configuration that cannot be used.
public enum ReRuneSetupError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The publish id is empty or whitespace.
  case blankPublishId

  /// An actionable explanation.
  public var description: String {
    switch self {
    case .blankPublishId:
      return
        "ReRune setup needs a non-empty otaPublishId: pass the OTA publish id shown in the ReRune dashboard (it was blank after trimming whitespace)."
    }
  }
}
