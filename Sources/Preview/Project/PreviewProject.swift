import Messagevisor
import MessagevisorProject

/// A project as the previewer uses it: one target's datafiles, its screens and its context
/// attributes. ``PreviewProjectLoader`` builds it; ``PreviewSession/reload(project:)`` swaps it in.
public struct PreviewProject: Sendable {
  /// The project directory.
  public var path: String
  /// The target shown.
  public var target: String
  /// Datafiles by locale.
  public var datafiles: [String: DatafileContent]
  /// The target's locales in the project's order.
  public var locales: [String]
  /// The project's source locale (config `sourceLocale`, else `en-US` when present, else the
  /// first locale).
  public var sourceLocale: String
  /// The screens (`previews/*.yml` plus the built-in ones) and the screen files' problems.
  public var screens: ScreenCatalog
  /// The context attributes the controls offer.
  public var attributes: [ContextAttribute]
  /// The context the session starts from (attribute defaults and the target's context).
  public var defaultContext: MessagevisorContext
  /// The loaded project (messages, overrides, segments, examples) for tools that explain strings.
  public var project: Project?
  /// The set shown (`sets/<set>/`), when the project uses sets.
  public var set: String?
  /// Every set of the project (empty for a project without sets): the set picker offers them.
  public var sets: [String] = []
  /// The build the project was loaded with, when it was loaded whole (live editing goes on from
  /// it: see `ProjectLiveReload`).
  public var liveBuild: LiveProjectBuild?

  /// Creates a project value.
  public init(
    path: String, target: String, datafiles: [String: DatafileContent], locales: [String],
    sourceLocale: String, screens: ScreenCatalog = ScreenCatalog(screens: []),
    attributes: [ContextAttribute] = [], defaultContext: MessagevisorContext = [:],
    project: Project? = nil
  ) {
    self.path = path
    self.target = target
    self.datafiles = datafiles
    self.locales = locales
    self.sourceLocale = sourceLocale
    self.screens = screens
    self.attributes = attributes
    self.defaultContext = defaultContext
    self.project = project
  }

  /// The name of the project's layer in the source layering (`project <target>`).
  public var layerName: String { "project \(target)" }

  /// The message keys the target holds in any locale, sorted.
  public var messageKeys: [String] {
    var keys: Set<String> = []
    for datafile in datafiles.values {
      datafile.insertEntryKeys(into: &keys)
    }
    return keys.sorted()
  }
}
