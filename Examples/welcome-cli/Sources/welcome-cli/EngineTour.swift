import Messagevisor
import MessagevisorICU
import MessagevisorMissingTranslations

/// The engine on its own, as the Messagevisor Swift SDK's documentation shows it: create it with
/// modules, translate in two locales, translate for a child with its own context and locale.
enum EngineTour {
  /// Runs the tour and returns the root engine (the OTA tour puts OTA text into it).
  static func run(datafiles: [DatafileContent]) async throws -> Messagevisor {
    let english = datafiles.first { $0.locale == "en-US" } ?? datafiles[0]
    let missing = createMissingTranslationsModule(
      .init(dedupe: true) { payload in
        Output.line(
          "missing translation", "\(payload.messageKey) (\(payload.locale ?? "no locale"))")
      })
    let m: Messagevisor = createMessagevisor(
      MessagevisorOptions(
        datafile: english,
        context: ["plan": "free"],
        onDiagnostic: { diagnostic in Output.note("[\(diagnostic.code)] \(diagnostic.message)") },
        logLevel: .warn,
        modules: [createICUModule(), missing]
      )
    )
    for datafile in datafiles where datafile.locale != english.locale {
      m.setDatafile(datafile)
    }

    Output.section("Engine: createMessagevisor, modules, translate/t, spawn")
    Output.line("\(english.locale) welcome_title", try m.translate("welcome_title"))
    Output.line(
      "\(english.locale) welcome_new_stories count=3",
      try m.translate("welcome_new_stories", values: ["count": .int(3)]))

    try m.setLocale("nl-NL")
    Output.line("nl-NL welcome_title", try m.t("welcome_title"))
    Output.line(
      "nl-NL welcome_new_stories count=1",
      try m.t("welcome_new_stories", values: ["count": .int(1)]))
    Output.line(
      "nl-NL welcome_plan_summary",
      try m.t("welcome_plan_summary", values: ["plan": m.getContext()["plan"] ?? "free"]))

    // A child for one request: its own context (a Pro customer) and locale; the parent keeps its own.
    let child = m.spawn(context: ["plan": "pro"], options: SpawnOptions(locale: "de-DE"))
    Output.line("spawn de-DE plan=pro welcome_title", try child.translate("welcome_title"))
    try await child.close()
    Output.line("nl-NL welcome_title after spawn", try m.t("welcome_title"))

    // The demo's deliberate gap: the missing-translations module reports it, translate returns the key.
    Output.line(
      "ja-JP story_caption",
      try m.translate("story_caption", options: TranslateOptions(locale: "ja-JP")))
    return m
  }
}
