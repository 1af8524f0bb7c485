import Foundation
import MessagevisorLocking

/// The shared client behind the global `reRune*` functions, and the revision broadcaster that outlives
/// re-setups.
enum ReRuneShared {
  static let client = Locked<ReRuneClient?>(nil)
  static let revisions = ReRuneRevisionBroadcaster()
}

/// Sets up the shared OTA client: trims the publish id (blank → precondition failure), stops the tasks of
/// an earlier setup, restores the cache synchronously (emitting the restored revision), then applies the
/// update policy in the background. Never waits for the network.
///
/// ```swift
/// reRuneSetup(otaPublishId: "pub_123", updatePolicy: ReRuneUpdatePolicy(periodicIntervalInHours: 24))
/// let title = reRuneLocalizedString("home_title")
/// ```
public func reRuneSetup(
  otaPublishId: String, updatePolicy: ReRuneUpdatePolicy = ReRuneUpdatePolicy(),
  requestTimeout: TimeInterval = 10,
  source: ReRuneConfiguration.Source = .remote(baseURL: ReRuneHTTPTransport.defaultBaseURL),
  cache: ReRuneConfiguration.CacheLocation = .standard, preferredLanguages: [String]? = nil,
  bundled: [String: [String: CatalogEntry]] = [:]
) {
  reRuneSetup(
    ReRuneConfiguration(
      otaPublishId: otaPublishId, updatePolicy: updatePolicy, requestTimeout: requestTimeout,
      source: source, cache: cache, preferredLanguages: preferredLanguages, bundled: bundled))
}

/// Sets up the shared OTA client from a full configuration (see the other overload).
public func reRuneSetup(_ configuration: ReRuneConfiguration) {
  let client: ReRuneClient
  do {
    client = try ReRuneClient(configuration, revisions: ReRuneShared.revisions)
  } catch {
    preconditionFailure(error.description)
  }
  let previous = ReRuneShared.client.withLock { shared -> ReRuneClient? in
    defer { shared = client }
    return shared
  }
  previous?.stop()
  client.start()
}

/// The shared client, if ``reRuneSetup(otaPublishId:updatePolicy:requestTimeout:source:cache:preferredLanguages:bundled:)`` ran.
public var reRuneSharedClient: ReRuneClient? { ReRuneShared.client.withLock { $0 } }

/// Checks for updates with the shared client. Before setup it returns `.failed` with an actionable
/// message. Survives cancellation of the caller; concurrent calls share one check.
public func reRuneCheckForUpdates() async -> ReRuneUpdateResult {
  guard let client = reRuneSharedClient else {
    return ReRuneUpdateResult(
      status: .failed,
      errorMessage: "reRuneSetup(otaPublishId:) must be called before reRuneCheckForUpdates().")
  }
  return await client.checkForUpdates()
}

/// The latest applied manifest revision of the shared client (0 before setup or before anything applied).
public var reRuneRevision: Int { ReRuneShared.revisions.value }

/// Revisions of the shared client, starting with the current value (use `dropFirst()` to skip it).
public var reRuneRevisionStream: AsyncStream<Int> { ReRuneShared.revisions.stream() }

/// Calls `handler` with the current revision and every later emission; returns an unsubscribe function.
@discardableResult
public func reRuneOnRevision(_ handler: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
  ReRuneShared.revisions.subscribe(handler)
}

/// Looks up `key` in the default table: OTA (locale chain) → bundled catalogs → `Bundle.main` →
/// `value`/key. Before setup only `Bundle.main` and the fallback are consulted.
public func reRuneLocalizedString(
  _ key: String, value: String? = nil, table: String? = nil, locale: String? = nil
) -> String {
  if let client = reRuneSharedClient {
    return client.localizedString(key, value: value, table: table, locale: locale)
  }
  return Bundle.main.localizedString(forKey: key, value: value, table: table)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A module-level `NSLocalizedString` that routes default-table lookups through ReRune, so call sites
/// stay unchanged (Linux has no method swizzling to intercept `Bundle.main`).
///
/// The shadow overloads take no `bundle:` parameter, which makes them more specific than Foundation's
/// function: `NSLocalizedString("key", comment: "")`, `NSLocalizedString("key", tableName: "T",
/// comment: "")`, `NSLocalizedString("key", value: "Fallback", comment: "")` and the `tableName:value:`
/// form resolve to ReRune in a file that imports both Foundation and ReRune. A call that passes `bundle:`
/// is Foundation's (only `Bundle.main` is intercepted; write ``reRuneLocalizedString(_:value:table:locale:)``
/// instead).
public func NSLocalizedString(_ key: String, comment: String) -> String {
  reRuneLocalizedString(key)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// ReRune's `NSLocalizedString` with a table (see ``NSLocalizedString(_:comment:)``).
public func NSLocalizedString(_ key: String, tableName: String?, comment: String) -> String {
  reRuneLocalizedString(key, table: tableName)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// ReRune's `NSLocalizedString` with a fallback value (see ``NSLocalizedString(_:comment:)``).
public func NSLocalizedString(_ key: String, value: String, comment: String) -> String {
  reRuneLocalizedString(key, value: value)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// ReRune's `NSLocalizedString` with a table and a fallback value (see ``NSLocalizedString(_:comment:)``).
public func NSLocalizedString(_ key: String, tableName: String?, value: String, comment: String)
  -> String
{
  reRuneLocalizedString(key, value: value, table: tableName)
}
