import MessagevisorProject

extension PreviewSession {
  /// Marks the project's translation of `key` in `locale` reviewed (the override at
  /// `overrideIndex`, else the message's own translation): `MessageFileEditor/markReviewed(at:sourceLocale:over:)`
  /// writes the state and hashes into the message file atomically, changing only those lines.
  /// The browser's review states are updated from the written file, and the outcome is posted
  /// (``PreviewMessage/sourcesChanged(_:)`` on success, ``PreviewMessage/failure(_:)`` with the
  /// reason otherwise; the file is untouched then).
  public func markReviewed(key: String, locale: String, overrideIndex: Int?) {
    let sources = currentSources
    guard let project = sources.project, let message = project.messages[key] else {
      inbox.post(.failure("‹\(key)› is not a message of the project: nothing to mark reviewed"))
      return
    }
    guard let sourceLocale = sources.sourceLocale ?? project.config.sourceLocale else {
      inbox.post(.failure("the project has no sourceLocale: a review records the source's hash"))
      return
    }
    guard locale != sourceLocale else {
      inbox.post(.failure("\(locale) is the source locale: only translations are reviewed"))
      return
    }
    let path: TranslationPath =
      overrideIndex.map { .override($0, locale: locale) } ?? .translation(locale)
    // Message files are named relative to the project root.
    let root = project.rootPath.hasSuffix("/") ? project.rootPath : project.rootPath + "/"
    let file = message.file.hasPrefix("/") ? message.file : root + message.file
    let editor = MessageFileEditor(file: message.file)
    do {
      let snapshot = try AtomicFileWriter.read(file)
      let change = try editor.markReviewed(at: path, sourceLocale: sourceLocale, over: snapshot)
      // A review changes no datafile, so the live reload keeps the project: update its notes.
      let reviews = try editor.reviews(sourceLocale: sourceLocale, in: change.after)
      var byLocale: [String: TranslationReview] = [:]
      for (found, review) in reviews where found.owner == .message && found.locale != sourceLocale {
        byLocale[found.locale] = review
      }
      self.sources.withLock { $0.messageNotes[key, default: MessageNotes()].reviews = byLocale }
      // Rebuild the rows (their review flags); what they resolve to has not changed.
      lastMessages.withLock { $0?.key = "" }
      inbox.post(.sourcesChanged("marked \(path) of \(key) reviewed"))
    } catch {
      inbox.post(.failure("cannot mark \(key) (\(locale)) reviewed: \(error.description)"))
    }
  }
}
