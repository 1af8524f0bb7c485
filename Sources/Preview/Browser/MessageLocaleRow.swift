import Messagevisor
import MessagevisorProject
import MessagevisorSystem
import TerminalUI

/// One locale of one message in the all-locales view (`a`): the text the engine's `translate`
/// picks in that locale and the current context, where it came from, and its width.
public struct MessageLocaleRow: Sendable, Equatable {
  /// How a locale has its text.
  public enum State: Sendable, Equatable {
    /// The locale has its own base translation.
    case translated
    /// The locale's base text is another locale's (`inheritTranslationsFrom`): that locale.
    case inherited(from: String)
    /// An override replaced the text in the current context: its key.
    case overridden(key: String)
    /// The text comes from the OTA overlay at a revision.
    case fromOTA(revision: Int)
    /// The engine's default translation for the locale.
    case defaultTranslation
    /// The locale has no text (the engine would show the key).
    case missing

    /// The short label the view shows (`translated here`, `inherited from en-US`, …).
    public var label: String {
      switch self {
      case .translated: return "translated here"
      case .inherited(let locale): return "inherited from \(locale)"
      case .overridden(let key): return "overridden (\(key))"
      case .fromOTA(let revision): return "OTA rev \(revision)"
      case .defaultTranslation: return "default translation"
      case .missing: return "missing"
      }
    }
  }

  /// The locale.
  public var locale: String
  /// The text (ICU source before formatting), `nil` when missing.
  public var text: String?
  /// How the locale has it.
  public var state: State
  /// The text's width in terminal columns (0 when missing).
  public var width: Int
  /// The most columns the text may take: the screen block's width budget, else the message's
  /// `translatorContext.maxGraphemes` (`nil`: no budget).
  public var budget: Int?

  /// The review state of the locale's own translation (`nil`: none, or the source locale).
  public var review: TranslationReview?

  /// The review in one word for the list: `reviewed`, `stale`, `draft`, `translated`, or
  /// `unreviewed` for an own translation without a recorded state (empty without one).
  public var reviewLabel: String {
    guard let review, state == .translated || review.state != nil else { return "" }
    if review.isStale { return "stale" }
    return review.state?.status.rawValue ?? "unreviewed"
  }

  /// Whether the text is wider than ``budget``.
  public var isOverBudget: Bool { budget.map { width > $0 } ?? false }

  /// Creates a row.
  public init(locale: String, text: String?, state: State, width: Int, budget: Int? = nil) {
    self.locale = locale
    self.text = text
    self.state = state
    self.width = width
    self.budget = budget
  }

  /// Every loaded locale of `source`'s target for `key` (sorted, the active locale first), each
  /// resolved through the engine's trace in the source's context, measured against `budget` (a
  /// screen block's width), else the message's `translatorContext.maxGraphemes`.
  public static func rows(for key: String, in source: MessageBrowserSource, budget: Int? = nil)
    -> [MessageLocaleRow]
  {
    let budget = budget ?? source.notes[key]?.maxGraphemes
    let locales = source.datafiles.keys.sorted { lhs, rhs in
      (lhs == source.locale ? 0 : 1, lhs) < (rhs == source.locale ? 0 : 1, rhs)
    }
    var released = false
    defer { if released { FreeMemory.giveBack() } }
    return locales.map { locale in
      // A locale whose tables the engine has not built gets them for this lookup only: one row
      // per locale would otherwise keep every locale's tables (about 5 MB each at 800,000
      // translations: 40 locales were 140 MB more). The locales shown keep theirs.
      let built = source.engine.hasLocaleTables(locale)
      defer { if !built, source.engine.releaseLocaleTables(of: locale) { released = true } }
      let resolved = MessageResolution.resolve(key, locale: locale, source: source)
      let state: State
      switch resolved.origin {
      case _ where resolved.text == nil: state = .missing
      case .override(let overrideKey): state = .overridden(key: overrideKey)
      case .inherited(let parent, _): state = .inherited(from: parent)
      case .otaOverlay(let revision): state = .fromOTA(revision: revision)
      case .defaultTranslation: state = .defaultTranslation
      case .base, .computed, .fallbackToKey: state = .translated
      }
      var row = MessageLocaleRow(
        locale: locale, text: resolved.text, state: state,
        width: resolved.text.map { DisplayWidth.of($0) } ?? 0, budget: budget)
      row.review = source.notes[key]?.review(for: locale)
      return row
    }
  }
}
