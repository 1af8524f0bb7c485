import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few ICU C functions Foundation does not wrap (relative time with a numeric offset, unit
/// formatting by skeleton), looked up at run time in the ICU that Foundation already loaded
/// (`swift_`-prefixed in swift-corelibs' `_FoundationICU`, unprefixed in Apple's libicucore).
/// Every entry point is optional: callers fall back to an unsupported note when it is missing.
enum ICUBridge {
  typealias UErrorCode = Int32
  /// `U_BUFFER_OVERFLOW_ERROR`.
  static let bufferOverflow: UErrorCode = 15
  /// `UDISPCTX_CAPITALIZATION_NONE`.
  static let noCapitalization: Int32 = 256
  /// `UDATPG_MATCH_HOUR_FIELD_LENGTH`.
  static let matchHourFieldLength: Int32 = 2048

  private typealias RelOpen =
    @convention(c) (
      UnsafePointer<CChar>, OpaquePointer?, Int32, Int32, UnsafeMutablePointer<UErrorCode>
    ) -> OpaquePointer?
  private typealias RelFormat =
    @convention(c) (
      OpaquePointer?, Double, Int32, UnsafeMutablePointer<UInt16>, Int32,
      UnsafeMutablePointer<UErrorCode>
    ) -> Int32
  private typealias Close = @convention(c) (OpaquePointer?) -> Void
  private typealias NumOpen =
    @convention(c) (
      UnsafePointer<UInt16>, Int32, UnsafePointer<CChar>, UnsafeMutablePointer<UErrorCode>
    ) -> OpaquePointer?
  private typealias ResultOpen = @convention(c) (UnsafeMutablePointer<UErrorCode>) -> OpaquePointer?
  private typealias NumFormat =
    @convention(c) (OpaquePointer?, Double, OpaquePointer?, UnsafeMutablePointer<UErrorCode>) ->
    Void
  private typealias ResultToString =
    @convention(c) (
      OpaquePointer?, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<UErrorCode>
    ) -> Int32
  private typealias ResultAsValue =
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<UErrorCode>) -> OpaquePointer?
  private typealias ValueGetString =
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UErrorCode>)
    -> UnsafePointer<UInt16>?

  private struct Functions: @unchecked Sendable {
    var relOpen: RelOpen?
    var relFormatNumeric: RelFormat?
    var relFormat: RelFormat?
    var relClose: Close?
    var numOpen: NumOpen?
    var numClose: Close?
    var resultOpen: ResultOpen?
    var resultClose: Close?
    var numFormatDouble: NumFormat?
    var resultToString: ResultToString?
    /// `unumf_resultAsValue` and `ufmtval_getString` (ICU 64+): read the result in place.
    var resultAsValue: ResultAsValue?
    var valueGetString: ValueGetString?
  }

  private static let functions: Functions = {
    return Functions(
      relOpen: ICUBridge.find("ureldatefmt_open", as: RelOpen.self),
      relFormatNumeric: ICUBridge.find("ureldatefmt_formatNumeric", as: RelFormat.self),
      relFormat: ICUBridge.find("ureldatefmt_format", as: RelFormat.self),
      relClose: ICUBridge.find("ureldatefmt_close", as: Close.self),
      numOpen: ICUBridge.find("unumf_openForSkeletonAndLocale", as: NumOpen.self),
      numClose: ICUBridge.find("unumf_close", as: Close.self),
      resultOpen: ICUBridge.find("unumf_openResult", as: ResultOpen.self),
      resultClose: ICUBridge.find("unumf_closeResult", as: Close.self),
      numFormatDouble: ICUBridge.find("unumf_formatDouble", as: NumFormat.self),
      resultToString: ICUBridge.find("unumf_resultToString", as: ResultToString.self),
      resultAsValue: ICUBridge.find("unumf_resultAsValue", as: ResultAsValue.self),
      valueGetString: ICUBridge.find("ufmtval_getString", as: ValueGetString.self))
  }()

  /// The ICU function `name` in the process (Foundation's `swift_`-prefixed copy first, then the
  /// plain name), typed as `type`, or `nil`.
  static func find<T>(_ name: String, as type: T.Type) -> T? {
    let handle = dlopen(nil, RTLD_NOW)
    for candidate in ["swift_" + name, name] {
      if let pointer = dlsym(handle, candidate) { return unsafeBitCast(pointer, to: type) }
    }
    return nil
  }

  /// Reads a UTF-16 result, growing the buffer once when ICU reports overflow.
  private static func readString(
    _ body: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<UErrorCode>) -> Int32
  ) -> String? {
    var capacity: Int32 = 128
    for _ in 0..<2 {
      var status: UErrorCode = 0
      var buffer = [UInt16](repeating: 0, count: Int(capacity))
      let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
        guard let base = pointer.baseAddress else { return -1 }
        return body(base, capacity, &status)
      }
      if status == bufferOverflow && length > capacity {
        capacity = length + 1
        continue
      }
      guard status <= 0, length >= 0, length <= capacity else { return nil }
      return buffer.withUnsafeBufferPointer {
        string(fromUTF16: UnsafeBufferPointer(rebasing: $0[..<Int(length)]))
      }
    }
    return nil
  }

  /// Decodes UTF-16 code units (unpaired surrogates become U+FFFD, as `String(decoding:as:)`
  /// does). Short results are transcoded to UTF-8 on the stack first: the standard library's
  /// UTF-16 decoding takes a slow path for non-ASCII text (currency signs, U+00A0, Arabic
  /// digits) that costs more than ICU's formatting itself.
  static func string(fromUTF16 units: UnsafeBufferPointer<UInt16>) -> String {
    let capacity = units.count * 3
    guard capacity <= 1024 else { return String(decoding: units, as: UTF16.self) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { bytes in
      var count = 0
      func put(_ byte: UInt32) {
        bytes[count] = UInt8(truncatingIfNeeded: byte)
        count += 1
      }
      var index = 0
      while index < units.count {
        var scalar = UInt32(units[index])
        index += 1
        if scalar < 0x80 {
          put(scalar)
          continue
        }
        if scalar & 0xFC00 == 0xD800, index < units.count, units[index] & 0xFC00 == 0xDC00 {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
          index += 1
        } else if scalar & 0xF800 == 0xD800 {
          scalar = 0xFFFD
        }
        if scalar < 0x800 {
          put(0xC0 | scalar >> 6)
          put(0x80 | scalar & 0x3F)
        } else if scalar < 0x10000 {
          put(0xE0 | scalar >> 12)
          put(0x80 | scalar >> 6 & 0x3F)
          put(0x80 | scalar & 0x3F)
        } else {
          put(0xF0 | scalar >> 18)
          put(0x80 | scalar >> 12 & 0x3F)
          put(0x80 | scalar >> 6 & 0x3F)
          put(0x80 | scalar & 0x3F)
        }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
    }
  }

  /// An ICU relative date-time formatter (`URelativeDateTimeFormatter`).
  final class RelativeFormatter: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// `width`: 0 long, 1 short, 2 narrow.
    init?(locale: String, width: Int32) {
      guard let open = ICUBridge.functions.relOpen else { return nil }
      var status: UErrorCode = 0
      let handle = open(locale, nil, width, ICUBridge.noCapitalization, &status)
      guard status <= 0, let handle else { return nil }
      self.handle = handle
    }

    deinit { ICUBridge.functions.relClose?(handle) }

    /// Formats `value` `unit`s (URelativeDateTimeUnit); `numeric` false allows "yesterday".
    func format(_ value: Double, unit: Int32, numeric: Bool) -> String? {
      guard
        let function = numeric
          ? ICUBridge.functions.relFormatNumeric : ICUBridge.functions.relFormat
      else { return nil }
      lock.lock()
      defer { lock.unlock() }
      return ICUBridge.readString { buffer, capacity, status in
        function(handle, value, unit, buffer, capacity, status)
      }
    }
  }

  /// An ICU number formatter created from a number skeleton (`UNumberFormatter`), prepared once
  /// and reused for every call.
  ///
  /// A `UNumberFormatter` is immutable and thread-safe for formatting; a `UFormattedNumber` is
  /// not. Each formatter owns one result object guarded by a lock that is only *tried*: a caller
  /// that finds it busy formats into a result of its own (opened and closed for that call), so
  /// concurrent callers never wait on each other. The text is read into a stack buffer.
  final class SkeletonNumberFormatter: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Stack buffer size in UTF-16 units; longer results are re-read into a heap buffer.
    private static let stackCapacity = 128

    init?(skeleton: String, locale: String) {
      let functions = ICUBridge.functions
      guard let open = functions.numOpen, functions.resultOpen != nil,
        functions.numFormatDouble != nil, functions.resultToString != nil
      else { return nil }
      var status: UErrorCode = 0
      let units = Array(skeleton.utf16)
      guard let handle = open(units, Int32(units.count), locale, &status) else { return nil }
      guard status <= 0 else {
        functions.numClose?(handle)
        return nil
      }
      self.handle = handle
    }

    deinit {
      ICUBridge.functions.numClose?(handle)
    }

    /// The formatted text of `value`, or `nil` when ICU reports an error.
    ///
    /// A `UNumberFormatter` may be used from several threads at once; each thread formats into its
    /// own result object (``ICUBridge/threadResult()``), so no lock is taken.
    func format(_ value: Double) -> String? {
      guard let result = ICUBridge.threadResult() else { return nil }
      return format(value, into: result)
    }

    private func format(_ value: Double, into result: OpaquePointer) -> String? {
      let functions = ICUBridge.functions
      guard let formatDouble = functions.numFormatDouble, let toString = functions.resultToString
      else { return nil }
      var status: UErrorCode = 0
      formatDouble(handle, value, result, &status)
      guard status <= 0 else { return nil }
      // The result's own UTF-16 buffer, read in place (no copy into a UnicodeString and out).
      if let asValue = functions.resultAsValue, let getString = functions.valueGetString,
        let formatted = asValue(result, &status), status <= 0
      {
        var length: Int32 = 0
        if let units = getString(formatted, &length, &status), status <= 0, length >= 0 {
          return ICUBridge.string(fromUTF16: UnsafeBufferPointer(start: units, count: Int(length)))
        }
        status = 0
      }
      let capacity = Self.stackCapacity
      let stackText = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) {
        buffer -> String? in
        guard let base = buffer.baseAddress else { return nil }
        var status: UErrorCode = 0
        let length = toString(result, base, Int32(capacity), &status)
        guard status <= 0, length >= 0, Int(length) <= capacity else { return nil }
        return ICUBridge.string(fromUTF16: UnsafeBufferPointer(start: base, count: Int(length)))
      }
      if let stackText { return stackText }
      return ICUBridge.readString { buffer, capacity, status in
        toString(result, buffer, capacity, status)
      }
    }
  }
}

