import Messagevisor

/// One example of a message from the project (`examples:` in its YAML file), with a matrix
/// already expanded: what the message is meant to be shown with.
public struct MessageExample: Sendable, Equatable {
  /// The example's description, if any.
  public var description: String?
  /// The locale the example is for.
  public var locale: String?
  /// The ICU values it passes.
  public var values: MessagevisorValues
  /// The context it evaluates in.
  public var context: MessagevisorContext

  /// Creates an example.
  public init(
    description: String? = nil, locale: String? = nil, values: MessagevisorValues = [:],
    context: MessagevisorContext = [:]
  ) {
    self.description = description
    self.locale = locale
    self.values = values
    self.context = context
  }
}
