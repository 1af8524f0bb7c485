/// The name of a screen: a project screen file (`previews/<name>.yml`) or a built-in screen
/// such as `messages`.
public struct PreviewScreen: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The screen name.
  public var rawValue: String

  /// Creates a name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a name from a literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The built-in message list.
  public static let messages = PreviewScreen(rawValue: ScreenCatalog.messagesScreen)

  /// The name.
  public var description: String { rawValue }
}
