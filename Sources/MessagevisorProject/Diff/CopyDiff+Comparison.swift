import Messagevisor

extension CopyDiff {
  /// One comparison of two loaded versions of a project (or of one set).
  struct Comparison {
    let old: Project?
    let new: Project?
    let set: String?
    let options: Options
    var changes: [CopyChange] = []

    init(old: Project?, new: Project?, set: String?, options: Options) {
      self.old = old
      self.new = new
      self.set = set
      self.options = options
    }

    /// The locales translations are compared in (`--locale`, else every locale either side has
    /// and every locale a translation names).
    func locales(_ oldTexts: LocaleTable<String>, _ newTexts: LocaleTable<String>) -> [String] {
      if let only = options.locale { return [only] }
      var all = Set(oldTexts.keys).union(newTexts.keys)
      if options.resolved {
        if let old { all.formUnion(old.locales.keys) }
        if let new { all.formUnion(new.locales.keys) }
      }
      return all.sorted()
    }

    mutating func run() {
      let oldMessages = old?.messages ?? [:]
      let newMessages = new?.messages ?? [:]
      for key in Set(oldMessages.keys).union(newMessages.keys).sorted() {
        compareMessage(key, oldMessages[key], newMessages[key])
      }
      let oldSegments = old?.segments ?? [:]
      let newSegments = new?.segments ?? [:]
      for key in Set(oldSegments.keys).union(newSegments.keys).sorted() {
        let before = oldSegments[key]
        let after = newSegments[key]
        var change = CopyChange(
          kind: .segmentChanged, set: set, segmentKey: key,
          before: before.map { JSONText.encode($0.conditions) },
          after: after.map { JSONText.encode($0.conditions) },
          beforeLocation: before?.location, afterLocation: after?.location)
        switch (before, after) {
        case (nil, .some): change.kind = .segmentAdded
        case (.some, nil): change.kind = .segmentRemoved
        case (.some(let before), .some(let after)):
          guard before.conditions != after.conditions || before.archived != after.archived
          else { continue }
        case (nil, nil): continue
        }
        changes.append(change)
      }
    }

    mutating func compareMessage(_ key: String, _ before: ProjectMessage?, _ after: ProjectMessage?)
    {
      if before == nil, let after {
        changes.append(
          CopyChange(kind: .messageAdded, set: set, messageKey: key, afterLocation: after.location))
      }
      if after == nil, let before {
        changes.append(
          CopyChange(
            kind: .messageRemoved, set: set, messageKey: key, beforeLocation: before.location))
      }
      compareTranslations(
        key, override: nil, before.map(\.translations) ?? [:], after.map(\.translations) ?? [:],
        before?.translationLocations ?? [:], after?.translationLocations ?? [:],
        oldOverride: nil, newOverride: nil)
      compareStates(
        key, override: nil, before?.translationStates, after?.translationStates, before, after)
      let oldOverrides = before?.overrides ?? []
      let newOverrides = after?.overrides ?? []
      let oldKeys = oldOverrides.map(\.key)
      let newKeys = newOverrides.map(\.key)
      for override in newOverrides where !oldKeys.contains(override.key) {
        changes.append(
          CopyChange(
            kind: .overrideAdded, set: set, messageKey: key, overrideKey: override.key,
            after: Self.routing(override), afterLocation: override.location))
      }
      for override in oldOverrides where !newKeys.contains(override.key) {
        changes.append(
          CopyChange(
            kind: .overrideRemoved, set: set, messageKey: key, overrideKey: override.key,
            before: Self.routing(override), beforeLocation: override.location))
      }
      let commonOld = oldKeys.filter(newKeys.contains)
      let commonNew = newKeys.filter(oldKeys.contains)
      if commonOld != commonNew {
        changes.append(
          CopyChange(
            kind: .overridesReordered, set: set, messageKey: key,
            before: commonOld.joined(separator: ", "), after: commonNew.joined(separator: ", "),
            beforeLocation: before?.overrides.first?.location,
            afterLocation: after?.overrides.first?.location))
      }
      for override in newKeys {
        let oldOverride = oldOverrides.first { $0.key == override }
        let newOverride = newOverrides.first { $0.key == override }
        guard let newOverride else { continue }
        guard let oldOverride else { continue }
        let expressions:
          [(
            CopyChange.Kind, MessagevisorValue?, MessagevisorValue?, SourceLocation?,
            SourceLocation?
          )] = [
            (
              .conditionsChanged, oldOverride.conditions, newOverride.conditions,
              oldOverride.conditionsLocation, newOverride.conditionsLocation
            ),
            (.segmentsChanged, oldOverride.segments, newOverride.segments, nil, nil),
          ]
        for (kind, before, after, beforeLocation, afterLocation) in expressions
        where before != after {
          changes.append(
            CopyChange(
              kind: kind, set: set, messageKey: key, overrideKey: override,
              before: before.map { JSONText.encode($0) }, after: after.map { JSONText.encode($0) },
              beforeLocation: beforeLocation ?? oldOverride.location,
              afterLocation: afterLocation ?? newOverride.location))
        }
      }
      // Translations of overrides on either side, in the newer order then the removed ones.
      for override in newKeys + oldKeys.filter({ !newKeys.contains($0) }) {
        let oldOverride = oldOverrides.first { $0.key == override }
        let newOverride = newOverrides.first { $0.key == override }
        compareTranslations(
          key, override: override, oldOverride?.translations ?? [:],
          newOverride?.translations ?? [:], oldOverride?.translationLocations ?? [:],
          newOverride?.translationLocations ?? [:], oldOverride: oldOverride,
          newOverride: newOverride)
        compareStates(
          key, override: override, oldOverride?.translationStates,
          newOverride?.translationStates, before, after)
      }
    }

