import Messagevisor

/// A missing translation observed by the missing-translations module.
public struct MissingTranslationPayload: Sendable {
  /// The message key that was missing.
  public var messageKey: String
  /// The locale it was missing in.
  public var locale: String
  /// The revision of that locale's datafile, when one is loaded.
  public var revision: String?
  /// Where the lookup came from (`translation`).
  public var source: String
  /// The `missing_translation` diagnostic itself.
  public var diagnostic: MessagevisorDiagnostic

  /// Creates a payload.
  public init(
    messageKey: String, locale: String, revision: String?, source: String,
    diagnostic: MessagevisorDiagnostic
  ) {
    self.messageKey = messageKey
    self.locale = locale
    self.revision = revision
    self.source = source
    self.diagnostic = diagnostic
  }
}
