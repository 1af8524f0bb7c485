import Messagevisor

extension ReviewPlan {
  /// The preview file's `kind`.
  public static let kind = "messagevisor-review-preview"

  /// The preview as JSON (sorted keys): `{kind, version, locale, status, message, set,
  /// sourceLocale, checksum, files, changes, skipped}`; a change has `messageKey`,
  /// `overrideKey`, `overrideIndex`, `locale`, `from`, `to`, `filePath`, `line`, `column`.
  public func json(pretty: Bool = true) -> String {
    var object: [String: MessagevisorValue] = [
      "kind": .string(Self.kind), "version": .int(1), "locale": .string(locale),
      "status": .string(status.rawValue), "sourceLocale": .string(sourceLocale),
      "checksum": .string(checksum), "files": .object(files.mapValues(MessagevisorValue.string)),
      "changes": .array(
        changes.map { change in
          var item: [String: MessagevisorValue] = [
            "messageKey": .string(change.messageKey), "locale": .string(change.locale),
            "from": .string(change.from), "to": .string(change.to.rawValue),
            "filePath": .string(change.location.file), "line": .int(change.location.line),
            "column": .int(change.location.column),
          ]
          if let key = change.overrideKey { item["overrideKey"] = .string(key) }
          if let index = change.overrideIndex { item["overrideIndex"] = .int(index) }
          if let set = change.set { item["set"] = .string(set) }
          return .object(item)
        }),
      "skipped": .array(skipped.map(MessagevisorValue.string)),
    ]
    if let messagePattern { object["message"] = .string(messagePattern) }
    if let set { object["set"] = .string(set) }
    return JSONText.encode(.object(object), pretty: pretty)
  }

  /// What a preview file asks for: the parameters to derive the change again, and the checksum
  /// and files it was bound to.
  public struct Request: Sendable, Equatable {
    /// The locale.
    public var locale: String
    /// The status.
    public var status: TranslationReviewState.Status
    /// The message glob.
    public var messagePattern: String?
    /// The set.
    public var set: String?
    /// The checksum the preview recorded.
    public var checksum: String
    /// The files and digests the preview recorded.
    public var files: [String: String]
    /// How many changes the preview listed.
    public var changeCount: Int
  }

  /// Reads a preview file written by ``json(pretty:)``.
  /// - Throws: ``ReviewError/invalidPreview(file:line:column:reason:)`` naming the line and
  ///   column of what is wrong.
  public static func request(from bytes: [UInt8], file: String) throws(ReviewError) -> Request {
    let root: YAMLNode
    do {
      root = try YAMLParser().parse(bytes, file: file)
    } catch {
      throw .invalidPreview(
        file: file, line: error.line, column: error.column,
        reason: "not a review preview (\(error.message))")
    }
    func fail(_ node: YAMLNode, _ reason: String) -> ReviewError {
      .invalidPreview(file: file, line: node.line, column: node.column, reason: reason)
    }
    guard root.entries != nil, root["kind"]?.string == kind else {
      throw fail(
        root,
        "not a review preview (expected \"kind\": \"\(kind)\"; write one with review --output)")
    }
    func text(_ key: String) throws(ReviewError) -> String {
      guard let value = root[key]?.string else {
        throw fail(root, "\"\(key)\" is missing or not a text")
      }
      return value
    }
    let statusText = try text("status")
    guard let status = TranslationReviewState.Status(rawValue: statusText) else {
      throw fail(root["status"] ?? root, "\"status\" should be draft, translated or reviewed")
    }
    var files: [String: String] = [:]
    guard let entries = root["files"]?.entries else {
      throw fail(root, "\"files\" is missing or not an object")
    }
    for entry in entries {
      guard let digest = entry.value.string else {
        throw fail(entry.value, "files.\(entry.key) should be a SHA-256 text")
      }
      files[entry.key] = digest
    }
    return Request(
      locale: try text("locale"), status: status, messagePattern: root["message"]?.string,
      set: root["set"]?.string, checksum: try text("checksum"), files: files,
      changeCount: root["changes"]?.items?.count ?? 0)
  }
}
