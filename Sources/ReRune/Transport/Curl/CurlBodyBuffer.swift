import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The body of one transfer, kept in an anonymous memory mapping of its own instead of the malloc
/// heap, so that its pages go back to the system as soon as the body is dropped.
///
/// Why not `Data`: a body that grows to the payload limit and is then refused (an oversize stream, a
/// gzip bomb) is a large short-lived buffer. Once glibc has freed one large block, it raises its mmap
/// threshold to that block's size and serves later blocks of that size from the calling thread's
/// malloc arena; freed, they stay resident in the arena. Transfers run on many threads, and each
/// arena (up to 8 per core) ended up keeping its own 8 MiB body: the OTA soak's RSS grew from 36 to
/// 93 MiB in 8 MiB steps in 150 s, and stayed at 37 MiB with a fixed mmap threshold
/// (RELIABILITY.md, OTA soak). A mapping of our own is returned with `munmap`, whatever the thread.
///
/// The mapping starts at 64 KiB and doubles (map, copy, unmap), never beyond `limit` rounded up to a
/// page; pages that are never written are never resident. One thread uses a buffer at a time.
final class CurlBodyBuffer {
  /// The most bytes the buffer accepts (the transfer's body limit).
  let limit: Int
  private var base: UnsafeMutableRawPointer?
  private var capacity = 0
  /// The bytes appended since the last ``reset()`` or ``takeData()``.
  private(set) var count = 0

  /// The first mapping's size.
  static let initialCapacity = 64 * 1024

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  deinit { unmap() }

  /// Appends `bytes`; false when they would pass ``limit`` or no memory could be mapped (the buffer
  /// is unchanged then).
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return true }
    guard bytes.count <= limit - count else { return false }
    let needed = count + bytes.count
    if needed > capacity, !grow(toHold: needed) { return false }
    guard let base else { return false }
    (base + count).copyMemory(from: source, byteCount: bytes.count)
    count = needed
    return true
  }

  /// Forgets the bytes and returns the mapping to the system.
  func reset() {
    unmap()
    count = 0
  }

  /// Hands the bytes over as `Data` without copying them; the mapping is unmapped when the last copy
  /// of that `Data` is released. The buffer is empty afterwards.
  func takeData() -> Data {
    guard let mapping = base, count > 0 else {
      reset()
      return Data()
    }
    let size = capacity
    let length = count
    base = nil
    capacity = 0
    count = 0
    return Data(
      bytesNoCopy: mapping, count: length,
      deallocator: .custom { pointer, _ in _ = munmap(pointer, size) })
  }

  private func grow(toHold needed: Int) -> Bool {
    let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
    let ceiling = limit > Int.max - page ? Int.max / page * page : (limit + page - 1) / page * page
    var wanted = max(Self.initialCapacity, capacity > ceiling / 2 ? ceiling : capacity * 2)
    wanted = min(max(wanted, needed), ceiling)
    wanted = (wanted + page - 1) / page * page
    guard wanted >= needed, let mapped = Self.map(wanted) else { return false }
    if let base {
      mapped.copyMemory(from: base, byteCount: count)
      _ = munmap(base, capacity)
    }
    base = mapped
    capacity = wanted
    return true
  }

  private func unmap() {
    if let base { _ = munmap(base, capacity) }
    base = nil
    capacity = 0
  }

  private static func map(_ size: Int) -> UnsafeMutableRawPointer? {
    #if canImport(Glibc)
      let flags = MAP_PRIVATE | MAP_ANONYMOUS
    #else
      let flags = MAP_PRIVATE | MAP_ANON
    #endif
    let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0)
    guard let mapped, mapped != MAP_FAILED else { return nil }
    return mapped
  }
}
