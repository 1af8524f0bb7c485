import Messagevisor

/// The outcome of one assertion.
public struct AssertionResult: Sendable {
  /// Stable identifier: `<spec file>#<assertion number>[.<matrix combination>]` (1-based).
  public var id: String
  /// The assertion description (default or given).
  public var description: String
  /// Whether it passed.
  public var passed: Bool
  /// The expected string, when the assertion compares a translation.
  public var expected: String?
  /// Where `expected` came from (`expectedTranslation`, `expectedByRuntime.linux`, …).
  public var expectedSource: String?
  /// The actual string, when one was produced.
  public var actual: String?
  /// Failure details (structure mismatches, errors, diagnostics).
  public var problems: [String]

  /// JSON form.
  public var json: MessagevisorValue {
    var object: [String: MessagevisorValue] = [
      "id": .string(id), "description": .string(description), "passed": .bool(passed),
      "problems": .array(problems.map { .string($0) }),
    ]
    if let expected { object["expected"] = .string(expected) }
    if let expectedSource { object["expectedSource"] = .string(expectedSource) }
    if let actual { object["actual"] = .string(actual) }
    return .object(object)
  }
}

/// The outcome of one spec file.
public struct SpecResult: Sendable {
  /// The spec file, relative to the project root.
  public var file: String
  /// The spec kind.
  public var kind: ProjectTestSpec.Kind
  /// The subject key.
  public var subject: String
  /// Assertion results.
  public var assertions: [AssertionResult]

  /// Whether every assertion passed.
  public var passed: Bool { assertions.allSatisfy(\.passed) }
}

/// The outcome of a whole run.
public struct TestRunSummary: Sendable {
  /// Per-spec results, in path order.
  public var specs: [SpecResult]

  /// Spec counts.
  public var specsPassed: Int { specs.filter(\.passed).count }
  /// Spec counts.
  public var specsFailed: Int { specs.count - specsPassed }
  /// Assertion counts.
  public var assertionsPassed: Int { specs.reduce(0) { $0 + $1.assertions.filter(\.passed).count } }
  /// Assertion counts.
  public var assertionsFailed: Int {
    specs.reduce(0) { $0 + $1.assertions.filter { !$0.passed }.count }
  }
}
