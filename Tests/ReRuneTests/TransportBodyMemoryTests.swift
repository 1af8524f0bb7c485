import Foundation
import ReRune
import Testing

/// Where the HTTP transport keeps response bodies: in an anonymous mapping of their own, not in the
/// malloc heap (the OTA soak's RSS grew in 8 MiB steps while refused bodies were kept by glibc's
/// per-thread arenas; RELIABILITY.md, OTA soak).
@Suite("ReRune transport body memory", .serialized)
struct TransportBodyMemoryTests {
  static let mib = 1024 * 1024

  @Test func aFetchedBodyHasAMappingOfItsOwnThatGoesWithIt() async throws {
    let server = try FaultServer()
    defer { server.stop() }
    // Exactly 1 MiB of body with its Content-Length: a 200 the transport keeps.
    try await server.route(
      TestServer.localePath("de"), mode: "huge", ["length": Self.mib, "cap": Self.mib])
    let transport = ReRuneHTTPTransport(
      baseURL: server.baseURL, publishId: "pub", requestTimeout: 10, maxPayloadBytes: 4 * Self.mib)
    var body: Data? = nil
    if case .fetched(let data, _) = try await transport.fetchLocale("de", url: nil, etag: nil) {
      body = data
    }
    let data = try #require(body)
    #expect(data.count == Self.mib)
    #expect(data.allSatisfy { $0 == UInt8(ascii: "0") })
    let address = data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
    // A block malloc mmaps for itself starts 16 bytes into its mapping (the chunk header), so it is
    // never page-aligned; a block from an arena stays mapped when it is freed. The body must be
    // page-aligned and its pages must go when the last copy of its Data does. (Not "starts a line of
    // /proc/self/maps": the kernel merges adjacent anonymous mappings, as it does under ASan.)
    #expect(address % page == 0, "the body at \(address) is not page-aligned: it came from malloc")
    #expect(Self.isMapped(address, length: data.count))
    body = nil
    _ = consume data
    #expect(
      !Self.isMapped(address, length: Int(page)),
      "the body's first page is still mapped after the last copy was released")
  }

  /// Whether every page of `[address, address + length)` is mapped (`msync` fails with ENOMEM on an
  /// unmapped page).
  static func isMapped(_ address: UInt, length: Int) -> Bool {
    guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return false }
    return msync(pointer, length, MS_ASYNC) == 0
  }
}
