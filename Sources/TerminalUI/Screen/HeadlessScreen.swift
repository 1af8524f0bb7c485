/// A screen without a terminal: it records every rendered frame and replays scripted input.
/// Tests render into it and assert on ``lastLines``.
public final class HeadlessScreen: Screen {
  /// The current size; change it with ``resize(to:)``.
  public private(set) var size: TerminalSize
  /// The colour mode reported to the program.
  public let colorMode: ColorMode
  /// Every frame rendered so far, oldest first (at most ``maximumRecordedFrames``).
  public private(set) var frames: [Frame] = []
  /// How many frames are kept; older ones are dropped.
  public var maximumRecordedFrames: Int
  /// The event returned once the scripted events are used up (`nil`: time out, like an idle
  /// user; `.hangup`: the terminal went away).
  public var eventWhenIdle: InputEvent?
  /// Whether ``restore()`` was called.
  public private(set) var isRestored = false
  private var pending: [InputEvent]

  /// A headless screen of `width` × `height` that will return `events` in order.
  public init(
    width: Int = 100, height: Int = 30, colorMode: ColorMode = .colors256,
    events: [InputEvent] = [], eventWhenIdle: InputEvent? = nil, maximumRecordedFrames: Int = 1_000
  ) {
    self.size = TerminalSize(width: width, height: height)
    self.colorMode = colorMode
    self.pending = events
    self.eventWhenIdle = eventWhenIdle
    self.maximumRecordedFrames = max(1, maximumRecordedFrames)
  }

  /// The most recently rendered frame.
  public var lastFrame: Frame? { frames.last }

  /// The most recently rendered frame as text lines (trailing spaces trimmed); empty before the
  /// first render.
  public var lastLines: [String] { lastFrame?.lines() ?? [] }

  /// Every rendered frame as text lines.
  public var renderedLines: [[String]] { frames.map { $0.lines() } }

  /// Appends events to the input script.
  public func enqueue(_ events: InputEvent...) {
    pending.append(contentsOf: events)
  }

  /// Appends a sequence of events to the input script.
  public func enqueue(contentsOf events: [InputEvent]) {
    pending.append(contentsOf: events)
  }

  /// Appends one `.key(.character(c))` event per character of `text`.
  public func type(_ text: String) {
    pending.append(contentsOf: text.map { InputEvent.key(.character($0)) })
  }

  /// Changes the size, as a terminal window resize would, and queues the `.resize` event.
  public func resize(to newSize: TerminalSize) {
    size = newSize
    pending.append(.resize(newSize))
  }

  /// Records `frame`, cut or padded to the current size.
  public func render(_ frame: Frame) {
    frames.append(frame.resized(to: size))
    if frames.count > maximumRecordedFrames {
      frames.removeFirst(frames.count - maximumRecordedFrames)
    }
  }

  /// The next scripted event, else ``eventWhenIdle`` (never blocks).
  public func readEvent(timeout: Duration?) -> InputEvent? {
    if !pending.isEmpty { return pending.removeFirst() }
    return eventWhenIdle
  }

  /// A waker; headless reads never block, so waking does nothing.
  public func makeWaker() -> ScreenWaker {
    ScreenWaker(wake: {})
  }

  /// The texts passed to ``copyToClipboard(_:)``, oldest first.
  public private(set) var clipboard: [String] = []

  /// Records `text` as a clipboard request and returns `true`.
  public func copyToClipboard(_ text: String) -> Bool {
    clipboard.append(text)
    return true
  }

  /// Marks the screen restored.
  public func restore() {
    isRestored = true
  }
}
