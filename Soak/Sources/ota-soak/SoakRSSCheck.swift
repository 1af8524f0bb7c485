/// The soak's memory assertion (issue 16: "RSS flat, ≤ +10 % after warm-up"), on RSS samples taken
/// every 250 ms.
///
/// Warm-up is the first 20 % of the run (at least 10 s, at most half). The reference is the median
/// over the window that follows it (10 % of the run, at least 5 s). Every later stretch must stay
/// within +10 % of it: the median of each tenth of the run that starts after the warm-up, and the
/// median of the last 20 %. Medians, so that a body in flight at the moment of a sample (up to the
/// payload limit for a few milliseconds) is not counted as growth; per tenth, so that memory that
/// grows and is given back later, or grows only in the last tenth, is still seen.
struct SoakRSSCheck {
  /// The median after warm-up (bytes).
  var reference: Int?
  /// The median over the last 20 % (bytes).
  var end: Int?
  /// The median of each tenth of the run (bytes), nil where there were no samples.
  var tenths: [Int?]
  /// Why the assertion failed, or nil.
  var failure: String?

  static let allowedGrowth = 1.10

  init(samples: [(time: Double, bytes: Int)], seconds: Double) {
    func median(_ range: ClosedRange<Double>) -> Int? {
      let values = samples.filter { range.contains($0.time) }.map(\.bytes).sorted()
      return values.isEmpty ? nil : values[values.count / 2]
    }
    let warmUp = min(max(10, seconds * 0.2), seconds / 2)
    reference = median(warmUp...(warmUp + max(5, seconds * 0.1)))
    end = median((seconds * 0.8)...seconds)
    tenths = (0..<10).map { step in
      let from = seconds * Double(step) / 10
      return median(from...(from + seconds / 10))
    }
    guard let reference else {
      failure = "no RSS sample after warm-up"
      return
    }
    let limit = Double(reference) * Self.allowedGrowth
    var stretches: [(String, Int)] = []
    for (step, value) in tenths.enumerated() where Double(step) * seconds / 10 >= warmUp {
      if let value { stretches.append(("tenth \(step + 1) of the run", value)) }
    }
    if let end { stretches.append(("the last 20 %", end)) }
    if let (name, value) = stretches.first(where: { Double($0.1) > limit }) {
      failure =
        "RSS grew from \(Self.mebibytes(reference)) MiB after warm-up to \(Self.mebibytes(value)) MiB in \(name) (> +10 %)"
    }
  }

  static func mebibytes(_ bytes: Int) -> String {
    let value = Double(bytes) / 1_048_576
    return value < 10 ? String(Double(Int(value * 10)) / 10) : String(Int(value))
  }

  /// The check fails on a series that grows (steadily, in the last tenth only, or for a while) and
  /// passes on a flat one; the soak's self-test runs it.
  static func selfTestProblems() -> [String] {
    let seconds = 100.0
    func series(_ bytes: (Double) -> Double) -> [(time: Double, bytes: Int)] {
      stride(from: 0.0, through: seconds, by: 0.25).map { ($0, Int(bytes($0) * 1_048_576)) }
    }
    var problems: [String] = []
    let flat = SoakRSSCheck(samples: series { $0 < 10 ? 20 + $0 : 36 }, seconds: seconds)
    if let failure = flat.failure { problems.append("a flat series failed: \(failure)") }
    let cases: [(String, (Double) -> Double)] = [
      ("8 MiB steps", { 36 + 8 * Double(Int($0 / 20)) }),
      ("growth in the last tenth only", { $0 > 91 ? 48 : 36 }),
      ("growth given back at the end", { $0 > 40 && $0 < 70 ? 44 : 36 }),
    ]
    for (name, shape) in cases
    where SoakRSSCheck(samples: series(shape), seconds: seconds)
      .failure == nil
    {
      problems.append("a series with \(name) passed")
    }
    return problems
  }
}
