/// The screens of a preview: the project's screen files (by `order:`, then name), then the
/// built-in screens. The one registry `--screen`, `s` and the view use.
public struct ScreenCatalog: Sendable, Equatable {
  /// The name of the built-in message list (`--screen messages`).
  public static let messagesScreen = "messages"

  /// Every screen in switching order.
  public private(set) var entries: [ScreenEntry]
  /// Problems found while reading the screen files (each with file:line:column).
  public var errors: [ScreenFileError]

  /// Creates a catalog from project screens; built-in screens are appended (`messages` unless a
  /// project screen already uses that name).
  public init(
    screens: [ScreenDefinition], errors: [ScreenFileError] = [],
    builtIns: [(name: String, title: String)] = [(messagesScreen, "Messages")]
  ) {
    let ordered = screens.sorted { a, b in
      let left = a.order ?? Int.max
      let right = b.order ?? Int.max
      return left == right ? a.name < b.name : left < right
    }
    var entries = ordered.map(ScreenEntry.project)
    for builtIn in builtIns where !entries.contains(where: { $0.name == builtIn.name }) {
      entries.append(.builtIn(name: builtIn.name, title: builtIn.title))
    }
    self.entries = entries
    self.errors = errors
  }

  /// Compares entries and errors.
  public static func == (lhs: ScreenCatalog, rhs: ScreenCatalog) -> Bool {
    lhs.entries == rhs.entries && lhs.errors == rhs.errors
  }

  /// The screen names in switching order.
  public var names: [String] { entries.map(\.name) }

  /// The screen called `name`.
  public func entry(_ name: String) -> ScreenEntry? {
    entries.first { $0.name == name }
  }

  /// The screen a session starts on: the first project screen, else the first built-in.
  public var defaultScreen: String { entries.first?.name ?? Self.messagesScreen }

  /// The project screens' definitions.
  public var definitions: [ScreenDefinition] { entries.compactMap(\.definition) }
}
