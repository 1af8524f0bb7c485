import Foundation

/// Which String Catalog `stringUnit.state` values are served (the serving policy).
///
/// A localization is served when every string unit it uses (the value, each plural form, each
/// substitution form of the chosen device) has a served state; otherwise it is withheld with a
/// ``CatalogDiagnostic`` of reason ``CatalogDiagnostic/Reason/withheld`` and lookups fall back to
/// the bundled or project text.
///
/// The default, ``xcode``, is what Xcode's build does: every localization that has a value is
/// compiled into the app, whatever its state (`new`, `needs_review`, `stale`, `translated`, none).
/// ``reviewed`` serves only reviewed text (`translated`, and units without a state as `.strings`
/// have none); ``excludingNew`` withholds `new` (machine-filled or placeholder text).
public struct CatalogStatePolicy: Sendable, Equatable, Hashable {
  /// The states that are served.
  public var servedStates: Set<String>
  /// Whether a unit without `state` is served.
  public var servesMissingState: Bool
  /// Whether a state outside `translated`, `needs_review`, `new`, `stale` is served.
  public var servesUnknownStates: Bool

  /// The four states Xcode writes.
  public static let knownStates: Set<String> = ["translated", "needs_review", "new", "stale"]

  /// Creates a policy.
  public init(
    servedStates: Set<String>, servesMissingState: Bool = true, servesUnknownStates: Bool = false
  ) {
    self.servedStates = servedStates
    self.servesMissingState = servesMissingState
    self.servesUnknownStates = servesUnknownStates
  }

  /// Xcode's build: everything with a value is served (the default).
  public static let xcode = CatalogStatePolicy(
    servedStates: knownStates, servesMissingState: true, servesUnknownStates: true)
  /// Only `translated` (and units without a state).
  public static let reviewed = CatalogStatePolicy(servedStates: ["translated"])
  /// Everything except `new`.
  public static let excludingNew = CatalogStatePolicy(
    servedStates: ["translated", "needs_review", "stale"])

  /// True when this policy serves everything (no state needs to be looked at).
  public var servesEverything: Bool {
    servesMissingState && servesUnknownStates && servedStates.isSuperset(of: Self.knownStates)
  }

  /// Whether a unit with `state` is served.
  public func serves(_ state: String?) -> Bool {
    guard let state else { return servesMissingState }
    if servedStates.contains(state) { return true }
    return !Self.knownStates.contains(state) && servesUnknownStates
  }

  /// Parses `xcode`, `reviewed`, `excluding-new`, or a comma-separated list of states (`translated,stale`).
  public init?(parsing text: String) {
    switch text {
    case "xcode", "all": self = .xcode
    case "reviewed", "translated": self = .reviewed
    case "excluding-new": self = .excludingNew
    default:
      let states = text.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard !states.isEmpty, states.allSatisfy({ Self.knownStates.contains($0) }) else {
        return nil
      }
      self.init(servedStates: Set(states))
    }
  }
}
