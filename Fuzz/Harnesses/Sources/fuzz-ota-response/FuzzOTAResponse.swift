import Foundation
import FuzzSupport
import ReRune

/// Serves a fuzz input as a server would: the manifest body, then one body per locale (in sorted
/// locale order), with flags choosing 304s, transport errors and ETags.
struct FuzzTransport: ReRuneTransport {
  let manifest: Data
  let payloads: [Data]
  let flags: UInt8
  /// The manifest's locale keys in sorted order (parsed once here rather than at every payload
  /// fetch: the client's own parse of the manifest is what is under test).
  let sortedLocales: [String]

  init(manifest: Data, payloads: [Data], flags: UInt8) {
    self.manifest = manifest
    self.payloads = payloads
    self.flags = flags
    sortedLocales = (try? ReRuneManifest.parse(manifest))?.locales.keys.sorted() ?? []
  }

  var manifestLocation: String { "fuzz://manifest.json" }

  func fetchManifest(etag: String?) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    if etag != nil, flags & 1 == 1 { return .notModified }
    return .fetched(manifest, etag: flags & 2 == 0 ? "\"m\(manifest.count)\"" : nil)
  }

  func localeLocation(_ locale: String, url: String?) throws(ReRuneTransportError) -> String {
    url ?? "fuzz://\(locale).xcstrings"
  }

  func fetchLocale(_ locale: String, url: String?, etag: String?) async throws(ReRuneTransportError)
    -> ReRuneFetchResult
  {
    let location = try localeLocation(locale, url: url)
    guard let index = sortedLocales.firstIndex(of: locale), index < payloads.count else {
      throw ReRuneTransportError(kind: .notFound, location: location, status: 404, message: "404")
    }
    if etag != nil, flags & 4 == 4 { return .notModified }
    if flags & 8 == 8, index == 0 {
      throw ReRuneTransportError(kind: .network, location: location, message: "reset")
    }
    return .fetched(payloads[index], etag: "\"p\(index)-\(payloads[index].count)\"")
  }
}

/// Splits `bytes` at every `0xFF 0x00` pair.
func sections(_ bytes: UnsafeBufferPointer<UInt8>) -> [Data] {
  var result: [Data] = []
  var start = bytes.startIndex
  var index = bytes.startIndex
  while index + 1 < bytes.endIndex {
    if bytes[index] == 0xFF, bytes[index + 1] == 0 {
      result.append(Data(bytes[start..<index]))
      index += 2
      start = index
    } else {
      index += 1
    }
  }
  result.append(Data(bytes[start..<bytes.endIndex]))
  return result
}

/// The OTA response path: a client checks twice against the fuzz transport (the second check sends
/// the ETags it stored) and looks up every served key; the served state must be a whole payload.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOTAResponseEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzOTAResponse(data, size) }
}

func fuzzOTAResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let flags = data[0]
  let parts = sections(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let transport = FuzzTransport(
    manifest: parts[0], payloads: Array(parts.dropFirst().prefix(16)), flags: flags)
  guard
    var client = try? ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "fuzz", source: .custom(transport), cache: .disabled,
        maxPayloadBytes: 1 << 20, preferredLanguages: ["en"], usesMainBundle: false,
        onDiagnostic: { _ in }))
  else { preconditionFailure("client setup failed") }
  let done = DispatchSemaphore(value: 0)
  Task.detached { [client] in
    for _ in 0..<(flags & 16 == 16 ? 2 : 1) {
      let result = await client.checkForUpdates()
      _ = result.errorMessage
    }
    done.signal()
  }
  done.wait()
  // The task releases its reference just after signalling; wait for that (bounded), so a client that
  // stays referenced is reported as what it is rather than as a leak of whatever it holds.
  var spins = 0
  while !isKnownUniquelyReferenced(&client) {
    spins += 1
    precondition(spins < 100_000, "the client is still referenced after its checks finished")
    usleep(10)
  }
  // Every applied entry is served: by its own locale, or by one spelled the same way (`pt_BR` and
  // `pt-BR` name one locale; the exact spelling wins).
  let locales = client.otaLocales
  for (locale, entries) in locales {
    let spelling = ReRuneClient.localeChain(locale).first
    let group = Set(locales.keys.filter { ReRuneClient.localeChain($0).first == spelling })
    for key in entries.keys.sorted().prefix(16) {
      guard let hit = client.otaEntry(forKey: key, locale: locale) else {
        preconditionFailure("an applied entry is not served: \(key) in \(locale)")
      }
      if group.count == 1 {
        precondition(hit.locale == locale, "\(key) in \(locale) is served from \(hit.locale)")
        precondition(
          client.localizedString(key, locale: locale) == entries[key]?.value,
          "served text differs from the applied payload")
      } else {
        precondition(group.contains(hit.locale), "\(key) in \(locale) is served from \(hit.locale)")
      }
    }
  }
  return 0
}