extension ICUBridge {
  /// The calling thread's `UFormattedNumber` (opened on first use, closed when the thread exits),
  /// or `nil` when ICU cannot open one.
  static func threadResult() -> OpaquePointer? {
    if let result = pthread_getspecific(resultKey) { return OpaquePointer(result) }
    guard let open = functions.resultOpen else { return nil }
    var status: UErrorCode = 0
    guard let result = open(&status), status <= 0 else { return nil }
    pthread_setspecific(resultKey, UnsafeRawPointer(result))
    return result
  }

  private static let resultKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { result in
      guard let result else { return }
      ICUBridge.functions.resultClose?(OpaquePointer(result))
    }
    return key
  }()
}

extension ICUBridge {
  private typealias ListOpen =
    @convention(c) (UnsafePointer<CChar>, Int32, Int32, UnsafeMutablePointer<UErrorCode>) ->
    OpaquePointer?
  private typealias ListFormat =
    @convention(c) (
      OpaquePointer?, UnsafePointer<UnsafePointer<UInt16>?>, UnsafePointer<Int32>, Int32,
      UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<UErrorCode>
    ) -> Int32
  private typealias ListClose = @convention(c) (OpaquePointer?) -> Void

  private struct ListFunctions: @unchecked Sendable {
    var open: ListOpen?
    var format: ListFormat?
    var close: ListClose?
  }

