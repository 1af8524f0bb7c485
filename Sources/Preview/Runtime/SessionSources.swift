import MessagevisorProject

/// What a session knows about the project besides the datafiles: its screens, context
/// attributes, locale order and the loaded project. Replaced by ``PreviewSession/reload(project:)``.
public struct SessionSources: Sendable {
  /// The screens.
  public var screens: ScreenCatalog
  /// The context attributes the controls offer.
  public var attributes: [ContextAttribute]
  /// The name of the project's layer in the layering (e.g. `project terminal`).
  public var projectLayer: String
  /// The order `l` cycles through (the target's locale order).
  public var localeOrder: [String]
  /// The loaded project, when the session was built from one.
  public var project: Project?
  /// The project's source locale (the message browser's first compare locale; the pseudo-locale
  /// is generated from it).
  public var sourceLocale: String?
  /// What the project says about each message (file, examples), for the message browser.
  public var messageNotes: [String: MessageNotes] = [:]
  /// The lint findings about each message of ``project`` (every locale), by message key; filled
  /// off the main thread after the project loads or reloads (see `PreviewSession/startLint()`).
  public var lint: [String: [LintFinding]] = [:]
  /// The project directory, when the session was built from one.
  public var projectPath: String?
  /// The project target shown, when the session was built from a project.
  public var projectTarget: String?
  /// The project's set on display, when the project uses sets.
  public var projectSet: String?
  /// Every set of the project (empty without sets).
  public var sets: [String] = []
  /// Which lint run ``lint`` comes from (0: none yet); the message browser's cache follows it.
  public var lintVersion: Int = 0
  /// Whether a lint run is on its way: ``lint`` is then not final (empty before the first run
  /// finishes), and the browser says so.
  public var lintPending = false

  /// Creates sources.
  public init(
    screens: ScreenCatalog = ScreenCatalog(screens: []), attributes: [ContextAttribute] = [],
    projectLayer: String = "project", localeOrder: [String] = [], project: Project? = nil
  ) {
    self.screens = screens
    self.attributes = attributes
    self.projectLayer = projectLayer
    self.localeOrder = localeOrder
    self.project = project
  }
}
