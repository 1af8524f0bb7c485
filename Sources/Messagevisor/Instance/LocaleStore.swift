/// A stored datafile plus flat tables from message key to everything `translate` needs, built in
/// one pass on the first lookup in its locale (see `StoredLocale`).
///
/// Every key of the translations and messages has a position in ``index``; ``plainTexts`` holds
/// the translation of keys without message metadata (the translate fast path) and
/// ``messageSlots`` points keys with metadata at their compiled ``Message``. Only keys with
/// metadata get an object; a plain key costs two array slots and its bytes in the index.
final class LocaleStore: @unchecked Sendable {
  /// The compiled metadata of one message key (a class, so a lookup costs one retain).
  final class Message: @unchecked Sendable {
    /// The base translation.
    let translation: String?
    /// `deprecated == true` in the datafile.
    let deprecated: Bool
    let deprecationWarning: String?
    let meta: [String: MessagevisorValue]?
    /// The override keys and translations, in override order.
    let overrideKeys: ContiguousArray<String>
    let overrideTranslations: ContiguousArray<String>
    /// The overrides' conditions and segments, compiled against the store's segments, on the
    /// store's attribute slots.
    let program: OverrideProgram

    init(translation: String?, message: DatafileMessage, compiler: ConditionPlanCompiler) {
      self.translation = translation
      deprecated = message.deprecated == true
      deprecationWarning = message.deprecationWarning
      meta = message.meta
      let overrides = message.overrides ?? []
      var keys = ContiguousArray<String>()
      var translations = ContiguousArray<String>()
      keys.reserveCapacity(overrides.count)
      translations.reserveCapacity(overrides.count)
      var plans: [(conditions: ConditionPlan, segments: ConditionPlan)] = []
      plans.reserveCapacity(overrides.count)
      for override in overrides {
        keys.append(override.key)
        translations.append(override.translation)
        plans.append(
          (
            compiler.compile(override.conditions.map(ConditionCompiler.compile)),
            compiler.compile(override.segments.map(ConditionCompiler.compile))
          ))
      }
      overrideKeys = keys
      overrideTranslations = translations
      program = OverrideProgram(plans)
    }

    var hasOverrides: Bool { !overrideKeys.isEmpty }
  }

  /// The translation of a key without message metadata, in an object of its own so that the
  /// translate path lends it to the modules without a retain: a `let` field of a borrowed object is
  /// passed on as it is, while a `String` read from an array is retained and released around every
  /// call that may run outside code (two atomic operations, about 7 % of a one-argument ICU call).
  final class PlainText: Sendable {
    let text: String

    init(_ text: String) { self.text = text }
  }

  let content: DatafileContent
  /// Every key of the translations and messages by exact UTF-8 bytes.
  let index: MessageKeyIndex
  /// In ``index`` order: the translation of keys without message metadata, `nil` for keys with
  /// metadata (and for message keys without a translation). The store holds one reference to each
  /// (released in `deinit`); lookups under the lock borrow them.
  let plainTexts: ContiguousArray<Unmanaged<PlainText>?>
  /// In ``index`` order: the key's slot in ``messages``, or -1.
  let messageSlots: ContiguousArray<Int32>
  let messages: ContiguousArray<Message>
  /// ``messages`` without ownership (the store holds them), for lookups under the lock that
  /// borrow a message instead of retaining it.
  let messageReferences: ContiguousArray<Unmanaged<Message>>
  /// The segments with JSON-string conditions parsed once (for the evaluator).
  let segments: [String: Segment]
  /// The attribute names of every program's slots, in slot order (one table per store).
  let attributes: [String]

  /// Builds the store of `content`.
  ///
  /// Reuses what did not change instead of building it again (the result is the same as a store
  /// built from scratch):
  /// - `previous` (the store this one replaces, same locale) lends its compiled segments when
  ///   the segments are equal, and then each message's compiled metadata when the message and
  ///   its translation are equal too (an edit of a few keys compiles only those);
  /// - `neighbours` (the other locales' stores) lend their key index when it holds exactly this
  ///   datafile's keys, so the locales of a project (usually all with the same keys) share one
  ///   index and one copy of the key bytes.
  init(
    _ content: DatafileContent, previous: LocaleStore? = nil,
    neighbours: some Sequence<LocaleStore> = [LocaleStore]()
  ) {
    self.content = content
    let segmentsUnchanged = previous.map { $0.content.segments == content.segments } ?? false
    let segments =
      segmentsUnchanged
      ? previous?.segments ?? [:]
      : content.segments.mapValues { segment in
        Segment(
          archived: segment.archived, conditions: ConditionCompiler.compile(segment.conditions))
      }
    self.segments = segments
    let translations = content.translationTable
    let messageCount = content.messageTable.count
    var messageOnlyKeys = ContiguousArray<String>()
    for (key, _) in content.messageTable where translations[key] == nil {
      messageOnlyKeys.append(key)
    }
    let keyCount = translations.count + messageOnlyKeys.count
    var texts = ContiguousArray<String?>()
    let index: MessageKeyIndex
    if let shared = Self.sharedIndex(
      for: translations, messageOnlyKeys, count: keyCount,
      candidates: [previous].compactMap { $0 } + neighbours, texts: &texts)
    {
      index = shared
    } else {
      var keys = ContiguousArray<String>()
      keys.reserveCapacity(keyCount)
      texts.reserveCapacity(keyCount)
      for (key, text) in translations {
        keys.append(key)
        texts.append(text)
      }
      for key in messageOnlyKeys {
        keys.append(key)
        texts.append(nil)
      }
      index = MessageKeyIndex(keys)
    }
    self.index = index
    var slots = ContiguousArray<Int32>(repeating: -1, count: texts.count)
    var messages = ContiguousArray<Message>()
    messages.reserveCapacity(messageCount)
    // Slots keep their numbers from the previous store, so its compiled programs stay valid.
    let compiler = ConditionPlanCompiler(
      segments: segments, attributes: segmentsUnchanged ? previous?.attributes ?? [] : [])
    let lender = segmentsUnchanged ? previous : nil
    for (key, message) in content.messageTable {
      // The key's own position, else (another normalization form of a translation key) the
      // position of the translation key it equals.
      var position = index.position(of: key)
      if position == nil, let stored = translations.storedKey(equalTo: key) {
        position = index.position(of: stored)
      }
      guard let position else { continue }
      let slot = Int32(messages.count)
      let translation = texts[position]
      messages.append(
        lender?.compiledMessage(key, message, translation: translation)
          ?? Message(translation: translation, message: message, compiler: compiler))
      slots[position] = slot
      texts[position] = nil
    }
    plainTexts = ContiguousArray(
      texts.lazy.map { text in text.map { Unmanaged.passRetained(PlainText($0)) } })
    messageSlots = slots
    self.messages = messages
    messageReferences = ContiguousArray(messages.lazy.map { Unmanaged.passUnretained($0) })
    attributes = compiler.attributes
  }