  private static let listFunctions: ListFunctions = {
    return ListFunctions(
      open: ICUBridge.find("ulistfmt_openForType", as: ListOpen.self),
      format: ICUBridge.find("ulistfmt_format", as: ListFormat.self),
      close: ICUBridge.find("ulistfmt_close", as: ListClose.self))
  }()

  /// An ICU list formatter (`UListFormatter`), used for the `unit` list type that the `.list`
  /// format style does not offer.
  final class ListFormatter: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// `type`: 0 and, 1 or, 2 units; `width`: 0 wide, 1 short, 2 narrow.
    init?(locale: String, type: Int32, width: Int32) {
      guard let open = ICUBridge.listFunctions.open, ICUBridge.listFunctions.format != nil else {
        return nil
      }
      var status: UErrorCode = 0
      guard let handle = open(locale, type, width, &status), status <= 0 else { return nil }
      self.handle = handle
    }

    deinit { ICUBridge.listFunctions.close?(handle) }

    func format(_ items: [String]) -> String? {
      guard let format = ICUBridge.listFunctions.format else { return nil }
      let units = items.map { Array($0.utf16) }
      let lengths = units.map { Int32($0.count) }
      var storage: [UnsafeMutableBufferPointer<UInt16>] = []
      defer {
        for buffer in storage { buffer.deallocate() }
      }
      var pointers: [UnsafePointer<UInt16>?] = []
      for item in units {
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(1, item.count))
        _ = buffer.initialize(from: item)
        storage.append(buffer)
        pointers.append(UnsafePointer(buffer.baseAddress))
      }
      lock.lock()
      defer { lock.unlock() }
      return ICUBridge.readString { buffer, capacity, status in
        format(handle, pointers, lengths, Int32(items.count), buffer, capacity, status)
      }
    }
  }
}

