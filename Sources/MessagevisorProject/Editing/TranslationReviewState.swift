import Foundation
internal import ReRune

/// The review state of one translation, as upstream keeps it in a message file under
/// `translationStates.<locale>` (of the message or of an override): a status and, for a review,
/// the SHA-256 of the source-locale text and of the translation as they were when reviewed.
public struct TranslationReviewState: Sendable, Equatable {
  /// Where a translation stands in the review workflow.
  public enum Status: String, Sendable, Equatable, CaseIterable {
    /// Work in progress.
    case draft
    /// Translated, not (or no longer) reviewed.
    case translated
    /// Reviewed against the source text whose hash is ``TranslationReviewState/sourceHash``.
    case reviewed
  }

  /// The status.
  public var status: Status
  /// Lowercase hex SHA-256 of the source-locale text when the translation was reviewed.
  public var sourceHash: String?
  /// Lowercase hex SHA-256 of the translation when it was reviewed.
  public var targetHash: String?

  /// Creates a state.
  public init(status: Status, sourceHash: String? = nil, targetHash: String? = nil) {
    self.status = status
    self.sourceHash = sourceHash
    self.targetHash = targetHash
  }

  /// The hash upstream records: lowercase hex SHA-256 of the text's UTF-8 bytes, exactly as
  /// written (no trimming or normalisation).
  public static func hash(_ text: String) -> String {
    SHA256Digest.hex(Data(text.utf8))
  }
}
