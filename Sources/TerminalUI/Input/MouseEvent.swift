/// A mouse event the terminal reported (``NcursesScreen`` with mouse reporting on).
///
/// Coordinates are cells of the frame: column `x` and row `y`, both from 0 at the top left.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    /// A button (1 left, 2 middle, 3 right) went down.
    case press(button: Int)
    /// A button went up.
    case release(button: Int)
    /// The wheel turned away from the user (scroll up).
    case wheelUp
    /// The wheel turned towards the user (scroll down).
    case wheelDown
  }

  /// What the mouse did.
  public var kind: Kind
  /// The column, from 0.
  public var x: Int
  /// The row, from 0.
  public var y: Int

  /// Creates an event.
  public init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}
