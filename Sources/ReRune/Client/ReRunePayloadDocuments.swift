import Foundation
import MessagevisorLocking

/// Shares the parse of a payload between the locales of one check that point at the same URL and
/// receive the same bytes (one 2 MB catalog serving 19 locales is parsed once, then each locale
/// converts only its own localizations).
///
/// A slot is keyed by the payload URL (and ETag); the bytes are compared before a parse is reused,
/// so a server that sends different bodies under one URL still gets each body parsed. Concurrent
/// locales of the same slot wait for the first parse instead of parsing again.
final class ReRunePayloadDocuments: Sendable {
  final class Slot: Sendable {
    let parsed = Locked<
      (data: Data, digest: String, result: Result<XCStringsDocument, CatalogError>)?
    >(
      nil)
  }

  private let slots = Locked<[String: Slot]>([:])
  private let maxEntries: Int

  init(maxEntries: Int = XCStringsReader.Options().maxEntries) {
    self.maxEntries = maxEntries
  }

  /// The parsed document of `data` fetched from `url` (with `etag`) and the SHA-256 (hex) of
  /// `data` (its cache name), both computed at most once per distinct body.
  func document(url: String, etag: String?, data: Data, label: String, digest known: String? = nil)
    throws(CatalogError) -> (document: XCStringsDocument, digest: String)
  {
    let key = url + "\u{0}" + (etag ?? "")
    let slot = slots.withLock { slots -> Slot in
      if let slot = slots[key] { return slot }
      let slot = Slot()
      slots[key] = slot
      return slot
    }
    let maxEntries = self.maxEntries
    let result = slot.parsed.withLock {
      parsed -> (Result<XCStringsDocument, CatalogError>, String) in
      if let parsed, parsed.data == data { return (parsed.result, parsed.digest) }
      let result: Result<XCStringsDocument, CatalogError>
      do throws(CatalogError) {
        result = .success(try XCStringsDocument.parse(data, file: label, maxEntries: maxEntries))
      } catch {
        result = .failure(error)
      }
      let digest = known ?? SHA256Digest.hex(data)
      parsed = (data, digest, result)
      return (result, digest)
    }
    return (try result.0.get(), result.1)
  }
}
