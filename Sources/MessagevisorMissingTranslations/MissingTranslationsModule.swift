import Foundation
import Messagevisor

/// Creates the missing-translations observer module (spec §4.3): it subscribes at level `error`
/// to `missing_translation` diagnostics (not `missing_datafile`) and calls the handler with the
/// key, locale, datafile revision and source, optionally once per distinct tuple. Closing the
/// module unsubscribes.
public func createMissingTranslationsModule(_ options: MissingTranslationsOptions)
  -> MessagevisorModule
{
  let state = MissingTranslationsState()
  return MessagevisorModule(
    name: options.name,
    setup: { api in
      let unsubscribe = api.onDiagnostic(
        { diagnostic in
          guard diagnostic.code == "missing_translation",
            let key = diagnostic.details["messageKey"]?.stringValue
          else { return }
          let locale = diagnostic.details["locale"]?.stringValue
          let source = MessagevisorTranslationSource(
            rawValue: diagnostic.details["source"]?.stringValue ?? "translation")
          let revision = locale.flatMap { api.getRevision(locale: $0) }
          if options.dedupe,
            !state.firstSighting(MissingTranslationsState.Key(key, locale, revision, source))
          {
            return
          }
          options.handler(
            MissingTranslationPayload(
              messageKey: key, locale: locale, revision: revision, source: source,
              diagnostic: diagnostic))
        }, MessagevisorModuleDiagnosticOptions(logLevel: .error))
      state.setUnsubscribe(unsubscribe)
    },
    close: { state.close() })
}

/// Dedupe memory and the subscription of one module instance.
final class MissingTranslationsState: @unchecked Sendable {
  struct Key: Hashable {
    var messageKey: String
    var locale: String?
    var revision: String?
    var source: MessagevisorTranslationSource?
    init(
      _ messageKey: String, _ locale: String?, _ revision: String?,
      _ source: MessagevisorTranslationSource?
    ) {
      self.messageKey = messageKey
      self.locale = locale
      self.revision = revision
      self.source = source
    }
  }

  private let lock = NSLock()
  private var seen = Set<Key>()
  private var unsubscribe: (@Sendable () -> Void)?

  /// Whether `key` is new (and records it).
  func firstSighting(_ key: Key) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return seen.insert(key).inserted
  }

  func setUnsubscribe(_ unsubscribe: @escaping @Sendable () -> Void) {
    lock.lock()
    self.unsubscribe = unsubscribe
    lock.unlock()
  }

  func close() {
    lock.lock()
    let unsubscribe = self.unsubscribe
    self.unsubscribe = nil
    seen.removeAll()
    lock.unlock()
    unsubscribe?()
  }
}
