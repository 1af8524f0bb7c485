/// A stored datafile plus flat tables from message key to everything `translate` needs, built in
/// one pass when the datafile is stored.
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

  let content: DatafileContent
  /// Every key of the translations and messages by exact UTF-8 bytes.
  let index: MessageKeyIndex
  /// In ``index`` order: the translation of keys without message metadata, `nil` for keys with
  /// metadata (and for message keys without a translation).
  let plainTexts: ContiguousArray<String?>
  /// In ``index`` order: the key's slot in ``messages``, or -1.
  let messageSlots: ContiguousArray<Int32>
  let messages: ContiguousArray<Message>
  /// ``messages`` without ownership (the store holds them), for lookups under the lock that
  /// borrow a message instead of retaining it.
  let messageReferences: ContiguousArray<Unmanaged<Message>>
  /// The message keys' slots by `String` equality, for a key spelled in another normalization
  /// form than the datafile's (the index matches bytes only).
  private let messageSlotsByKey: [String: Int32]
  /// The segments with JSON-string conditions parsed once (for the evaluator).
  let segments: [String: Segment]
  /// The attribute names of every program's slots, in slot order (one table per store).
  let attributes: [String]

  init(_ content: DatafileContent) {
    self.content = content
    let segments = content.segments.mapValues { segment in
      Segment(archived: segment.archived, conditions: ConditionCompiler.compile(segment.conditions))
    }
    self.segments = segments
    let translations = content.translations
    let messageCount = content.messages.count
    var keys = ContiguousArray<String>()
    var texts = ContiguousArray<String?>()
    keys.reserveCapacity(translations.count + messageCount)
    texts.reserveCapacity(translations.count + messageCount)
    for (key, text) in translations {
      keys.append(key)
      texts.append(text)
    }
    for key in content.messages.keys where translations[key] == nil {
      keys.append(key)
      texts.append(nil)
    }
    let index = MessageKeyIndex(keys)
    self.index = index
    var slots = ContiguousArray<Int32>(repeating: -1, count: keys.count)
    var messages = ContiguousArray<Message>()
    messages.reserveCapacity(messageCount)
    var byKey: [String: Int32] = [:]
    byKey.reserveCapacity(messageCount)
    let compiler = ConditionPlanCompiler(segments: segments)
    for (key, message) in content.messages {
      // The key's own position, else (another normalization form of a translation key) the
      // position of the translation key it equals.
      var position = index.position(of: key)
      if position == nil, let stored = translations.index(forKey: key) {
        position = index.position(of: translations[stored].key)
      }
      guard let position else { continue }
      let slot = Int32(messages.count)
      messages.append(Message(translation: texts[position], message: message, compiler: compiler))
      slots[position] = slot
      texts[position] = nil
      byKey[key] = slot
    }
    plainTexts = texts
    messageSlots = slots
    self.messages = messages
    messageReferences = ContiguousArray(messages.lazy.map { Unmanaged.passUnretained($0) })
    messageSlotsByKey = byKey
    attributes = compiler.attributes
  }

  /// The position of `key` (exact bytes), or `nil`.
  @inline(__always)
  func position(of key: String) -> Int? { index.position(of: key) }

  /// The translation of `key` when it has no message metadata, found by exact bytes; `nil` sends
  /// the caller down the full lookup.
  @inline(__always)
  func plainTranslation(_ key: String) -> String? {
    guard let position = index.position(of: key) else { return nil }
    return plainTexts[position]
  }

  /// What `key` resolves through: its base translation and compiled message (either may be
  /// missing); `nil` when the datafile has neither. Falls back to `String` equality for keys not
  /// found by bytes, so results never differ from dictionary lookups.
  func entry(for key: String) -> (translation: String?, message: Message?)? {
    if let position = index.position(of: key) { return entry(at: position) }
    let message = messageSlotsByKey[key].map { messages[Int($0)] }
    let translation = message?.translation ?? content.translations[key]
    if message == nil && translation == nil { return nil }
    return (translation, message)
  }

  @inline(__always)
  func entry(at position: Int) -> (translation: String?, message: Message?) {
    let slot = messageSlots[position]
    if slot < 0 { return (plainTexts[position], nil) }
    let message = messages[Int(slot)]
    return (message.translation, message)
  }
}
