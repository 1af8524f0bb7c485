import MessagevisorLocking

/// The bytes of ICU text spent converting one parsed catalog, shared by every locale read from it
/// (a reference, so copies of an ``XCStringsDocument`` share it) and safe to use from the
/// concurrent locale conversions of one OTA check.
///
/// An entry reserves the most it may build before it is converted and gives back what it did not
/// use, so concurrent conversions cannot overshoot the total together.
final class CatalogConversionLedger: Sendable {
  private let spent = Locked(0)

  /// Reserves up to `wanted` bytes of a `total`; returns what was granted (0 when nothing is left).
  func reserve(_ wanted: Int, of total: Int) -> Int {
    spent.withLock { spent in
      let granted = max(0, min(wanted, total - spent))
      spent += granted
      return granted
    }
  }

  /// Returns `bytes` of a reservation that were not used.
  func refund(_ bytes: Int) {
    guard bytes > 0 else { return }
    spent.withLock { $0 = max(0, $0 - bytes) }
  }

  /// The bytes spent (or reserved) so far.
  var bytesSpent: Int { spent.withLock { $0 } }
}
