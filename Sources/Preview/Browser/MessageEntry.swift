import MessagevisorProject

/// One row of the message browser: a message key with its text in the active locale (and in the
/// compare locale), where the text came from, and what is notable about it.
public struct MessageEntry: Sendable, Equatable {
  /// The message key.
  public var key: String
  /// The text in the active locale and context (the ICU source as the engine would format it),
  /// `nil` when missing.
  public var text: String?
  /// Where ``text`` came from.
  public var origin: TextOrigin
  /// Where ``text`` is written in the project (file:line:column), when the build kept it.
  public var location: TextLocation?
  /// Flags in the active locale.
  public var flags: MessageFlags
  /// The review state of the active locale's translation (`nil`: the project records none and
  /// the locale has no translation of its own, or it is the source locale).
  public var review: TranslationReview?
  /// The text in the compare locale, when compare mode is on (`nil` when missing there).
  public var compareText: String?
  /// Where ``compareText`` came from, when compare mode is on.
  public var compareOrigin: TextOrigin?
  /// The lint findings about the message in the active locale (and those about no locale).
  public var lint: [LintFinding] = []

  /// Creates an entry.
  public init(
    key: String, text: String?, origin: TextOrigin, flags: MessageFlags,
    compareText: String? = nil, compareOrigin: TextOrigin? = nil, location: TextLocation? = nil
  ) {
    self.key = key
    self.text = text
    self.origin = origin
    self.flags = flags
    self.compareText = compareText
    self.compareOrigin = compareOrigin
    self.location = location
  }
}
