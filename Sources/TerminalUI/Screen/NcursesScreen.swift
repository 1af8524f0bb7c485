import CNcursesw
import CTerminalShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``Screen`` on the real terminal through ncursesw.
///
/// - Starts curses with `newterm` (never `initscr`, which exits the process without a usable
///   terminal) after selecting a UTF-8 locale (`setlocale(LC_ALL, "")`, falling back to
///   `C.UTF-8`).
/// - Colours: 256 colours when the terminal has them, else 8, else monochrome; `NO_COLOR`
///   (non-empty) forces monochrome (see ``ThemePalette``).
/// - cbreak, noecho, nonl, keypad, hidden cursor; escape delay 25 ms by default. XON/XOFF flow
///   control is off while the screen is active (a Ctrl-S would otherwise stop the terminal's output
///   and block the next frame's `write()`); the shell's modes return on ``restore()`` and while
///   suspended (Ctrl-Z), and are applied again on resume.
/// - Writes only changed cells (``FrameDiffer``) and refreshes once per frame.
/// - Restores the terminal on ``restore()``, at process exit, on a second unhandled Ctrl-C, and on
///   fatal signals (SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGQUIT: restore, then
///   re-raise).
/// - Reports Ctrl-C as ``InputEvent/interrupt``, SIGTERM as ``InputEvent/terminate`` and SIGHUP or
///   end of input as ``InputEvent/hangup``. After a hangup a watchdog ends the process (terminal
///   restored, exit status 128 + the signal) when the program has not exited within
///   ``Options/hangupGraceMilliseconds``, and after SIGTERM within the smaller of that and 500 ms,
///   even if a write to the terminal is blocked; after Ctrl-C it does so only when the program
///   has not read the ``InputEvent/interrupt`` by then. Reads never spin.
///
/// Only one `NcursesScreen` can be active in a process; use it from one thread.
public final class NcursesScreen: Screen {
  /// Start-up options.
  public struct Options: Sendable {
    /// Forces a colour mode; `nil` picks the best the terminal supports. A forced mode never
    /// exceeds what the terminal supports.
    public var colorMode: ColorMode?
    /// How long a lone ESC waits for the rest of an escape sequence, in milliseconds.
    public var escapeDelayMilliseconds: Int
    /// After SIGHUP (or end of input) the process is ended after this many milliseconds if it has
    /// not exited on its own; after SIGTERM after at most 500 ms of it, and after SIGINT too when
    /// the program has not read it by then. 0 disables the watchdog.
    public var hangupGraceMilliseconds: Int
    /// The environment consulted for `NO_COLOR` (the process environment when `nil`).
    public var environment: [String: String]?
    /// Whether to turn on mouse reporting (clicks and the wheel arrive as
    /// ``InputEvent/mouse(_:)``). While it is on, most terminals select text with Shift+drag.
    public var mouse: Bool = false

    /// Creates options; the defaults suit an interactive program.
    public init(
      colorMode: ColorMode? = nil, escapeDelayMilliseconds: Int = 25,
      hangupGraceMilliseconds: Int = 800, environment: [String: String]? = nil
    ) {
      self.colorMode = colorMode
      self.escapeDelayMilliseconds = escapeDelayMilliseconds
      self.hangupGraceMilliseconds = hangupGraceMilliseconds
      self.environment = environment
    }
  }

  /// The current terminal size.
  public private(set) var size: TerminalSize
  /// The colour mode in use.
  public let colorMode: ColorMode
  /// Whether the C.UTF-8 fallback locale had to be selected because the environment's locale is
  /// not UTF-8.
  public let usedLocaleFallback: Bool
  /// Whether the terminal reports mouse events (``Options/mouse`` was set and the terminal
  /// supports it). The protocol follows the terminfo entry: SGR 1006 where it declares it (xterm
  /// and most modern terminals), else X10. Reporting is turned off again by ``restore()``, at
  /// exit, on suspend (Ctrl-Z, taken by ``readEvent(timeout:)``) and on the fatal-signal paths.
  public let mouseEnabled: Bool
  /// Statistics of the last rendered frame.
  public var lastRenderStatistics: FrameDiffer.Statistics { differ.lastStatistics }

