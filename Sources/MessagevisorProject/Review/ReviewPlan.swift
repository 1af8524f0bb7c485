import Foundation
import Messagevisor

/// A preview of a review status change (`messagevisor-swift review`): which translations of a
/// locale get which status, bound to the SHA-256 of every file the decision read, so that
/// ``ReviewPlan/apply(root:)`` can refuse when anything changed since.
public struct ReviewPlan: Sendable, Equatable {
  /// The locale whose translations change.
  public var locale: String
  /// The status they get.
  public var status: TranslationReviewState.Status
  /// The message key glob (`*` any run of characters), `nil` for every message.
  public var messagePattern: String?
  /// The set named by `--set`, `nil` for every set (or a project without sets).
  public var set: String?
  /// The project's source locale (reviews hash its text).
  public var sourceLocale: String
  /// SHA-256 of each file read, by path relative to the project root.
  public var files: [String: String]
  /// The changes, in set, message, override order.
  public var changes: [ReviewChange]
  /// Translations that match but cannot get the status, with why (`key locale: reason`).
  public var skipped: [String]

  /// Creates a plan.
  public init(
    locale: String, status: TranslationReviewState.Status, messagePattern: String?, set: String?,
    sourceLocale: String, files: [String: String], changes: [ReviewChange], skipped: [String]
  ) {
    self.locale = locale
    self.status = status
    self.messagePattern = messagePattern
    self.set = set
    self.sourceLocale = sourceLocale
    self.files = files
    self.changes = changes
    self.skipped = skipped
  }

  /// SHA-256 of what the plan read: every file's path and digest, in path order.
  public var checksum: String {
    FileSnapshot.digest(
      of: Array(files.keys.sorted().map { "\($0)\u{0}\(files[$0] ?? "")\n" }.joined().utf8))
  }

  /// The plan for `projects` (one per set visited, all under one root): every translation in
  /// `locale` of a message that is not archived and matches `messagePattern` (and of its
  /// overrides) whose status is not `status` already; for `reviewed`, one that is reviewed and
  /// current is left alone, a stale or changed one is reviewed again.
  /// - Throws: ``ReviewError`` when the project has no source locale, `locale` is the source
  ///   locale or not a locale of the project, or a message file cannot be read.
  public static func derive(
    projects: [Project], locale: String, status: TranslationReviewState.Status,
    messagePattern: String?, set: String?
  ) throws(ReviewError) -> ReviewPlan {
    guard let first = projects.first, let source = first.config.sourceLocale else {
      throw .noSourceLocale
    }
    guard locale != source else { throw .sourceLocale(locale) }
    let root = first.rootPath
    let pattern = messagePattern.map(Glob.init)
    var files: [String: String] = [:]
    for name in ["messagevisor.config.yml", "messagevisor.config.yaml", "messagevisor.config.json"]
    {
      if let data = FileManager.default.contents(
        atPath: (root as NSString).appendingPathComponent(name))
      {
        files[name] = FileSnapshot.digest(of: Array(data))
      }
    }
    var changes: [ReviewChange] = []
    var skipped: [String] = []
    for project in projects {
      guard project.locales[locale] != nil else {
        throw .unknownLocale(locale, known: project.locales.keys.sorted(), set: project.set)
      }
      for key in project.messages.keys.sorted() {
        guard let message = project.messages[key], !message.archived,
          pattern?.matches(key) ?? true
        else { continue }
        let path = message.file
        guard
          let data = FileManager.default.contents(
            atPath: (root as NSString).appendingPathComponent(path))
        else { throw .unreadable(path) }
        files[path] = FileSnapshot.digest(of: Array(data))
        var owners:
          [(String?, Int?, LocaleTable<String>, LocaleTable<SourceLocation>, MessagevisorValue?)] =
            [
              (
                nil, nil, message.translations, message.translationLocations,
                message.translationStates
              )
            ]
        for (index, override) in message.overrides.enumerated() {
          owners.append(
            (
              override.key, index, override.translations, override.translationLocations,
              override.translationStates
            ))
        }
        for (overrideKey, index, translations, locations, states) in owners {
          guard translations[locale] != nil else { continue }
          let review = TranslationReview.of(
            locale: locale, translations: translations, states: states, sourceLocale: source)
          var from = review.state?.status.rawValue ?? "untracked"
          if review.isStale { from = "stale" } else if review.targetChanged { from = "changed" }
          guard from != status.rawValue else { continue }
          let change = ReviewChange(
            set: project.set, messageKey: key, overrideKey: overrideKey, overrideIndex: index,
            locale: locale, from: from, to: status,
            location: locations[locale] ?? message.location)
          if status == .reviewed, translations[source] == nil {
            skipped.append(
              "\(change.location)  \(change.displayKey) \(locale): no \(source) (source locale) text to review against"
            )
            continue
          }
          changes.append(change)
        }
      }
    }
    return ReviewPlan(
      locale: locale, status: status, messagePattern: messagePattern, set: set,
      sourceLocale: source, files: files, changes: changes, skipped: skipped)
  }
}