  deinit {
    for case let text? in plainTexts { text.release() }
  }

  /// The first candidate's key index that holds exactly `translations`' keys and
  /// `messageOnlyKeys` (`count` of them), with `texts` filled in its positions; `nil` when none
  /// does (a few candidates are tried, each given up at its first missing key).
  private static func sharedIndex(
    for translations: DatafileTranslations, _ messageOnlyKeys: ContiguousArray<String>, count: Int,
    candidates: some Sequence<LocaleStore>, texts: inout ContiguousArray<String?>
  ) -> MessageKeyIndex? {
    var tried: [MessageKeyIndex] = []
    for candidate in candidates where tried.count < 3 {
      let index = candidate.index
      guard index.count == count, !tried.contains(where: { $0 === index }) else { continue }
      tried.append(index)
      texts = ContiguousArray(repeating: nil, count: count)
      var complete = true
      for (key, text) in translations {
        guard let position = index.position(of: key) else {
          complete = false
          break
        }
        texts[position] = text
      }
      if complete {
        complete = messageOnlyKeys.allSatisfy { index.position(of: $0) != nil }
      }
      if complete { return index }
    }
    texts = []
    return nil
  }

  /// This store's compiled metadata of `key` when it was compiled from `message` with
  /// `translation` (the caller checked that the segments are the same).
  private func compiledMessage(
    _ key: String, _ message: DatafileMessage, translation: String?
  ) -> Message? {
    guard let compiled = storedMessage(forKey: key) else { return nil }
    guard compiled.translation == translation, content.messageTable[key] == message else {
      return nil
    }
    return compiled
  }

  /// The position of `key` (exact bytes), or `nil`.
  @inline(__always)
  func position(of key: String) -> Int? { index.position(of: key) }

  /// The translation of `key` when it has no message metadata, found by exact bytes; `nil` sends
  /// the caller down the full lookup.
  @inline(__always)
  func plainTranslation(_ key: String) -> String? {
    guard let position = index.position(of: key) else { return nil }
    return plainTexts[position]?._withUnsafeGuaranteedRef { $0.text }
  }

  /// What `key` resolves through: its base translation and compiled message (either may be
  /// missing); `nil` when the datafile has neither. Falls back to `String` equality for keys not
  /// found by bytes, so results never differ from dictionary lookups.
  func entry(for key: String) -> (translation: String?, message: Message?)? {
    if let position = index.position(of: key) { return entry(at: position) }
    let message = storedMessage(forKey: key)
    let translation = message?.translation ?? content.translationTable[key]
    if message == nil && translation == nil { return nil }
    return (translation, message)
  }

  /// The compiled metadata of the message `key` by `String` equality (for a key spelled in
  /// another normalization form than the datafile's: the index matches bytes only), found
  /// through the datafile's own spelling of it, so the store keeps no second key table.
  private func storedMessage(forKey key: String) -> Message? {
    guard let spelling = content.messageTable.storedKey(equalTo: key) else { return nil }
    // As ``init``: the key's own position, else that of the translation key it equals.
    var position = index.position(of: spelling)
    if position == nil, let stored = content.translationTable.storedKey(equalTo: spelling) {
      position = index.position(of: stored)
    }
    guard let position, messageSlots[position] >= 0 else { return nil }
    return messages[Int(messageSlots[position])]
  }

  @inline(__always)
  func entry(at position: Int) -> (translation: String?, message: Message?) {
    let slot = messageSlots[position]
    if slot < 0 { return (plainTexts[position]?._withUnsafeGuaranteedRef { $0.text }, nil) }
    let message = messages[Int(slot)]
    return (message.translation, message)
  }
}
