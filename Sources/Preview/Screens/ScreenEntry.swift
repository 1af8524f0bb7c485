/// One screen the previewer can show: a project screen file or a built-in screen.
public enum ScreenEntry: Sendable, Equatable {
  /// A screen read from the project's `previews/` directory.
  case project(ScreenDefinition)
  /// A screen the previewer draws itself (e.g. `messages`, the message browser).
  case builtIn(name: String, title: String)

  /// The name `--screen` and the screen keys use.
  public var name: String {
    switch self {
    case .project(let definition): return definition.name
    case .builtIn(let name, _): return name
    }
  }

  /// The title shown on the frame and in the header.
  public var title: String {
    switch self {
    case .project(let definition): return definition.title
    case .builtIn(_, let title): return title
    }
  }

  /// The definition, for project screens.
  public var definition: ScreenDefinition? {
    if case .project(let definition) = self { return definition }
    return nil
  }
}
