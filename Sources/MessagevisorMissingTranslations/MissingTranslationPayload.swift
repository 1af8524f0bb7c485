import Messagevisor

/// A missing translation observed by the missing-translations module.
public struct MissingTranslationPayload: Sendable {
  /// The message key that was missing.
  public var messageKey: String
  /// The locale it was missing in (nil when the diagnostic named none).
  public var locale: String?
  /// The revision of that locale's datafile, when one is loaded.
  public var revision: String?
  /// Where the lookup came from (`.translation` for `translate`/`t`); nil when the diagnostic
  /// named a source the engine does not know.
  public var source: MessagevisorTranslationSource?
  /// The `missing_translation` diagnostic itself.
  public var diagnostic: MessagevisorDiagnostic

  /// Creates a payload.
  public init(
    messageKey: String, locale: String?, revision: String?, source: MessagevisorTranslationSource?,
    diagnostic: MessagevisorDiagnostic
  ) {
    self.messageKey = messageKey
    self.locale = locale
    self.revision = revision
    self.source = source
    self.diagnostic = diagnostic
  }
}
