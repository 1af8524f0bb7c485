/// Where a collecting load (`lint`) puts the problems it finds instead of stopping at the first.
final class ProblemSink {
  /// The problems in the order they were found.
  var problems: [ProjectError] = []
}
