extension SeededGenerator {
  /// A generator for `seed` mixed with `stream` (e.g. a message index), so that each stream is
  /// independent of how many numbers the others drew: a generated project's message can be
  /// written on its own and is the same whatever the project's size.
  public init(seed: UInt64, stream: UInt64) {
    self.init(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03)
    _ = next()
  }

  /// A number in `0..<bound` (`bound` > 0); the slight modulo bias does not matter here, and
  /// unlike `Int.random(in:using:)` the mapping is fixed, so the output never changes.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
