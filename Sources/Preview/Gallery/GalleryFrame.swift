import TerminalUI

/// One rendered frame of a gallery: a screen in a locale (and a value of the varied attribute).
public struct GalleryFrame: Sendable, Equatable {
  /// The screen name.
  public var screen: String
  /// The screen title.
  public var title: String
  /// The locale the frame was rendered in.
  public var locale: String
  /// The varied attribute's value as the controls show it (`nil` without `--vary`).
  public var value: String?
  /// Whether the locale is written right to left.
  public var rightToLeft: Bool
  /// The frame, exactly as `--print` renders it.
  public var frame: Frame
  /// The diagnostics this frame produced (engine, screen file), one line each.
  public var diagnostics: [String]
  /// Warnings about content that did not fit the frame.
  public var fitWarnings: [String]

  /// Creates a frame record.
  public init(
    screen: String, title: String, locale: String, value: String?, rightToLeft: Bool,
    frame: Frame, diagnostics: [String], fitWarnings: [String]
  ) {
    self.screen = screen
    self.title = title
    self.locale = locale
    self.value = value
    self.rightToLeft = rightToLeft
    self.frame = frame
    self.diagnostics = diagnostics
    self.fitWarnings = fitWarnings
  }

  /// The file-name stem: `<screen>-<locale>[-<value>]`, reduced to `[A-Za-z0-9._-]`.
  public var stem: String {
    let parts = [screen, locale] + (value.map { [$0] } ?? [])
    return parts.map(Self.fileSafe).joined(separator: "-")
  }

  /// A name part with every character outside `[A-Za-z0-9._-]` replaced by `_`.
  static func fileSafe(_ text: String) -> String {
    let mapped = text.unicodeScalars.map { scalar -> Character in
      let ok =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9") || scalar == "." || scalar == "_" || scalar == "-"
      return ok ? Character(scalar) : "_"
    }
    let name = String(mapped.prefix(64))
    return name.isEmpty || name.hasPrefix(".") ? "_" + name : name
  }
}
