import TerminalSafety

/// What ``OTASitePublisher`` changed on the site.
public struct OTAPublishResult: Sendable, Equatable {
  /// The kind of edit.
  public enum Action: String, Sendable, Equatable {
    /// The key did not exist in the locale's payload and was added.
    case created
    /// The key existed and its value was replaced (possibly by the same text).
    case updated
    /// The key was deleted from the locale's payload.
    case removed
    /// The locale was declared in the manifest (`--add-locale` without a key).
    case localeAdded
  }

  /// The manifest locale that was edited.
  public var locale: String
  /// The message key that was edited.
  public var key: String
  /// What happened to the key.
  public var action: Action
  /// The previous simple value of the key in this locale, if it had one.
  public var previousValue: String?
  /// The new value (`nil` after a removal).
  public var value: String?
  /// The locale's version in the manifest after the edit.
  public var localeVersion: Int
  /// The manifest's root version after the edit (the value clients surface as the revision).
  public var manifestVersion: Int
  /// The payload file that was written.
  public var payloadPath: String

  /// Creates a result.
  public init(
    locale: String, key: String, action: Action, previousValue: String?, value: String?,
    localeVersion: Int, manifestVersion: Int, payloadPath: String
  ) {
    self.locale = locale
    self.key = key
    self.action = action
    self.previousValue = previousValue
    self.value = value
    self.localeVersion = localeVersion
    self.manifestVersion = manifestVersion
    self.payloadPath = payloadPath
  }
}

extension OTAPublishResult {
  /// `text` as it is when it is terminal-safe, quoted with its hidden characters spelt out
  /// otherwise.
  private func shown(_ text: String) -> String {
    SafeText.unsafeScalars(in: text).isEmpty ? text : SafeText.quoted(text)
  }

  /// A one-line report, safe to print (every value is quoted with hidden characters spelt out), e.g.
  /// `updated nl-NL welcome_title → "Hallo"; nl-NL version 3, manifest version 8`.
  public var summary: String {
    if action == .localeAdded {
      return "added locale \(locale) (payload \(payloadPath)); manifest version \(manifestVersion)"
    }
    let change: String
    if let value {
      change = "→ \(OTASitePublisherError.quoted(value))"
    } else {
      // The site does not know the apps' bundles: a key that only OTA ever had has no fallback.
      change = "(removed from OTA; clients show their bundled text for it if they have one)"
    }
    return
      "\(action.rawValue) \(shown(locale)) \(shown(key)) \(change); \(shown(locale)) version \(localeVersion), manifest version \(manifestVersion)"
  }
}
