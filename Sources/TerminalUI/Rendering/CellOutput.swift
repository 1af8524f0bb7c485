/// Where a ``FrameDiffer`` writes changed cells: a terminal (``NcursesScreen``'s curses output)
/// or a recorder in tests.
public protocol CellOutput: AnyObject {
  /// Starts a frame. `fullRedraw` is true when the terminal must be repainted entirely (first
  /// frame, size change, explicit invalidation); every cell of the frame then follows as runs.
  func beginFrame(size: TerminalSize, fullRedraw: Bool)
  /// Writes one run of changed cells.
  func write(_ run: CellRun)
  /// Ends the frame; a terminal output flushes here (one refresh per frame).
  func endFrame()
}
