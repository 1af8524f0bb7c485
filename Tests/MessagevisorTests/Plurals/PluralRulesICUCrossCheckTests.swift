import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cross-checks the generated rules against the plural rules of the ICU that Foundation loaded
/// (ICU 76 / CLDR 46 on Linux), for integers 0…230 and a set of decimals in every locale.
@Suite struct PluralRulesICUCrossCheckTests {
  private typealias PluralOpen =
    @convention(c) (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> OpaquePointer?
  private typealias SelectFormatted =
    @convention(c) (
      OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UInt16>, Int32,
      UnsafeMutablePointer<Int32>
    ) -> Int32
  private typealias NumberOpen =
    @convention(c) (UnsafePointer<UInt16>, Int32, UnsafePointer<CChar>, UnsafeMutablePointer<Int32>)
    -> OpaquePointer?
  private typealias ResultOpen = @convention(c) (UnsafeMutablePointer<Int32>) -> OpaquePointer?
  private typealias FormatDecimal =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>, Int32, OpaquePointer?, UnsafeMutablePointer<Int32>
    ) -> Void

  /// Differences explained by the data versions: the fixtures are CLDR 45, Foundation's ICU 76
  /// carries CLDR 46, which gave Sicilian (scn) a "many" category for millions.
  static let knownDataDifferences: Set<String> = [
    "cardinal scn 1000000", "cardinal scn 10000000",
  ]

  private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
    let handle = dlopen(nil, RTLD_NOW)
    for candidate in ["swift_" + name, name] {
      if let pointer = dlsym(handle, candidate) { return unsafeBitCast(pointer, to: type) }
    }
    return nil
  }

  @Test func generatedRulesAgreeWithFoundationICU() throws {
    guard let open = Self.symbol("uplrules_openForType", as: PluralOpen.self),
      let select = Self.symbol("uplrules_selectFormatted", as: SelectFormatted.self),
      let numberOpen = Self.symbol("unumf_openForSkeletonAndLocale", as: NumberOpen.self),
      let resultOpen = Self.symbol("unumf_openResult", as: ResultOpen.self),
      let formatDecimal = Self.symbol("unumf_formatDecimal", as: FormatDecimal.self)
    else {
      print("[skip] ICU plural functions are not reachable from this Foundation")
      return
    }
    var status: Int32 = 0
    // One formatter per visible fraction-digit count so that "1.0" keeps v = 1.
    let formatters: [OpaquePointer?] = (0...2).map { digits in
      let skeleton = Array(
        (digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)).utf16)
      return numberOpen(skeleton, Int32(skeleton.count), "en", &status)
    }
    let result = try #require(resultOpen(&status))
    let decimals = [
      "0.0", "0.1", "0.5", "1.0", "1.1", "1.5", "2.0", "2.5", "10.0", "100.0", "0.00", "0.01",
      "1.00", "1.01", "1.10", "2.10", "3.50", "11.0", "21.0", "21.1", "0.02", "0.05", "5.0",
      "101.0", "1000.0",
    ]
    let integers = (0...230).map(String.init) + ["1000", "1001", "1000000", "10000000"]
    var checked = 0
    var mismatches: [String] = []
    for ordinal in [false, true] {
      for locale in PluralRules.locales(ordinal: ordinal) {
        status = 0
        let icuLocale = locale.replacingOccurrences(of: "-", with: "_")
        guard let rules = open(icuLocale, ordinal ? 1 : 0, &status), status <= 0 else { continue }
        for sample in ordinal ? integers : integers + decimals {
          let digits = sample.split(separator: ".").dropFirst().first?.count ?? 0
          status = 0
          formatDecimal(formatters[digits], sample, Int32(sample.utf8.count), result, &status)
          var buffer = [UInt16](repeating: 0, count: 16)
          let length = select(rules, result, &buffer, 16, &status)
          guard status <= 0, length > 0 else { continue }
          let icu = String(decoding: buffer[..<Int(length)], as: UTF16.self)
          let operands = try #require(PluralOperands(sample))
          let ours = PluralRules.category(for: operands, locale: locale, ordinal: ordinal)
          checked += 1
          let key = "\(ordinal ? "ordinal" : "cardinal") \(locale) \(sample)"
          if icu != ours && !Self.knownDataDifferences.contains(key) {
            mismatches.append("\(key): ICU \(icu), generated \(ours)")
          }
        }
      }
    }
    #expect(checked > 50_000)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}
