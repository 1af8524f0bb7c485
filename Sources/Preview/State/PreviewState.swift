import Foundation
import MessagevisorProject

/// The previewer's whole state: an immutable value that ``PreviewUpdate/update(_:_:)`` replaces.
///
/// Rendering the same state twice gives the same frame; nothing in here refers to the engine,
/// the OTA client or the terminal.
public struct PreviewState: Sendable, Equatable {
  /// The screen on display (a project screen file or a built-in screen); an unknown or empty
  /// name shows the catalog's first screen once content arrives.
  public var screen: PreviewScreen = ""
  /// The screens opened before this one (Esc goes back through them).
  public var screenHistory: [PreviewScreen] = []
  /// The selected context attribute (index into the content's attributes): `p` cycles its value.
  public var contextSelection: Int = 0
  /// What occupies the main area.
  public var mode: PreviewMode = .screen
  /// The focused item on the current screen (index into ``focusables``).
  public var focus: Int = 0
  /// Whether inspect mode labels each string with its key and origin.
  public var inspect: Bool = false
  /// The content resolved from the engine; `nil` before the first resolution.
  public var content: PreviewContent?
  /// The refresh phase shown by `status:` blocks and refresh buttons.
  public var phase: RefreshPhase = .idle
  /// Whether a check (manual or periodic) is running.
  public var checkRunning: Bool = false
  /// The last OTA revision the client emitted.
  public var revision: Int = 0
  /// The last check's outcome.
  public var lastCheck: CheckOutcome?
  /// When strings were last synced (setup, then every finished check).
  public var lastSynced: Date?
  /// The diagnostics panel: the diagnostics kept, their filter and the selected row.
  public var diagnostics = DiagnosticsPanel()
  /// The events log: the events kept, its scroll and the selected row.
  public var events = EventsPanel()
  /// The help screen.
  public var help = HelpPanel()
  /// A transient status message (errors from the engine such as a failed `setLocale`).
  public var notice: String?
  /// The spinner frame, advanced by ticks while a check runs.
  public var spinner: Int = 0
  /// The values the cycling keys step through.
  public var choices: PreviewChoices
  /// Whether the session has an OTA source (`r` and the OTA panel need one).
  public var otaEnabled: Bool = true
  /// A description of the OTA source for the controls (e.g. `site Demo/ota · every 5 s`).
  public var otaSource: String
  /// The terminal size in columns and rows.
  public var width: Int
  /// The terminal height in rows.
  public var height: Int
  /// The message browser (`m`, `--screen messages`).
  public var browser = MessageBrowserState()
  /// Set when the user asked to quit.
  public var quitting: Bool = false

  /// The maximum number of diagnostics kept.
  public static let diagnosticsLimit = 500
  /// The maximum number of events kept.
  public static let eventsLimit = 500

  /// Creates the initial state.
  public init(
    choices: PreviewChoices = PreviewChoices(), otaSource: String = "", width: Int = 100,
    height: Int = 30
  ) {
    self.choices = choices
    self.otaSource = otaSource
    self.width = width
    self.height = height
  }

  /// The screen on display, once content has arrived.
  public var currentScreen: ScreenEntry? {
    guard let screens = content?.screens else { return nil }
    return screens.entry(screen.rawValue) ?? screens.entries.first
  }

  /// The focusable blocks of the current screen (indices into its blocks), in Tab order.
  public var focusables: [Int] {
    currentScreen?.definition?.focusOrder ?? []
  }

  /// The index of the focused block, if the screen has any focusable block.
  public var focused: Int? {
    let items = focusables
    return items.isEmpty ? nil : items[min(max(focus, 0), items.count - 1)]
  }

  /// The action of the focused block.
  public var focusedAction: ScreenAction? {
    guard let index = focused, let definition = currentScreen?.definition else { return nil }
    return definition.blocks[index].action
  }

  /// Whether Esc does something: closes a tool, or returns to the previous (or first) screen.
  /// Draw the previewer's frames, lists and symbols in ASCII (`--ascii`).
  public var ascii = false

  /// The context editor lines applied so far, oldest first (↑/↓ in the editor recall them).
  public var contextHistory: [String] = []

  /// Rows the current screen is scrolled by (when it needs more rows than the frame has).
  public var screenScroll: Int = 0
  /// Whether the user scrolled the screen (j/k/PgDn/PgUp/g/G); until then the view follows the
  /// focused button.
  public var screenScrolled = false

  // Mouse, search and copy (`mouse` branch).
  /// The string selected for inspection (its message key): a click on a screen string or a
  /// search match selects it; `y` copies the key, `Y` the text.
  public var inspectedKey: String?
  /// The `/` search shared by the screens, lists and help (the message browser filters with its
  /// own query; n/N use the same search there).
  public var search = SearchState()
  /// How `y` copies: OSC 52 to the terminal's clipboard, or a view that shows the text.
  public var clipboard: ClipboardMode = .show
  /// Text shown in a box for copying by hand (the fallback of `y`), already neutralized when
  /// drawn; any key closes it.
  public var copyText: String?

  // The translation editor (`editor` branch).
  /// The translation editor (`E`), open over the screen or the message browser.
  public var translationEditor: TranslationEditorState?
  /// The last save, while `u` can undo it.
  public var lastSave: SavedFileChange?
  /// What the last save saved (`welcome_title en-US in messages/welcome_title.yml`).
  public var lastSaveLabel = ""

  /// Whether `back` does anything.
  public var canGoBack: Bool {
    guard mode == .screen else { return true }
    if !screenHistory.isEmpty { return true }
    guard let screens = content?.screens, let current = currentScreen else { return false }
    return current.name != screens.defaultScreen
  }

  /// The selected context attribute, if the project declares any.
  public var selectedAttribute: ContextAttribute? {
    guard let attributes = content?.attributes, !attributes.isEmpty else { return nil }
    return attributes[min(max(contextSelection, 0), attributes.count - 1)]
  }

  /// Whether a text field takes the keys: the `/` search, the message browser's query, a
  /// picker's filter or the context editor (their keys are the ``LineEditor`` keys).
  public var isTypingText: Bool {
    if translationEditor != nil { return true }
    switch mode {
    case .contextEditor: return true
    case .valuePicker(let picker): return picker.typing
    case .messages: return browser.editingQuery || search.editing
    default: return search.editing
    }
  }
}