  private var differ = FrameDiffer()
  private let output: NcursesCellOutput
  private var hungUp = false
  private var restored = false
  private var emptyReads = 0

  /// Takes over the terminal.
  /// - Throws: ``TerminalError`` when standard input/output is not a terminal, `TERM` is unknown,
  ///   or another screen is active.
  public init(options: Options = Options()) throws(TerminalError) {
    usedLocaleFallback = Self.selectUTF8Locale()
    let noColor: Bool
    if let environment = options.environment {
      noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    } else if let value = getenv("NO_COLOR") {
      noColor = value.pointee != 0
    } else {
      noColor = false
    }
    let wantsColors = !noColor && options.colorMode != .monochrome
    let status = cterm_begin(wantsColors ? 1 : 0, Int32(clamping: options.escapeDelayMilliseconds))
    switch status {
    case Int32(CTERM_OK): break
    case Int32(CTERM_ERR_NOT_A_TTY): throw .notATerminal
    case Int32(CTERM_ERR_ACTIVE): throw .alreadyActive
    default:
      let term = getenv("TERM").map { String(cString: $0) } ?? ""
      throw .unsupportedTerminal(term: term)
    }
    cterm_install_signal_handlers(Int32(clamping: max(0, options.hangupGraceMilliseconds)))
    let colors = Int(cterm_colors())
    var mode: ColorMode
    if !wantsColors || colors < 8 {
      mode = .monochrome
    } else if colors >= 256 {
      mode = .colors256
    } else {
      mode = .colors8
    }
    if let forced = options.colorMode, forced == .colors8, mode == .colors256 { mode = .colors8 }
    colorMode = mode
    mouseEnabled = options.mouse && cterm_enable_mouse() == 1
    output = NcursesCellOutput(colorMode: mode, pairLimit: Int(cterm_color_pairs()))
    size = Self.currentSize()
  }

  deinit {
    restore()
  }

  /// Shows `frame` (cut or padded to ``size``), writing only the changed cells, then refreshes.
  public func render(_ frame: Frame) {
    guard !restored, !hungUp else { return }
    differ.render(frame.size == size ? frame : frame.resized(to: size), to: output)
  }

  /// Makes the next ``render(_:)`` repaint the whole terminal.
  public func invalidate() {
    differ.invalidate()
  }

