/// A place frames are shown and input comes from: a real terminal (``NcursesScreen``) or a
/// recording for tests (``HeadlessScreen``).
///
/// A screen is used from one thread (the program's main loop); it is not `Sendable`.
public protocol Screen: AnyObject {
  /// The current size in cells. Render frames of this size; after a ``InputEvent/resize(_:)``
  /// event it reports the new size.
  var size: TerminalSize { get }

  /// How colours are drawn on this screen.
  var colorMode: ColorMode { get }

  /// Shows `frame`. Implementations write only the cells that differ from the previous frame.
  /// A frame of another size than ``size`` is clipped or padded with blanks.
  func render(_ frame: Frame)

  /// Waits for the next input event for at most `timeout` (forever when `nil`) and returns it, or
  /// returns `nil` when the timeout passed without input.
  func readEvent(timeout: Duration?) -> InputEvent?

  /// Gives the terminal back to the shell: shows the cursor, leaves the alternate screen and
  /// restores terminal modes. Safe to call more than once.
  func restore()

  /// Puts `text` on the system clipboard through the terminal (OSC 52) and returns whether the
  /// request was written. The default implementation writes nothing and returns `false`.
  func copyToClipboard(_ text: String) -> Bool

  /// Gives the terminal to `body` (a child program such as an external editor): the screen
  /// leaves, `body` runs, and the screen comes back with every cell repainted on the next render.
  /// The default implementation just runs `body`.
  func suspend(_ body: () -> Void)
}

extension Screen {
  /// Writes nothing: a screen without a terminal has no clipboard.
  public func copyToClipboard(_ text: String) -> Bool { false }

  /// Runs `body`: a screen without a terminal has nothing to give away.
  public func suspend(_ body: () -> Void) { body() }
}