extension ICUBridge {
  private typealias PatternGeneratorOpen =
    @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<UErrorCode>) -> OpaquePointer?
  private typealias BestPatternWithOptions =
    @convention(c) (
      OpaquePointer?, UnsafePointer<UInt16>, Int32, Int32, UnsafeMutablePointer<UInt16>, Int32,
      UnsafeMutablePointer<UErrorCode>
    ) -> Int32
  private typealias PatternGeneratorClose = @convention(c) (OpaquePointer?) -> Void

  private struct PatternFunctions: @unchecked Sendable {
    var open: PatternGeneratorOpen?
    var best: BestPatternWithOptions?
    var close: PatternGeneratorClose?
  }

  private static let patternFunctions: PatternFunctions = {
    return PatternFunctions(
      open: ICUBridge.find("udatpg_open", as: PatternGeneratorOpen.self),
      best: ICUBridge.find("udatpg_getBestPatternWithOptions", as: BestPatternWithOptions.self),
      close: ICUBridge.find("udatpg_close", as: PatternGeneratorClose.self))
  }()

  /// The locale's best pattern for `skeleton`, matching the requested hour field length
  /// (`UDATPG_MATCH_HOUR_FIELD_LENGTH`, as V8 does for Intl.DateTimeFormat); `nil` when the ICU
  /// pattern generator is not reachable.
  static func bestPatternMatchingHourLength(skeleton: String, locale: String) -> String? {
    let functions = patternFunctions
    guard let open = functions.open, let best = functions.best else { return nil }
    var status: UErrorCode = 0
    guard let generator = open(locale, &status), status <= 0 else { return nil }
    defer { functions.close?(generator) }
    let units = Array(skeleton.utf16)
    return readString { buffer, capacity, status in
      best(
        generator, units, Int32(units.count), matchHourFieldLength, buffer,
        capacity, status)
    }
  }
}