  /// Waits for input; see ``Screen/readEvent(timeout:)``.
  ///
  /// Also returns `nil` early when woken through a ``ScreenWaker`` (see ``makeWaker()``).
  /// Returns `.interrupt`, `.terminate` or `.hangup` for signals, `.resize` with the new size
  /// after the terminal was resized, and `.hangup` when the terminal is gone. A Ctrl-Z (SIGTSTP)
  /// suspends the process inside this call, which goes on waiting after `fg`. Once hung up (or
  /// after ``restore()``), every call returns `.hangup` after sleeping up to `timeout` (at most
  /// 1 s), so a program that keeps reading cannot spin a core.
  public func readEvent(timeout: Duration?) -> InputEvent? {
    if hungUp || restored {
      Self.sleep(milliseconds: min(Self.milliseconds(timeout) ?? 1_000, 1_000))
      return .hangup
    }
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now + $0 }
    var spins = 0
    while true {
      let signals = cterm_take_signals()
      if signals & UInt32(CTERM_SIG_HUP) != 0 { return hangUp() }
      if signals & UInt32(CTERM_SIG_INT) != 0 { return .interrupt }
      if signals & UInt32(CTERM_SIG_TERM) != 0 { return .terminate }
      if signals & UInt32(CTERM_SIG_TSTP) != 0 {
        // Ctrl-Z: stop here; after `fg` the terminal has the last frame again (curses repaints
        // it), and a resize while stopped arrives as a resize event.
        cterm_suspend()
        continue
      }

      let key = cterm_read_key()
      if key.status != Int32(CTERM_KEY_NONE) {
        emptyReads = 0
        if let event = event(for: key) { return event }
        continue
      }
      if key.error == EIO || key.error == EBADF { return hangUp() }

      var wait: Int32 = -1
      if let deadline {
        let remaining = deadline - clock.now
        if remaining <= .zero { return nil }
        wait = Int32(clamping: max(1, Self.milliseconds(remaining) ?? 1))
      }
      switch cterm_wait_input(wait) {
      case 0:
        return nil
      case -2:
        return hangUp()
      case -3:
        // Woken by a ScreenWaker: let the program look at its other sources.
        return nil
      case 1:
        // Readable, yet curses got nothing: end of file on the terminal.
        let next = cterm_read_key()
        if next.status != Int32(CTERM_KEY_NONE) {
          emptyReads = 0
          if let event = event(for: next) { return event }
        } else {
          emptyReads += 1
          if emptyReads >= 3 || next.error == EIO { return hangUp() }
        }
      default:
        // Interrupted by a signal (SIGWINCH, SIGINT, …): loop to pick it up.
        break
      }
      spins += 1
      if spins > 10_000 {
        // Defensive: something keeps waking us without input; don't spin.
        return hangUp()
      }
    }
  }

  /// Writes `text` to the clipboard with OSC 52 (`ESC ] 52 ; c ; base64 ST`). The text travels
  /// base64-encoded, so nothing in it can act on the terminal. Returns `false` after
  /// ``restore()`` or when the write failed. Whether the terminal honours the request is up to
  /// it (inside tmux only with `set-clipboard on`).
  public func copyToClipboard(_ text: String) -> Bool {
    guard !restored, !hungUp else { return false }
    let encoded = Base64.encode(text.utf8).map { CChar(bitPattern: $0) }
    return encoded.withUnsafeBufferPointer { cterm_write_clipboard($0.baseAddress, $0.count) } == 0
  }

  /// A handle that other threads use to wake a ``readEvent(timeout:)`` that is waiting, e.g. when
  /// an OTA revision arrived and the screen must be redrawn without a key press.
  public func makeWaker() -> ScreenWaker {
    ScreenWaker(wake: { cterm_wake() })
  }

  /// Leaves curses and gives the terminal back (cursor shown, modes restored). Safe to call more
  /// than once; later renders do nothing.
  public func restore() {
    guard !restored else { return }
    restored = true
    cterm_end()
  }

  /// Leaves curses while `body` runs a program on the terminal, then restores program modes
  /// and repaints every cell.
  public func suspend(_ body: () -> Void) {
    guard !restored else { return body() }
    cterm_leave()
    body()
    cterm_return()
  }

  // MARK: - Internals

  private func hangUp() -> InputEvent {
    hungUp = true
    cterm_arm_hangup_watchdog()
    return .hangup
  }

  private func event(for key: cterm_key_result) -> InputEvent? {
    if key.status == Int32(CTERM_KEY_CODE), Int32(key.value) == KEY_RESIZE {
      let newSize = Self.currentSize()
      size = newSize
      differ.invalidate()
      return .resize(newSize)
    }
    if key.status == Int32(CTERM_KEY_CODE), Int32(key.value) == cterm_key_mouse() {
      return Self.decodeMouse(cterm_read_mouse()).map(InputEvent.mouse)
    }
    return Self.decode(key).map(InputEvent.key)
  }

  private static func currentSize() -> TerminalSize {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cterm_size(&rows, &columns)
    return TerminalSize(width: Int(columns), height: Int(rows))
  }

  /// Selects the environment's locale; falls back to C.UTF-8 for LC_CTYPE when it is not UTF-8.
  /// Returns whether the fallback was used.
  private static func selectUTF8Locale() -> Bool {
    _ = setlocale(LC_ALL, "")
    if isUTF8Codeset() { return false }
    if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "en_US.UTF-8") }
    return true
  }

  private static func isUTF8Codeset() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).lowercased()
    return name == "utf-8" || name == "utf8"
  }

  static func milliseconds(_ duration: Duration?) -> Int? {
    guard let duration else { return nil }
    let (seconds, attoseconds) = duration.components
    if seconds < 0 { return 0 }
    if seconds > Int64(Int32.max / 1000) { return Int(Int32.max) }
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  private static func sleep(milliseconds: Int) {
    guard milliseconds > 0 else { return }
    var request = timespec(
      tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
      request = remaining
    }
  }
}