    /// `conditions` and `segments` of an override as one line of JSON.
    static func routing(_ override: ProjectOverride) -> String {
      var object: [String: MessagevisorValue] = [:]
      if let conditions = override.conditions { object["conditions"] = conditions }
      if let segments = override.segments { object["segments"] = segments }
      return JSONText.encode(.object(object))
    }

    /// The text for `locale` of one side: as written, or (resolved) the first translation along
    /// the side's inheritance chain, with the locale it comes from.
    func effective(
      _ texts: LocaleTable<String>, locale: String, in project: Project?
    ) -> (text: String, locale: String)? {
      guard options.resolved, let project else {
        return texts[locale].map { ($0, locale) }
      }
      let chain = (try? LocaleChain.translations(for: locale, in: project)) ?? [locale]
      for key in chain { if let text = texts[key] { return (text, key) } }
      return nil
    }

    mutating func compareTranslations(
      _ key: String, override: String?, _ oldTexts: LocaleTable<String>,
      _ newTexts: LocaleTable<String>, _ oldLocations: LocaleTable<SourceLocation>,
      _ newLocations: LocaleTable<SourceLocation>, oldOverride: ProjectOverride?,
      newOverride: ProjectOverride?
    ) {
      for locale in locales(oldTexts, newTexts) {
        let before = effective(oldTexts, locale: locale, in: old)
        let after = effective(newTexts, locale: locale, in: new)
        let kind: CopyChange.Kind
        switch (before, after) {
        case (nil, nil): continue
        case (nil, .some): kind = .added
        case (.some, nil): kind = .removed
        case (.some(let before), .some(let after)):
          guard before.text != after.text else { continue }
          kind = .modified
        }
        var change = CopyChange(
          kind: kind, set: set, messageKey: key, overrideKey: override, locale: locale,
          before: before?.text, after: after?.text,
          beforeLocation: before.flatMap { oldLocations[$0.locale] },
          afterLocation: after.flatMap { newLocations[$0.locale] })
        if options.resolved {
          change.beforeSourceLocale = before?.locale
          change.afterSourceLocale = after?.locale
        }
        changes.append(change)
      }
    }

    /// The `status` of each locale in a `translationStates` value.
    static func statuses(_ value: MessagevisorValue?) -> [String: String] {
      var result: [String: String] = [:]
      for (locale, state) in value?.objectValue ?? [:] {
        if let status = state.objectValue?["status"]?.stringValue { result[locale] = status }
      }
      return result
    }

    mutating func compareStates(
      _ key: String, override: String?, _ oldValue: MessagevisorValue?,
      _ newValue: MessagevisorValue?, _ oldMessage: ProjectMessage?, _ newMessage: ProjectMessage?
    ) {
      let before = Self.statuses(oldValue)
      let after = Self.statuses(newValue)
      for locale in Set(before.keys).union(after.keys).sorted() {
        if let only = options.locale, only != locale { continue }
        guard before[locale] != after[locale] else { continue }
        changes.append(
          CopyChange(
            kind: .stateChanged, set: set, messageKey: key, overrideKey: override, locale: locale,
            before: before[locale], after: after[locale],
            beforeLocation: before[locale] == nil ? nil : oldMessage?.location,
            afterLocation: after[locale] == nil ? nil : newMessage?.location))
      }
    }
  }
}
