extension LintRule {
  /// Every rule `lint` has, in the order `--help` and SARIF list them.
  public static let all: [LintRule] = [
    // Schemas and references (upstream's families; found while loading).
    LintRule(
      code: "invalid_yaml", level: .error, upstream: true,
      help: "The file is not valid YAML/JSON; fix the syntax at the position given."),
    LintRule(
      code: "unknown_field", level: .error, upstream: true,
      help: "A field the entity does not have; remove it or fix its spelling."),
    LintRule(
      code: "invalid_field", level: .error, upstream: true,
      help: "A field has the wrong shape or value; the message says what it must be."),
    LintRule(
      code: "invalid_entity", level: .error, upstream: true,
      help: "An entity is missing a required field or is malformed; the message says which."),
    LintRule(
      code: "invalid_condition", level: .error, upstream: true,
      help: "A condition's operator or value does not fit the attribute; use a known operator."),
    LintRule(
      code: "unknown_locale", level: .error, upstream: true,
      help: "A locale that has no locales/<key>.yml; add the locale or fix the reference."),
    LintRule(
      code: "unknown_segment", level: .error, upstream: true,
      help: "A segment that has no segments/<key>.yml; add it or fix the reference."),
    LintRule(
      code: "unknown_attribute", level: .error, upstream: true,
      help: "A condition names an attribute that has no attributes/<key>.yml; add it."),
    LintRule(
      code: "unknown_message", level: .error, upstream: true,
      help: "A test names a message the project does not have; fix the key."),
    LintRule(
      code: "unknown_target", level: .error, upstream: true,
      help: "A test names a target the project does not have; fix the key."),
    LintRule(
      code: "locale_inheritance_cycle", level: .error, upstream: true,
      help: "Locales inherit from each other in a circle; break the cycle."),
    LintRule(
      code: "unknown_source_locale", level: .error, upstream: true,
      help: "sourceLocale in messagevisor.config.yml names no locale of the project."),
    LintRule(
      code: "archived_reference", level: .warning, upstream: true,
      help: "An override or test uses an archived segment or message; it never matches."),
    LintRule(
      code: "target_pattern_unmatched", level: .warning, upstream: true,
      help:
        "A target's includeMessages/excludeMessages pattern matches no message; fix or remove it."),
    LintRule(
      code: "invalid_target_context", level: .error, upstream: true,
      help: "A target's context value does not fit the attribute's type; fix the value."),
    // ICU style.
    LintRule(
      code: "invalid_icu_syntax", level: .error, upstream: true,
      help: "The translation is not valid ICU MessageFormat; fix it at the offset given."),
    LintRule(
      code: "missing_icu_format_style", level: .error, upstream: true,
      help:
        "A {x, number|date|time, name} style that no locale in the inheritFormatsFrom chain defines; add the preset to the locale's formats."
    ),
    LintRule(
      code: "icu_skeleton_not_allowed", level: .warning, upstream: true,
      help:
        "An inline ::skeleton; define a named format preset instead, or set icuSkeleton: true in the config."
    ),
    // Translation contract (with sourceLocale).
    LintRule(
      code: "missing_source_translation", level: .error, upstream: true,
      help: "A message or override has no text in the source locale; add it first."),
    LintRule(
      code: "translation_contract_mismatch", level: .error, upstream: true,
      help:
        "The translation's arguments, types, select keys, =N branches, offsets or rich tags differ from the source; make them match (extra plural categories and reordering are fine)."
    ),
    LintRule(
      code: "stale_translation", level: .warning, upstream: true,
      help: "The source text changed since this translation was reviewed; review it again."),
    LintRule(
      code: "reviewed_target_changed", level: .warning, upstream: true,
      help: "A translation marked reviewed changed since its review; review it again."),
    // Beyond upstream.
    LintRule(
      code: "plural_categories", level: .warning, upstream: false,
      help:
        "A plural/selectordinal lacks a category the locale's CLDR rules select, or has one they never select (missing other is an error); =N branches are fine."
    ),
    LintRule(
      code: "select_without_other", level: .error, upstream: false,
      help: "A select has no other branch; add `other {…}`."),
    LintRule(
      code: "untranslated", level: .warning, upstream: false,
      help:
        "Missing in a locale a target builds, inherited from another language, or identical to the source; translate it (or allow-list the text in lint.allowIdentical)."
    ),
    LintRule(
      code: "whitespace_mismatch", level: .warning, upstream: false,
      help:
        "Leading/trailing whitespace, final punctuation or doubled spaces differ from the source; match the source."
    ),
    LintRule(
      code: "invisible_characters", level: .error, upstream: false,
      help:
        "Bidi controls, stray zero-width characters, control characters or text not in NFC; remove them or normalize the text."
    ),
    LintRule(
      code: "fit", level: .warning, upstream: false,
      help:
        "Wider than a screen block's width budget or translatorContext.maxGraphemes; shorten the text."
    ),
    LintRule(
      code: "invalid_screen", level: .error, upstream: false,
      help: "A preview screen file (previews/*.yml) is malformed; fix it at the position given."),
    LintRule(
      code: "unused_message", level: .info, upstream: false,
      help: "No target includes the message; include it in a target, archive or delete it."),
    LintRule(
      code: "unknown_key", level: .error, upstream: false,
      help:
        "A screen names a message its target does not include; fix the key or mark the block optional."
    ),
    LintRule(
      code: "dead_override", level: .warning, upstream: false,
      help:
        "An override that can never match (after an unconditional override, contradictory conditions, or only for locales no target builds); remove or fix it."
    ),
    LintRule(
      code: "deprecated_in_use", level: .warning, upstream: false,
      help: "A deprecated message is still used by a screen or a test; switch to its replacement."),
  ]

  /// The rule with `code`, when there is one.
  public static func rule(_ code: String) -> LintRule? { all.first { $0.code == code } }
}
