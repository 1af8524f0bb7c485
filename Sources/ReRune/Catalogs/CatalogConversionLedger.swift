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

  /// Converts one entry within what is left of `total`: reserves up to `perEntry` bytes, runs
  /// `convert` with the grant (and whether it is less than `perEntry`, so that reaching it means
  /// the budget ran out), then gives back what the entry did not use. A failed conversion spends
  /// its whole grant (it counts work) unless `refundsFailure` says to give it back.
  func convert<Failure: Error>(
    wanting perEntry: Int, of total: Int, refundsFailure: (Failure) -> Bool,
    _ convert: (_ granted: Int, _ capped: Bool) throws(Failure) -> CatalogEntry
  ) throws(Failure) -> CatalogEntry {
    let granted = reserve(perEntry, of: total)
    do {
      let entry = try convert(granted, granted < perEntry)
      refund(granted - entry.icuMessage.utf8.count)
      return entry
    } catch {
      if refundsFailure(error) { refund(granted) }
      throw error
    }
  }

  /// The bytes spent (or reserved) so far.
  var bytesSpent: Int { spent.withLock { $0 } }
}
