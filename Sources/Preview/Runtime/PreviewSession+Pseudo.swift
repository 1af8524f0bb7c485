import Messagevisor

extension PreviewSession {
  /// The pseudo-locale this session adds (`en-XA` for an `en-US` source), or `nil` when the
  /// sources name no source locale or the project has that locale itself.
  var pseudoLocale: String? {
    guard let source = sources.withLock({ $0.sourceLocale }) else { return nil }
    let pseudo = PseudoLocale.identifier(for: source)
    // A project locale of that name (loaded, or still to be built) wins.
    let taken =
      bridge.layers.locales.contains(pseudo)
      || sources.withLock { $0.localeOrder.contains(pseudo) }
    return taken ? nil : pseudo
  }

  /// A locale as the user may name it: `pseudo` becomes the pseudo-locale's identifier.
  func resolvingAlias(_ locale: String) -> String {
    locale == PseudoLocale.alias ? (pseudoLocale ?? locale) : locale
  }

  /// Sets the pseudo-locale's datafile, generated from the source locale's composed datafile (so
  /// OTA and project edits of the source text reach it), when it changed. Only the messages whose
  /// source changed since the last time are pseudo-localized again.
  ///
  /// Does nothing while the pseudo-locale waits to be loaded (``pseudoLocalePending``).
  ///
  /// With `edited` (a reload changed only those messages, starting at that engine version),
  /// only their texts are looked at, when the pseudo-locale was made at that version (nothing
  /// else changed the source since).
  func applyPseudoLocale(edited: (messages: Set<String>, since: Int)? = nil) {
    guard !pseudoPending.withLock({ $0 }), let pseudo = pseudoLocale,
      let source = sources.withLock({ $0.sourceLocale }),
      let composed = bridge.datafile(for: source)
    else { return }
    // One at a time, under a lock of its own: pseudo-localizing every source text takes a
    // while, and the message browser reads `appliedPseudo` meanwhile.
    pseudoUpdates.withLock { _ in
      let previous = appliedPseudo.withLock { $0 }
      let keys = edited.flatMap { edited in
        appliedPseudoVersion.withLock { $0 } == edited.since ? edited.messages : nil
      }
      let (made, changed) = PseudoLocale.update(
        from: composed, locale: pseudo, previous: previous, changed: keys)
      appliedPseudo.withLock { $0 = (composed, made) }
      if changed { engine.setDatafile(made, replace: true) }
      let version = engine.getSnapshot().version
      appliedPseudoVersion.withLock { $0 = version }
    }
  }

  /// Whether the pseudo-locale is offered but not made yet: a lazy start (see
  /// ``startLoadingLocales()``) does not pseudo-localize every source text before its first frame
  /// unless the pseudo-locale is shown first.
  var pseudoLocalePending: Bool { pseudoPending.withLock { $0 } && pseudoLocale != nil }

  /// Makes the pseudo-locale's datafile now if it waits (``pseudoLocalePending``).
  func loadPseudoLocale() {
    let waiting = pseudoPending.withLock { pending -> Bool in
      defer { pending = false }
      return pending
    }
    if waiting { applyPseudoLocale() }
  }
}
