import Messagevisor

/// What one message contributes to one datafile (a target × locale): its base translation, its
/// `messages` entry (deprecation, meta, kept overrides; empty when it has none), the segments its
/// kept overrides use, and every text it adds (for the used-formats scan).
///
/// ``DatafileBuilder`` builds a datafile by assembling fragments; ``IncrementalTargetBuild``
/// keeps them to rebuild only the messages an edit touched.
struct MessageFragment: Sendable, Equatable {
  var translation: String
  var entry: [String: MessagevisorValue]
  var usedSegments: [String: MessagevisorValue]
  /// The texts of the kept overrides (most messages have none: no array is allocated).
  var overrideTexts: [String] = []

  /// Every text the message adds: its translation, then its kept overrides' texts.
  var texts: [String] { [translation] + overrideTexts }

  /// Whether the fragment is its translation and nothing else (no `messages` entry, no used
  /// segments, no other text).
  var isPlain: Bool {
    entry.isEmpty && usedSegments.isEmpty && overrideTexts.isEmpty
  }
}
