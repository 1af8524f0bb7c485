import Foundation
import ReRune
import Testing

/// Where the HTTP transport keeps response bodies: in an anonymous mapping of their own, not in the
/// malloc heap (the OTA soak's RSS grew in 8 MiB steps while refused bodies were kept by glibc's
/// per-thread arenas; RELIABILITY.md, OTA soak).
@Suite("ReRune transport body memory", .serialized)
struct TransportBodyMemoryTests {
  static let mib = 1024 * 1024

  /// The anonymous mappings of this process as (start, end), from /proc/self/maps.
  static func anonymousMappings() throws -> [(start: UInt, end: UInt)] {
    let text = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      // start-end perms offset device inode [path]: anonymous = inode 0 and no path.
      guard fields.count == 5, fields[4] == "0" else { return nil }
      let bounds = fields[0].split(separator: "-")
      guard bounds.count == 2, let start = UInt(bounds[0], radix: 16),
        let end = UInt(bounds[1], radix: 16)
      else { return nil }
      return (start, end)
    }
  }

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
    // malloc puts a chunk header before every block it returns, so a block from malloc (from an
    // arena or mmapped by malloc) never starts at the beginning of a mapping.
    let starts = try Self.anonymousMappings().map(\.start)
    #expect(starts.contains(address), "the body at \(address) is not at the start of a mapping")
    #expect(Self.isMapped(address, length: data.count))
    body = nil
    _ = consume data
    #expect(
      !Self.isMapped(address, length: Self.mib),
      "the body's pages are still mapped after the last copy was released")
  }

  /// Whether every page of `[address, address + length)` is mapped (`msync` fails with ENOMEM on an
  /// unmapped page).
  static func isMapped(_ address: UInt, length: Int) -> Bool {
    guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return false }
    return msync(pointer, length, MS_ASYNC) == 0
  }
}
