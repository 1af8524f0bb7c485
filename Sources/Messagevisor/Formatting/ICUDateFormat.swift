import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ICUBridge {
  private typealias DateOpen =
    @convention(c) (
      Int32, Int32, UnsafePointer<CChar>, UnsafePointer<UInt16>, Int32, UnsafePointer<UInt16>,
      Int32, UnsafeMutablePointer<UErrorCode>
    ) -> OpaquePointer?
  private typealias DateFormat =
    @convention(c) (
      OpaquePointer?, Double, UnsafeMutablePointer<UInt16>, Int32, OpaquePointer?,
      UnsafeMutablePointer<UErrorCode>
    ) -> Int32
  private typealias DateClose = @convention(c) (OpaquePointer?) -> Void

  private struct DateFunctions: @unchecked Sendable {
    var open: DateOpen?
    var format: DateFormat?
    var close: DateClose?
  }

  private static let dateFunctions: DateFunctions = {
    return DateFunctions(
      open: ICUBridge.find("udat_open", as: DateOpen.self),
      format: ICUBridge.find("udat_format", as: DateFormat.self),
      close: ICUBridge.find("udat_close", as: DateClose.self))
  }()

  /// `UDAT_PATTERN`: the format is given by a pattern, not a style.
  private static let patternStyle: Int32 = -2

  /// An ICU date format (`UDateFormat`) opened from a pattern, a locale and a time zone: the
  /// formatter `DateFormatter` wraps, called without Foundation's CFDateFormatter and CFString
  /// layers (about a fifth of a date argument's cost). Formats under a lock (ICU formats are not
  /// documented as safe to share between threads).
  final class PatternDateFormat: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = RecursiveLock()

    /// Opens a format, or `nil` when the ICU functions are missing or ICU refuses the inputs.
    /// - Parameters:
    ///   - pattern: An ICU date pattern (`"MMMM d, y"`).
    ///   - locale: An ICU locale identifier, keywords included (`"ja_JP@calendar=japanese"`).
    ///   - timeZone: A time zone identifier ICU knows (`"America/New_York"`, `"GMT+01:00"`).
    init?(pattern: String, locale: String, timeZone: String) {
      let functions = ICUBridge.dateFunctions
      guard let open = functions.open, functions.format != nil, functions.close != nil else {
        return nil
      }
      let zone = Array(timeZone.utf16)
      let units = Array(pattern.utf16)
      var status: UErrorCode = 0
      let handle = open(
        ICUBridge.patternStyle, ICUBridge.patternStyle, locale, zone, Int32(zone.count), units,
        Int32(units.count), &status)
      guard status <= 0, let handle else {
        if let handle { functions.close?(handle) }
        return nil
      }
      self.handle = handle
    }

    deinit {
      ICUBridge.dateFunctions.close?(handle)
      lock.destroy()
    }

    /// The text of `date`, or `nil` when ICU fails.
    func format(_ date: Date) -> String? {
      guard let format = ICUBridge.dateFunctions.format else { return nil }
      let milliseconds = date.timeIntervalSince1970 * 1000
      let capacity = 256
      lock.lock()
      defer { lock.unlock() }
      // ICU reports the length it needs when the stack buffer is too small.
      var needed: Int32 = 0
      let short = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) {
        buffer -> String? in
        guard let base = buffer.baseAddress else { return nil }
        var status: UErrorCode = 0
        let length = format(handle, milliseconds, base, Int32(capacity), nil, &status)
        if status == ICUBridge.bufferOverflow { needed = length }
        guard status <= 0, length >= 0, Int(length) <= capacity else { return nil }
        return ICUBridge.string(fromUTF16: UnsafeBufferPointer(start: base, count: Int(length)))
      }
      if let short { return short }
      // Longer than the stack buffer: format again into a heap buffer of the reported length.
      guard Int(needed) > capacity, needed < 1 << 20 else { return nil }
      var units = [UInt16](repeating: 0, count: Int(needed))
      var status: UErrorCode = 0
      let written = units.withUnsafeMutableBufferPointer { buffer in
        format(handle, milliseconds, buffer.baseAddress!, needed, nil, &status)
      }
      guard status <= 0, written == needed else { return nil }
      return units.withUnsafeBufferPointer { ICUBridge.string(fromUTF16: $0) }
    }
  }
}
