/// The help screen's part of the state.
public struct HelpPanel: Sendable, Equatable {
  /// The scroll offset (rows).
  public var scroll: Int = 0

  /// Creates the help at its top.
  public init() {}
}
